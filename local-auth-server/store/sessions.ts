import type { DatabaseSync } from 'node:sqlite';
import { column, text, Table } from './database.ts';

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

const SESSIONS = new Table<SessionRecord>('sessions', {
  id: column.text('id'),
  userId: column.text('user_id'),
  factorId: column.optionalText('factor_id'),
  aal: column.oneOf('aal', ['aal1', 'aal2']),
  createdAt: column.text('created_at'),
  updatedAt: column.text('updated_at'),
  refreshedAt: column.optionalText('refreshed_at'),
});

const REFRESH_TOKENS = new Table<RefreshTokenRecord>('refresh_tokens', {
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
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inserts a new aal1 session. */
  create(id: string, userId: string, now: string): void {
    const session = { id, userId, aal: 'aal1', createdAt: now, updatedAt: now } as const;
    SESSIONS.insert(this.#db, session);
  }

  /** The session with this id, if it still exists. */
  find(id: string): SessionRecord | undefined {
    return SESSIONS.one(this.#db, 'SELECT * FROM sessions WHERE id = ?', id);
  }

  /** Deletes one session (its tokens and claims go with it). */
  delete(id: string): void {
    this.#db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
  }

  /** Ends all but the user's `keep` newest sessions (their tokens and claims go with them). */
  keepNewest(userId: string, keep: number): void {
    this.#db
      .prepare(
        'DELETE FROM sessions WHERE user_id = ? AND id NOT IN (SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)',
      )
      .run(userId, userId, keep);
  }

  /** Deletes every session of a user, optionally sparing one. */
  deleteForUser(userId: string, except?: string): void {
    this.#db
      .prepare('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?')
      .run(userId, except ?? null);
  }

  /** Deletes the user's sessions that are still at aal1 (GoTrue's InvalidateSessionsWithAALLessThan). */
  deleteAal1ForUser(userId: string): void {
    this.#db.prepare("DELETE FROM sessions WHERE user_id = ? AND aal = 'aal1'").run(userId);
  }

  /** Records the assurance level a session reached and the factor that lifted it. */
  setAal(id: string, aal: 'aal1' | 'aal2', factorId: string | null, now: string): void {
    this.#db
      .prepare('UPDATE sessions SET aal = ?, factor_id = ?, updated_at = ? WHERE id = ?')
      .run(aal, factorId, now, id);
  }

  /** Sessions whose second factor was this one. */
  usingFactor(factorId: string): SessionRecord[] {
    return SESSIONS.all(this.#db, 'SELECT * FROM sessions WHERE factor_id = ?', factorId);
  }

  /** Notes a refresh on the session. */
  markRefreshed(id: string, now: string): void {
    this.#db
      .prepare('UPDATE sessions SET refreshed_at = ?, updated_at = ? WHERE id = ?')
      .run(now, now, id);
  }

  /** Adds an authentication method, or refreshes its time if the session already has it. */
  addClaim(sessionId: string, method: string, now: string): void {
    this.#db
      .prepare(
        `INSERT INTO mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
         VALUES (?, ?, ?, ?)
         ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = excluded.updated_at`,
      )
      .run(sessionId, method, now, now);
  }

  /** Removes an authentication method from a session. */
  removeClaim(sessionId: string, method: string): void {
    this.#db
      .prepare('DELETE FROM mfa_amr_claims WHERE session_id = ? AND authentication_method = ?')
      .run(sessionId, method);
  }

  /** The session's authentication methods. */
  claims(sessionId: string): AmrClaim[] {
    return this.#db
      .prepare('SELECT authentication_method, updated_at FROM mfa_amr_claims WHERE session_id = ?')
      .all(sessionId)
      .map((row) => ({ method: text(row, 'authentication_method'), at: text(row, 'updated_at') }));
  }

  /** Issues a refresh token on a session, as the child of `parent` when rotating. */
  createRefreshToken(
    token: string,
    userId: string,
    sessionId: string,
    parent: string | null,
    now: string,
  ): RefreshTokenRecord {
    const issued = { token, userId, sessionId, parent, createdAt: now, updatedAt: now };
    const result = REFRESH_TOKENS.insert(this.#db, issued);
    return { ...issued, id: Number(result.lastInsertRowid), revoked: false };
  }

  /** The refresh token with this value, if it still exists. */
  findRefreshToken(token: string): RefreshTokenRecord | undefined {
    return REFRESH_TOKENS.one(this.#db, 'SELECT * FROM refresh_tokens WHERE token = ?', token);
  }

  /** The newest unrevoked refresh token of a session. */
  activeRefreshToken(sessionId: string): RefreshTokenRecord | undefined {
    return REFRESH_TOKENS.one(
      this.#db,
      'SELECT * FROM refresh_tokens WHERE session_id = ? AND revoked = 0 ORDER BY id DESC LIMIT 1',
      sessionId,
    );
  }

  /** The session's newest refresh token, revoked or not. */
  latestRefreshToken(sessionId: string): RefreshTokenRecord | undefined {
    return REFRESH_TOKENS.one(
      this.#db,
      'SELECT * FROM refresh_tokens WHERE session_id = ? ORDER BY id DESC LIMIT 1',
      sessionId,
    );
  }

  /** Marks one refresh token as used. */
  revokeRefreshToken(id: number, now: string): void {
    this.#db
      .prepare('UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE id = ?')
      .run(now, id);
  }

  /** Revokes every live token of a session (GoTrue's RevokeTokenFamily). */
  revokeSessionTokens(sessionId: string, now: string): void {
    this.#db
      .prepare(
        'UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE session_id = ? AND revoked = 0',
      )
      .run(now, sessionId);
  }
}
