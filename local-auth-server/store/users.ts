import { column, toSql, Table, type Database, type Row } from './database.ts';
import { FACTORS, type FactorRecord } from './factors.ts';
import { SESSIONS, type SessionRecord } from './sessions.ts';

/** One row of `users`: the account, its password hash and its pending one-time tokens. */
export interface UserRecord {
  id: string;
  aud: string;
  role: string;
  email: string;
  encryptedPassword: string | null;
  emailConfirmedAt: string | null;
  /** When an invitation was mailed (GoTrue's invited_at); null for members who signed up. */
  invitedAt: string | null;
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

const USERS = new Table<UserRecord>('auth.users', {
  id: column.text('id'),
  aud: column.text('aud'),
  role: column.text('role'),
  email: column.text('email'),
  encryptedPassword: column.optionalText('encrypted_password'),
  emailConfirmedAt: column.optionalText('email_confirmed_at'),
  invitedAt: column.optionalText('invited_at'),
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

const IDENTITIES = new Table<IdentityRecord>('auth.identities', {
  id: column.text('id'),
  providerId: column.text('provider_id'),
  userId: column.text('user_id'),
  provider: column.text('provider'),
  identityData: column.json('identity_data'),
  lastSignInAt: column.optionalTime('last_sign_in_at'),
  createdAt: column.time('created_at'),
  updatedAt: column.time('updated_at'),
});

/** Which users GET /admin/users asks for. */
export interface UserPageQuery {
  aud: string;
  filter: string;
  ascending: boolean;
  limit: number;
  offset: number;
}

/** A user's identities and factors, oldest first: what the user JSON carries beside the user. */
export interface UserRelated {
  identities: IdentityRecord[];
  factors: FactorRecord[];
}

/** The identities and factors of the user `u` of a statement, as two JSON columns. */
const RELATED_COLUMNS = `(SELECT coalesce(json_agg(i ORDER BY i.created_at, i.id), '[]') FROM auth.identities i WHERE i.user_id = u.id) AS related_identities,
         (SELECT coalesce(json_agg(f ORDER BY f.created_at, f.id), '[]') FROM auth.mfa_factors f WHERE f.user_id = u.id) AS related_factors`;

function readRelated(row: Row): UserRelated {
  const list = (value: unknown) => (Array.isArray(value) ? (value as Row[]) : []);
  return {
    identities: list(row.related_identities).map((each) => IDENTITIES.read(each)),
    factors: list(row.related_factors).map((each) => FACTORS.read(each)),
  };
}

/** Reads and writes users and their identities. */
export class UserStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Inserts a new user row. */
  async insert(user: Omit<UserRecord, 'invitedAt'> & Partial<Pick<UserRecord, 'invitedAt'>>) {
    await USERS.insert(this.#db, user);
  }

  /** Writes the given fields (and updated_at) and returns the updated user. */
  async update(
    id: string,
    changes: Partial<Omit<UserRecord, 'id'>>,
    now: string,
  ): Promise<UserRecord> {
    const entries = Object.entries({ ...changes, updatedAt: now }) as [
      keyof UserRecord,
      UserRecord[keyof UserRecord],
    ][];
    const user = await USERS.one(
      this.#db,
      `UPDATE auth.users SET ${entries.map(([k], i) => `${USERS.columns[k].name} = $${i + 1}`).join(', ')} WHERE id = $${entries.length + 1} RETURNING *`,
      ...entries.map(([, v]) => toSql(v)),
      id,
    );
    if (!user) throw new Error(`user ${id} vanished during an update`);
    return user;
  }

  /** The user with this id, if any. */
  findById(id: string): Promise<UserRecord | undefined> {
    return USERS.one(this.#db, 'SELECT * FROM auth.users WHERE id = $1', id);
  }

  /**
   * The user with this id and, when `sessionId` names one of theirs, that session: what every
   * authenticated request needs, in one round trip (src: auth.ts's requireAuthentication). With
   * `related`, their identities and factors too, in the same statement, for a route that answers
   * with the user (GET /user): one round trip where it took two.
   */
  async findWithSession(
    id: string,
    sessionId: string | null,
    { related = false }: { related?: boolean } = {},
  ): Promise<
    { user: UserRecord; session: SessionRecord | undefined; related?: UserRelated } | undefined
  > {
    const result = await this.#db.query(
      `SELECT u.*, ${SESSIONS.selectPrefixed('s', 'session_')}${related ? `, ${RELATED_COLUMNS}` : ''}
         FROM auth.users u
         LEFT JOIN auth.sessions s ON s.id = $2::uuid AND s.user_id = u.id
        WHERE u.id = $1`,
      [id, sessionId],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      user: USERS.read(row),
      session: SESSIONS.fromJoined(row, 'session_', 'id'),
      ...(related ? { related: readRelated(row) } : {}),
    };
  }

  /** The user with this (lower-cased) address, if any. */
  findByEmail(email: string): Promise<UserRecord | undefined> {
    return USERS.one(this.#db, 'SELECT * FROM auth.users WHERE email = $1', email);
  }

  /** The user a one-time token hash was issued to, looked up in the given token column. */
  findByToken(
    kind: 'confirmation' | 'recovery' | 'email_change',
    tokenHash: string,
  ): Promise<UserRecord | undefined> {
    const where =
      kind === 'email_change'
        ? 'email_change_token_new = $1 OR email_change_token_current = $1'
        : `${kind}_token = $1`;
    return USERS.one(this.#db, `SELECT * FROM auth.users WHERE ${where}`, tokenHash);
  }

  /**
   * GoTrue's FindUserForEmailChange: the user whose pending change carries this token hash,
   * sent either to the current address or to the new one.
   */
  findForEmailChange(email: string, tokenHash: string): Promise<UserRecord | undefined> {
    return USERS.one(
      this.#db,
      `SELECT * FROM auth.users
         WHERE (email = $1 AND email_change_token_current IN ($2, 'pkce_' || $2))
            OR (email_change = $1 AND email_change_token_new IN ($2, 'pkce_' || $2))
         ORDER BY email = $1 DESC LIMIT 1`,
      email,
      tokenHash,
    );
  }

  /**
   * The user's identities and factors, oldest first, in one round trip: what the user JSON of
   * every answer about a user carries (user-json.ts).
   */
  async identitiesAndFactors(userId: string): Promise<UserRelated> {
    const result = await this.#db.query(
      `SELECT ${RELATED_COLUMNS} FROM (SELECT $1::uuid AS id) u`,
      [userId],
    );
    return readRelated(result.rows[0] ?? {});
  }

  /** Inserts a new identity row. */
  async insertIdentity(identity: IdentityRecord): Promise<void> {
    await IDENTITIES.insert(this.#db, identity);
  }

  /** The user's identities, oldest first. */
  identities(userId: string): Promise<IdentityRecord[]> {
    return IDENTITIES.all(
      this.#db,
      'SELECT * FROM auth.identities WHERE user_id = $1 ORDER BY created_at, id',
      userId,
    );
  }

  /**
   * Deletes a user; identities, sessions, refresh tokens, factors and flow states go with it, as
   * do the rows of every public table that references auth.users(id) on delete cascade.
   */
  async delete(id: string): Promise<void> {
    await this.#db.query('DELETE FROM auth.users WHERE id = $1', [id]);
  }

  /**
   * One page of the users of an audience, by creation time, and how many there are in all.
   * `filter` matches part of the address or of user_metadata.full_name, as GoTrue's does.
   */
  async page(query: UserPageQuery): Promise<{ users: UserRecord[]; total: number }> {
    const where = query.filter
      ? "aud = $1 AND (email ILIKE $2 OR raw_user_meta_data ->> 'full_name' ILIKE $2)"
      : 'aud = $1';
    const params = query.filter ? [query.aud, `%${query.filter}%`] : [query.aud];
    const direction = query.ascending ? 'ASC' : 'DESC';
    const users = await USERS.all(
      this.#db,
      `SELECT * FROM auth.users WHERE ${where} ORDER BY created_at ${direction}, ordinal ${direction} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      ...params,
      query.limit,
      query.offset,
    );
    const counted = await this.#db.query(
      `SELECT COUNT(*) AS total FROM auth.users WHERE ${where}`,
      params,
    );
    return { users, total: Number(counted.rows[0]?.total) };
  }

  /** Replaces an identity's provider id and data (a soft-deleted user's are forgotten so). */
  async replaceIdentity(
    id: string,
    providerId: string,
    identityData: Record<string, unknown>,
    now: string,
  ): Promise<void> {
    await this.#db.query(
      'UPDATE auth.identities SET provider_id = $1, identity_data = $2, updated_at = $3 WHERE id = $4',
      [providerId, JSON.stringify(identityData), now, id],
    );
  }

  /** Merges keys into an identity's identity_data. */
  async mergeIdentityData(id: string, data: Record<string, unknown>, now: string): Promise<void> {
    await this.#db.query(
      'UPDATE auth.identities SET identity_data = identity_data || $1::jsonb, updated_at = $2 WHERE id = $3',
      [JSON.stringify(data), now, id],
    );
  }
}
