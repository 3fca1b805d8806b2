import type { DatabaseSync } from 'node:sqlite';
import { jsonObject, optionalText, text, type Row } from './database.ts';

/** One row of `users`: the account, its password hash and its pending one-time tokens. */
export interface UserRecord {
  id: string;
  aud: string;
  role: string;
  email: string;
  encryptedPassword: string | null;
  emailConfirmedAt: string | null;
  confirmationToken: string;
  confirmationSentAt: string | null;
  recoveryToken: string;
  recoverySentAt: string | null;
  emailChange: string;
  emailChangeTokenNew: string;
  emailChangeTokenCurrent: string;
  emailChangeConfirmStatus: number;
  emailChangeSentAt: string | null;
  reauthenticationToken: string;
  reauthenticationSentAt: string | null;
  lastSignInAt: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** One row of `identities`: how a user signs in with one provider (only `email` here). */
export interface IdentityRecord {
  id: string;
  providerId: string;
  userId: string;
  provider: string;
  identityData: Record<string, unknown>;
  lastSignInAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const USER_COLUMNS: Record<keyof UserRecord, string> = {
  id: 'id',
  aud: 'aud',
  role: 'role',
  email: 'email',
  encryptedPassword: 'encrypted_password',
  emailConfirmedAt: 'email_confirmed_at',
  confirmationToken: 'confirmation_token',
  confirmationSentAt: 'confirmation_sent_at',
  recoveryToken: 'recovery_token',
  recoverySentAt: 'recovery_sent_at',
  emailChange: 'email_change',
  emailChangeTokenNew: 'email_change_token_new',
  emailChangeTokenCurrent: 'email_change_token_current',
  emailChangeConfirmStatus: 'email_change_confirm_status',
  emailChangeSentAt: 'email_change_sent_at',
  reauthenticationToken: 'reauthentication_token',
  reauthenticationSentAt: 'reauthentication_sent_at',
  lastSignInAt: 'last_sign_in_at',
  appMetadata: 'raw_app_meta_data',
  userMetadata: 'raw_user_meta_data',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** Which users GET /admin/users asks for. */
export interface UserPageQuery {
  aud: string;
  filter: string;
  ascending: boolean;
  limit: number;
  offset: number;
}

type SqlValue = string | number | null;

function toSql(value: UserRecord[keyof UserRecord]): SqlValue {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}

function toUser(row: Row): UserRecord {
  return {
    id: text(row, 'id'),
    aud: text(row, 'aud'),
    role: text(row, 'role'),
    email: text(row, 'email'),
    encryptedPassword: optionalText(row, 'encrypted_password'),
    emailConfirmedAt: optionalText(row, 'email_confirmed_at'),
    confirmationToken: text(row, 'confirmation_token'),
    confirmationSentAt: optionalText(row, 'confirmation_sent_at'),
    recoveryToken: text(row, 'recovery_token'),
    recoverySentAt: optionalText(row, 'recovery_sent_at'),
    emailChange: text(row, 'email_change'),
    emailChangeTokenNew: text(row, 'email_change_token_new'),
    emailChangeTokenCurrent: text(row, 'email_change_token_current'),
    emailChangeConfirmStatus: Number(row.email_change_confirm_status),
    emailChangeSentAt: optionalText(row, 'email_change_sent_at'),
    reauthenticationToken: text(row, 'reauthentication_token'),
    reauthenticationSentAt: optionalText(row, 'reauthentication_sent_at'),
    lastSignInAt: optionalText(row, 'last_sign_in_at'),
    appMetadata: jsonObject(row, 'raw_app_meta_data'),
    userMetadata: jsonObject(row, 'raw_user_meta_data'),
    createdAt: text(row, 'created_at'),
    updatedAt: text(row, 'updated_at'),
  };
}

function toIdentity(row: Row): IdentityRecord {
  return {
    id: text(row, 'id'),
    providerId: text(row, 'provider_id'),
    userId: text(row, 'user_id'),
    provider: text(row, 'provider'),
    identityData: jsonObject(row, 'identity_data'),
    lastSignInAt: optionalText(row, 'last_sign_in_at'),
    createdAt: text(row, 'created_at'),
    updatedAt: text(row, 'updated_at'),
  };
}

/** Reads and writes users and their identities. */
export class UserStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inserts a new user row. */
  insert(user: UserRecord): void {
    const keys = Object.keys(USER_COLUMNS) as (keyof UserRecord)[];
    this.#db
      .prepare(
        `INSERT INTO users (${keys.map((k) => USER_COLUMNS[k]).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
      )
      .run(...keys.map((k) => toSql(user[k])));
  }

  /** Writes the given fields (and updated_at) and returns the updated user. */
  update(id: string, changes: Partial<Omit<UserRecord, 'id'>>, now: string): UserRecord {
    const entries = Object.entries({ ...changes, updatedAt: now }) as [
      keyof UserRecord,
      UserRecord[keyof UserRecord],
    ][];
    this.#db
      .prepare(
        `UPDATE users SET ${entries.map(([k]) => `${USER_COLUMNS[k]} = ?`).join(', ')} WHERE id = ?`,
      )
      .run(...entries.map(([, v]) => toSql(v)), id);
    const user = this.findById(id);
    if (!user) throw new Error(`user ${id} vanished during an update`);
    return user;
  }

  /** The user with this id, if any. */
  findById(id: string): UserRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM users WHERE id = ?').get(id);
    return row ? toUser(row) : undefined;
  }

  /** The user with this (lower-cased) address, if any. */
  findByEmail(email: string): UserRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM users WHERE email = ?').get(email);
    return row ? toUser(row) : undefined;
  }

  /** The user a one-time token hash was issued to, looked up in the given token column. */
  findByToken(
    kind: 'confirmation' | 'recovery' | 'email_change',
    tokenHash: string,
  ): UserRecord | undefined {
    const where =
      kind === 'email_change'
        ? 'email_change_token_new = ?1 OR email_change_token_current = ?1'
        : `${kind}_token = ?1`;
    const row = this.#db.prepare(`SELECT * FROM users WHERE ${where}`).get(tokenHash);
    return row ? toUser(row) : undefined;
  }

  /**
   * GoTrue's FindUserForEmailChange: the user whose pending change carries this token hash,
   * sent either to the current address or to the new one.
   */
  findForEmailChange(email: string, tokenHash: string): UserRecord | undefined {
    const row = this.#db
      .prepare(
        `SELECT * FROM users
         WHERE (email = ?1 AND email_change_token_current IN (?2, 'pkce_' || ?2))
            OR (email_change = ?1 AND email_change_token_new IN (?2, 'pkce_' || ?2))
         ORDER BY email = ?1 DESC LIMIT 1`,
      )
      .get(email, tokenHash);
    return row ? toUser(row) : undefined;
  }

  /** Inserts a new identity row. */
  insertIdentity(identity: IdentityRecord): void {
    this.#db
      .prepare(
        'INSERT INTO identities (id, provider_id, user_id, provider, identity_data, last_sign_in_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        identity.id,
        identity.providerId,
        identity.userId,
        identity.provider,
        JSON.stringify(identity.identityData),
        identity.lastSignInAt,
        identity.createdAt,
        identity.updatedAt,
      );
  }

  /** The user's identities, oldest first. */
  identities(userId: string): IdentityRecord[] {
    return this.#db
      .prepare('SELECT * FROM identities WHERE user_id = ? ORDER BY created_at')
      .all(userId)
      .map(toIdentity);
  }

  /** Deletes a user; identities, sessions, refresh tokens, factors and flow states go with it. */
  delete(id: string): void {
    this.#db.prepare('DELETE FROM users WHERE id = ?').run(id);
  }

  /**
   * One page of the users of an audience, by creation time, and how many there are in all.
   * `filter` matches part of the address or of user_metadata.full_name, as GoTrue's does.
   */
  page(query: UserPageQuery): { users: UserRecord[]; total: number } {
    const where = query.filter
      ? "aud = ?1 AND (email LIKE ?2 OR json_extract(raw_user_meta_data, '$.full_name') LIKE ?2)"
      : 'aud = ?1';
    const params = query.filter ? [query.aud, `%${query.filter}%`] : [query.aud];
    const direction = query.ascending ? 'ASC' : 'DESC';
    const users = this.#db
      .prepare(
        `SELECT * FROM users WHERE ${where} ORDER BY created_at ${direction}, rowid ${direction} LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`,
      )
      .all(...params, query.limit, query.offset)
      .map(toUser);
    const total = Number(
      this.#db.prepare(`SELECT COUNT(*) AS total FROM users WHERE ${where}`).get(...params)?.total,
    );
    return { users, total };
  }

  /** Replaces an identity's provider id and data (a soft-deleted user's are forgotten so). */
  replaceIdentity(
    id: string,
    providerId: string,
    identityData: Record<string, unknown>,
    now: string,
  ): void {
    this.#db
      .prepare(
        'UPDATE identities SET provider_id = ?, identity_data = ?, updated_at = ? WHERE id = ?',
      )
      .run(providerId, JSON.stringify(identityData), now, id);
  }

  /** Merges keys into an identity's identity_data. */
  mergeIdentityData(id: string, data: Record<string, unknown>, now: string): void {
    const row = this.#db.prepare('SELECT identity_data FROM identities WHERE id = ?').get(id);
    if (!row) return;
    const merged = { ...jsonObject(row, 'identity_data'), ...data };
    this.#db
      .prepare('UPDATE identities SET identity_data = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(merged), now, id);
  }
}
