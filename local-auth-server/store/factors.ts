import type { DatabaseSync } from 'node:sqlite';
import { column, Table } from './database.ts';

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

const FACTORS = new Table<FactorRecord>('mfa_factors', {
  id: column.text('id'),
  userId: column.text('user_id'),
  friendlyName: column.text('friendly_name'),
  factorType: column.text('factor_type'),
  status: column.oneOf('status', ['unverified', 'verified']),
  secret: column.text('secret'),
  createdAt: column.text('created_at'),
  updatedAt: column.text('updated_at'),
  lastChallengedAt: column.optionalText('last_challenged_at'),
  lastTotpStep: column.optionalNumber('last_totp_step'),
});

const CHALLENGES = new Table<ChallengeRecord>('mfa_challenges', {
  id: column.text('id'),
  factorId: column.text('factor_id'),
  ipAddress: column.text('ip_address'),
  createdAt: column.text('created_at'),
  verifiedAt: column.optionalText('verified_at'),
});

/** Reads and writes MFA factors and their challenges. */
export class FactorStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inserts a new factor. */
  insert(factor: FactorRecord): void {
    FACTORS.insert(this.#db, factor);
  }

  /** The user's factors, oldest first. */
  forUser(userId: string): FactorRecord[] {
    return FACTORS.all(
      this.#db,
      'SELECT * FROM mfa_factors WHERE user_id = ? ORDER BY created_at',
      userId,
    );
  }

  /** The factor with this id, if any. */
  find(id: string): FactorRecord | undefined {
    return FACTORS.one(this.#db, 'SELECT * FROM mfa_factors WHERE id = ?', id);
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
    CHALLENGES.insert(this.#db, challenge);
    this.#db
      .prepare('UPDATE mfa_factors SET last_challenged_at = ?, updated_at = ? WHERE id = ?')
      .run(challenge.createdAt, challenge.createdAt, challenge.factorId);
  }

  /** A challenge issued for this factor, if any. */
  findChallenge(factorId: string, id: string): ChallengeRecord | undefined {
    return CHALLENGES.one(
      this.#db,
      'SELECT * FROM mfa_challenges WHERE factor_id = ? AND id = ?',
      factorId,
      id,
    );
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
