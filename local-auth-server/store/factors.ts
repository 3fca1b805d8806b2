import type { DatabaseSync } from 'node:sqlite';
import { optionalNumber, optionalText, text, type Row } from './database.ts';

/** One row of `mfa_factors`. */
export interface FactorRecord {
  id: string;
  userId: string;
  friendlyName: string;
  factorType: string;
  status: 'unverified' | 'verified';
  secret: string;
  createdAt: string;
  updatedAt: string;
  lastChallengedAt: string | null;
  /** The time step of the last TOTP code accepted, so no code is accepted twice. */
  lastTotpStep: number | null;
}

/** One row of `mfa_challenges`. */
export interface ChallengeRecord {
  id: string;
  factorId: string;
  ipAddress: string;
  createdAt: string;
  verifiedAt: string | null;
}

function toFactor(row: Row): FactorRecord {
  return {
    id: text(row, 'id'),
    userId: text(row, 'user_id'),
    friendlyName: text(row, 'friendly_name'),
    factorType: text(row, 'factor_type'),
    status: text(row, 'status') === 'verified' ? 'verified' : 'unverified',
    secret: text(row, 'secret'),
    createdAt: text(row, 'created_at'),
    updatedAt: text(row, 'updated_at'),
    lastChallengedAt: optionalText(row, 'last_challenged_at'),
    lastTotpStep: optionalNumber(row, 'last_totp_step'),
  };
}

function toChallenge(row: Row): ChallengeRecord {
  return {
    id: text(row, 'id'),
    factorId: text(row, 'factor_id'),
    ipAddress: text(row, 'ip_address'),
    createdAt: text(row, 'created_at'),
    verifiedAt: optionalText(row, 'verified_at'),
  };
}

/** Reads and writes MFA factors and their challenges. */
export class FactorStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inserts a new factor. */
  insert(factor: FactorRecord): void {
    this.#db
      .prepare(
        'INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at, last_challenged_at, last_totp_step) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        factor.id,
        factor.userId,
        factor.friendlyName,
        factor.factorType,
        factor.status,
        factor.secret,
        factor.createdAt,
        factor.updatedAt,
        factor.lastChallengedAt,
        factor.lastTotpStep,
      );
  }

  /** The user's factors, oldest first. */
  forUser(userId: string): FactorRecord[] {
    return this.#db
      .prepare('SELECT * FROM mfa_factors WHERE user_id = ? ORDER BY created_at')
      .all(userId)
      .map(toFactor);
  }

  /** The factor with this id, if any. */
  find(id: string): FactorRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM mfa_factors WHERE id = ?').get(id);
    return row ? toFactor(row) : undefined;
  }

  /** Deletes a factor and its challenges. */
  delete(id: string): void {
    this.#db.prepare('DELETE FROM mfa_factors WHERE id = ?').run(id);
  }

  /** Gives a factor a new friendly name. */
  rename(id: string, friendlyName: string, now: string): void {
    this.#db
      .prepare('UPDATE mfa_factors SET friendly_name = ?, updated_at = ? WHERE id = ?')
      .run(friendlyName, now, id);
  }

  /** Marks a factor verified. */
  markVerified(id: string, now: string): void {
    this.#db
      .prepare("UPDATE mfa_factors SET status = 'verified', updated_at = ? WHERE id = ?")
      .run(now, id);
  }

  /**
   * Records that a TOTP code of time step `step` was accepted, unless one of that step or a
   * later one already was: then false, and nothing changes. A single statement, so two requests
   * racing with one code cannot both be accepted (RFC 6238 §5.2: a code is good once).
   */
  acceptTotpStep(id: string, step: number): boolean {
    const result = this.#db
      .prepare(
        'UPDATE mfa_factors SET last_totp_step = ? WHERE id = ? AND (last_totp_step IS NULL OR last_totp_step < ?)',
      )
      .run(step, id, step);
    return Number(result.changes) === 1;
  }

  /** Deletes the user's other unverified factors of a type, once one of that type is verified. */
  deleteOtherUnverified(userId: string, factorType: string, keep: string): void {
    this.#db
      .prepare(
        "DELETE FROM mfa_factors WHERE user_id = ? AND factor_type = ? AND status = 'unverified' AND id <> ?",
      )
      .run(userId, factorType, keep);
  }

  /** Garbage-collects abandoned enrolments: unverified, never challenged, created before `cutoff`. */
  deleteAbandoned(cutoff: string): void {
    this.#db
      .prepare(
        "DELETE FROM mfa_factors WHERE status = 'unverified' AND created_at < ? AND NOT EXISTS (SELECT 1 FROM mfa_challenges WHERE factor_id = mfa_factors.id)",
      )
      .run(cutoff);
  }

  /** Records a new challenge and stamps the factor's last_challenged_at. */
  insertChallenge(challenge: ChallengeRecord): void {
    this.#db
      .prepare(
        'INSERT INTO mfa_challenges (id, factor_id, ip_address, created_at, verified_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        challenge.id,
        challenge.factorId,
        challenge.ipAddress,
        challenge.createdAt,
        challenge.verifiedAt,
      );
    this.#db
      .prepare('UPDATE mfa_factors SET last_challenged_at = ?, updated_at = ? WHERE id = ?')
      .run(challenge.createdAt, challenge.createdAt, challenge.factorId);
  }

  /** A challenge issued for this factor, if any. */
  findChallenge(factorId: string, id: string): ChallengeRecord | undefined {
    const row = this.#db
      .prepare('SELECT * FROM mfa_challenges WHERE factor_id = ? AND id = ?')
      .get(factorId, id);
    return row ? toChallenge(row) : undefined;
  }

  /** Marks a challenge as answered, so it cannot be answered twice. */
  markChallengeVerified(id: string, now: string): void {
    this.#db.prepare('UPDATE mfa_challenges SET verified_at = ? WHERE id = ?').run(now, id);
  }

  /** Deletes a challenge. */
  deleteChallenge(id: string): void {
    this.#db.prepare('DELETE FROM mfa_challenges WHERE id = ?').run(id);
  }
}
