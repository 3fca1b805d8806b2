import { column, Table, type Database } from './database.ts';

/** One row of `sessions`. */
export interface SessionRecord {
  id: string;
  userId: string;
  factorId: string | null;
  aal: 'aal1' | 'aal2';
  createdAt: string;
  updatedAt: string;
  refreshedAt: string | null;
}

/** One authentication method recorded on a session, and when it last happened. */
export interface AmrClaim {
  method: string;
  at: string;
}

/** One row of `refresh_tokens`; a session's tokens form a chain through `parent`. */
export interface RefreshTokenRecord {
  id: number;
  token: string;
  userId: string;
  sessionId: string;
  parent: string | null;
  revoked: boolean;
  createdAt: string;
  updatedAt: string;
}

export const SESSIONS = new Table<SessionRecord>('auth.sessions', {
  id: column.text('id'),
  userId: column.text('user_id'),
  factorId: column.optionalText('factor_id'),
  aal: column.oneOf('aal', ['aal1', 'aal2']),
  createdAt: column.text('created_at'),
  updatedAt: column.text('updated_at'),
  refreshedAt: column.optionalText('refreshed_at'),
});

const REFRESH_TOKENS = new Table<RefreshTokenRecord>('auth.refresh_tokens', {
  id: column.integer('id'),
  token: column.text('token'),
  userId: column.text('user_id'),
  sessionId: column.text('session_id'),
  parent: column.optionalText('parent'),
  revoked: column.flag('revoked'),
  createdAt: column.text('created_at'),
  updatedAt: column.text('updated_at'),
});

/** Reads and writes sessions, their authentication methods and their refresh tokens. */
export class SessionStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Inserts a new aal1 session. */
  async create(id: string, userId: string, now: string): Promise<void> {
    const session = { id, userId, aal: 'aal1', createdAt: now, updatedAt: now } as const;
    await SESSIONS.insert(this.#db, session);
  }

  /** The session with this id, if it still exists. */
  find(id: string): Promise<SessionRecord | undefined> {
    return SESSIONS.one(this.#db, 'SELECT * FROM auth.sessions WHERE id = $1', id);
  }

  /** Deletes one session (its tokens and claims go with it). */
  async delete(id: string): Promise<void> {
    await this.#db.query('DELETE FROM auth.sessions WHERE id = $1', [id]);
  }

  /** Ends all but the user's `keep` newest sessions (their tokens and claims go with them). */
  async keepNewest(userId: string, keep: number): Promise<void> {
    await this.#db.query(
      'DELETE FROM auth.sessions WHERE user_id = $1 AND id NOT IN (SELECT id FROM auth.sessions WHERE user_id = $1 ORDER BY created_at DESC, ordinal DESC LIMIT $2)',
      [userId, keep],
    );
  }

  /** Deletes every session of a user, optionally sparing one. */
  async deleteForUser(userId: string, except?: string): Promise<void> {
    await this.#db.query(
      'DELETE FROM auth.sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::uuid',
      [userId, except ?? null],
    );
  }

  /** Deletes the user's sessions that are still at aal1 (GoTrue's InvalidateSessionsWithAALLessThan). */
  async deleteAal1ForUser(userId: string): Promise<void> {
    await this.#db.query("DELETE FROM auth.sessions WHERE user_id = $1 AND aal = 'aal1'", [userId]);
  }

  /** Records the assurance level a session reached and the factor that lifted it. */
  async setAal(id: string, aal: 'aal1' | 'aal2', factorId: string | null, now: string) {
    await this.#db.query(
      'UPDATE auth.sessions SET aal = $1, factor_id = $2, updated_at = $3 WHERE id = $4',
      [aal, factorId, now, id],
    );
  }

  /** Sessions whose second factor was this one. */
  usingFactor(factorId: string): Promise<SessionRecord[]> {
    return SESSIONS.all(this.#db, 'SELECT * FROM auth.sessions WHERE factor_id = $1', factorId);
  }

  /** Notes a refresh on the session. */
  async markRefreshed(id: string, now: string): Promise<void> {
    await this.#db.query(
      'UPDATE auth.sessions SET refreshed_at = $1, updated_at = $1 WHERE id = $2',
      [now, id],
    );
  }

  /** Adds an authentication method, or refreshes its time if the session already has it. */
  async addClaim(sessionId: string, method: string, now: string): Promise<void> {
    await this.#db.query(
      `INSERT INTO auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
       VALUES ($1, $2, $3, $3)
       ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = excluded.updated_at`,
      [sessionId, method, now],
    );
  }

  /** Removes an authentication method from a session. */
  async removeClaim(sessionId: string, method: string): Promise<void> {
    await this.#db.query(
      'DELETE FROM auth.mfa_amr_claims WHERE session_id = $1 AND authentication_method = $2',
      [sessionId, method],
    );
  }

  /** The session's authentication methods. */
  async claims(sessionId: string): Promise<AmrClaim[]> {
    const result = await this.#db.query(
      'SELECT authentication_method, updated_at FROM auth.mfa_amr_claims WHERE session_id = $1 ORDER BY created_at, authentication_method',
      [sessionId],
    );
    return result.rows.map((row) => ({
      method: String(row.authentication_method),
      at: String(row.updated_at),
    }));
  }

  /** Issues a refresh token on a session, as the child of `parent` when rotating. */
  createRefreshToken(
    token: string,
    userId: string,
    sessionId: string,
    parent: string | null,
    now: string,
  ): Promise<RefreshTokenRecord> {
    const issued = { token, userId, sessionId, parent, createdAt: now, updatedAt: now };
    return REFRESH_TOKENS.insert(this.#db, issued);
  }

  /** The refresh token with this value, if it still exists. */
  findRefreshToken(token: string): Promise<RefreshTokenRecord | undefined> {
    return REFRESH_TOKENS.one(
      this.#db,
      'SELECT * FROM auth.refresh_tokens WHERE token = $1',
      token,
    );
  }

  /** The newest unrevoked refresh token of a session. */
  activeRefreshToken(sessionId: string): Promise<RefreshTokenRecord | undefined> {
    return REFRESH_TOKENS.one(
      this.#db,
      'SELECT * FROM auth.refresh_tokens WHERE session_id = $1 AND NOT revoked ORDER BY id DESC LIMIT 1',
      sessionId,
    );
  }

  /** The session's newest refresh token, revoked or not. */
  latestRefreshToken(sessionId: string): Promise<RefreshTokenRecord | undefined> {
    return REFRESH_TOKENS.one(
      this.#db,
      'SELECT * FROM auth.refresh_tokens WHERE session_id = $1 ORDER BY id DESC LIMIT 1',
      sessionId,
    );
  }

  /** Marks one refresh token as used. */
  async revokeRefreshToken(id: number, now: string): Promise<void> {
    await this.#db.query(
      'UPDATE auth.refresh_tokens SET revoked = true, updated_at = $1 WHERE id = $2',
      [now, id],
    );
  }

  /** Revokes every live token of a session (GoTrue's RevokeTokenFamily). */
  async revokeSessionTokens(sessionId: string, now: string): Promise<void> {
    await this.#db.query(
      'UPDATE auth.refresh_tokens SET revoked = true, updated_at = $1 WHERE session_id = $2 AND NOT revoked',
      [now, sessionId],
    );
  }
}
