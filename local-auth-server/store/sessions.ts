import type { DatabaseSync } from 'node:sqlite';
import { optionalText, text, type Row } from './database.ts';

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

function toSession(row: Row): SessionRecord {
  return {
    id: text(row, 'id'),
    userId: text(row, 'user_id'),
    factorId: optionalText(row, 'factor_id'),
    aal: text(row, 'aal') === 'aal2' ? 'aal2' : 'aal1',
    createdAt: text(row, 'created_at'),
    updatedAt: text(row, 'updated_at'),
    refreshedAt: optionalText(row, 'refreshed_at'),
  };
}

function toRefreshToken(row: Row): RefreshTokenRecord {
  return {
    id: Number(row.id),
    token: text(row, 'token'),
    userId: text(row, 'user_id'),
    sessionId: text(row, 'session_id'),
    parent: optionalText(row, 'parent'),
    revoked: Number(row.revoked) === 1,
    createdAt: text(row, 'created_at'),
    updatedAt: text(row, 'updated_at'),
  };
}

/** Reads and writes sessions, their authentication methods and their refresh tokens. */
export class SessionStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inserts a new aal1 session. */
  create(id: string, userId: string, now: string): void {
    this.#db
      .prepare(
        "INSERT INTO sessions (id, user_id, aal, created_at, updated_at) VALUES (?, ?, 'aal1', ?, ?)",
      )
      .run(id, userId, now, now);
  }

  /** The session with this id, if it still exists. */
  find(id: string): SessionRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM sessions WHERE id = ?').get(id);
    return row ? toSession(row) : undefined;
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
    return this.#db
      .prepare('SELECT * FROM sessions WHERE factor_id = ?')
      .all(factorId)
      .map(toSession);
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
    const result = this.#db
      .prepare(
        'INSERT INTO refresh_tokens (token, user_id, session_id, parent, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(token, userId, sessionId, parent, now, now);
    return {
      id: Number(result.lastInsertRowid),
      token,
      userId,
      sessionId,
      parent,
      revoked: false,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** The refresh token with this value, if it still exists. */
  findRefreshToken(token: string): RefreshTokenRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM refresh_tokens WHERE token = ?').get(token);
    return row ? toRefreshToken(row) : undefined;
  }

  /** The newest unrevoked refresh token of a session. */
  activeRefreshToken(sessionId: string): RefreshTokenRecord | undefined {
    const row = this.#db
      .prepare(
        'SELECT * FROM refresh_tokens WHERE session_id = ? AND revoked = 0 ORDER BY id DESC LIMIT 1',
      )
      .get(sessionId);
    return row ? toRefreshToken(row) : undefined;
  }

  /** The session's newest refresh token, revoked or not. */
  latestRefreshToken(sessionId: string): RefreshTokenRecord | undefined {
    const row = this.#db
      .prepare('SELECT * FROM refresh_tokens WHERE session_id = ? ORDER BY id DESC LIMIT 1')
      .get(sessionId);
    return row ? toRefreshToken(row) : undefined;
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
