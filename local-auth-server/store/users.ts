import type { DatabaseSync } from 'node:sqlite';
import { column, jsonObject, toSql, Table } from './database.ts';

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

const USERS = new Table<UserRecord>('users', {
  id: column.text('id'),
  aud: column.text('aud'),
  role: column.text('role'),
  email: column.text('email'),
  encryptedPassword: column.optionalText('encrypted_password'),
  emailConfirmedAt: column.optionalText('email_confirmed_at'),
  confirmationToken: column.text('confirmation_token'),
  confirmationSentAt: column.optionalText('confirmation_sent_at'),
  recoveryToken: column.text('recovery_token'),
  recoverySentAt: column.optionalText('recovery_sent_at'),
  emailChange: column.text('email_change'),
  emailChangeTokenNew: column.text('email_change_token_new'),
  emailChangeTokenCurrent: column.text('email_change_token_current'),
  emailChangeConfirmStatus: column.integer('email_change_confirm_status'),
  emailChangeSentAt: column.optionalText('email_change_sent_at'),
  reauthenticationToken: column.text('reauthentication_token'),
  reauthenticationSentAt: column.optionalText('reauthentication_sent_at'),
  lastSignInAt: column.optionalText('last_sign_in_at'),
  appMetadata: column.json('raw_app_meta_data'),
  userMetadata: column.json('raw_user_meta_data'),
  createdAt: column.text('created_at'),
  updatedAt: column.text('updated_at'),
});

const IDENTITIES = new Table<IdentityRecord>('identities', {
  id: column.text('id'),
  providerId: column.text('provider_id'),
  userId: column.text('user_id'),
  provider: column.text('provider'),
  identityData: column.json('identity_data'),
  lastSignInAt: column.optionalText('last_sign_in_at'),
  createdAt: column.text('created_at'),
  updatedAt: column.text('updated_at'),
});

/** Which users GET /admin/users asks for. */
export interface UserPageQuery {
  aud: string;
  filter: string;
  ascending: boolean;
  limit: number;
  offset: number;
}

/** Reads and writes users and their identities. */
export class UserStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inserts a new user row. */
  insert(user: UserRecord): void {
    USERS.insert(this.#db, user);
  }

  /** Writes the given fields (and updated_at) and returns the updated user. */
  update(id: string, changes: Partial<Omit<UserRecord, 'id'>>, now: string): UserRecord {
    const entries = Object.entries({ ...changes, updatedAt: now }) as [
      keyof UserRecord,
      UserRecord[keyof UserRecord],
    ][];
    this.#db
      .prepare(
        `UPDATE users SET ${entries.map(([k]) => `${USERS.columns[k].name} = ?`).join(', ')} WHERE id = ?`,
      )
      .run(...entries.map(([, v]) => toSql(v)), id);
    const user = this.findById(id);
    if (!user) throw new Error(`user ${id} vanished during an update`);
    return user;
  }

  /** The user with this id, if any. */
  findById(id: string): UserRecord | undefined {
    return USERS.one(this.#db, 'SELECT * FROM users WHERE id = ?', id);
  }

  /** The user with this (lower-cased) address, if any. */
  findByEmail(email: string): UserRecord | undefined {
    return USERS.one(this.#db, 'SELECT * FROM users WHERE email = ?', email);
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
    return USERS.one(this.#db, `SELECT * FROM users WHERE ${where}`, tokenHash);
  }

  /**
   * GoTrue's FindUserForEmailChange: the user whose pending change carries this token hash,
   * sent either to the current address or to the new one.
   */
  findForEmailChange(email: string, tokenHash: string): UserRecord | undefined {
    return USERS.one(
      this.#db,
      `SELECT * FROM users
         WHERE (email = ?1 AND email_change_token_current IN (?2, 'pkce_' || ?2))
            OR (email_change = ?1 AND email_change_token_new IN (?2, 'pkce_' || ?2))
         ORDER BY email = ?1 DESC LIMIT 1`,
      email,
      tokenHash,
    );
  }

  /** Inserts a new identity row. */
  insertIdentity(identity: IdentityRecord): void {
    IDENTITIES.insert(this.#db, identity);
  }

  /** The user's identities, oldest first. */
  identities(userId: string): IdentityRecord[] {
    return IDENTITIES.all(
      this.#db,
      'SELECT * FROM identities WHERE user_id = ? ORDER BY created_at',
      userId,
    );
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
    const users = USERS.all(
      this.#db,
      `SELECT * FROM users WHERE ${where} ORDER BY created_at ${direction}, rowid ${direction} LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`,
      ...params,
      query.limit,
      query.offset,
    );
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
