import { column, Table, type Database } from './database.ts';

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

export const FACTORS = new Table<FactorRecord>('auth.mfa_factors', {
  id: column.text('id'),
  userId: column.text('user_id'),
  friendlyName: column.text('friendly_name'),
  factorType: column.text('factor_type'),
  status: column.oneOf('status', ['unverified', 'verified']),
  secret: column.text('secret'),
  createdAt: column.time('created_at'),
  updatedAt: column.time('updated_at'),
  lastChallengedAt: column.optionalTime('last_challenged_at'),
  lastTotpStep: column.optionalNumber('last_totp_step'),
});

const CHALLENGES = new Table<ChallengeRecord>('auth.mfa_challenges', {
  id: column.text('id'),
  factorId: column.text('factor_id'),
  ipAddress: column.text('ip_address'),
  createdAt: column.text('created_at'),
  verifiedAt: column.optionalText('verified_at'),
});

/** Reads and writes MFA factors and their challenges. */
export class FactorStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Inserts a new factor. */
  async insert(factor: FactorRecord): Promise<void> {
    await FACTORS.insert(this.#db, factor);
  }

  /** The user's factors, oldest first. */
  forUser(userId: string): Promise<FactorRecord[]> {
    return FACTORS.all(
      this.#db,
      'SELECT * FROM auth.mfa_factors WHERE user_id = $1 ORDER BY created_at, id',
      userId,
    );
  }

  /** The factor with this id, if any. */
  find(id: string): Promise<FactorRecord | undefined> {
    return FACTORS.one(this.#db, 'SELECT * FROM auth.mfa_factors WHERE id = $1', id);
  }

  /** Deletes a factor and its challenges. */
  async delete(id: string): Promise<void> {
    await this.#db.query('DELETE FROM auth.mfa_factors WHERE id = $1', [id]);
  }

  /** Gives a factor a new friendly name. */
  async rename(id: string, friendlyName: string, now: string): Promise<void> {
    await this.#db.query(
      'UPDATE auth.mfa_factors SET friendly_name = $1, updated_at = $2 WHERE id = $3',
      [friendlyName, now, id],
    );
  }

  /** Marks a factor verified. */
  async markVerified(id: string, now: string): Promise<void> {
    await this.#db.query(
      "UPDATE auth.mfa_factors SET status = 'verified', updated_at = $1 WHERE id = $2",
      [now, id],
    );
  }

  /**
   * Records that a TOTP code of time step `step` was accepted, unless one of that step or a
   * later one already was: then false, and nothing changes. A single statement, so two requests
   * racing with one code cannot both be accepted (RFC 6238 §5.2: a code is good once).
   */
  async acceptTotpStep(id: string, step: number): Promise<boolean> {
    const result = await this.#db.query(
      'UPDATE auth.mfa_factors SET last_totp_step = $1 WHERE id = $2 AND (last_totp_step IS NULL OR last_totp_step < $1)',
      [step, id],
    );
    return result.rowCount === 1;
  }

  /** Deletes the user's other unverified factors of a type, once one of that type is verified. */
  async deleteOtherUnverified(userId: string, factorType: string, keep: string): Promise<void> {
    await this.#db.query(
      "DELETE FROM auth.mfa_factors WHERE user_id = $1 AND factor_type = $2 AND status = 'unverified' AND id <> $3",
      [userId, factorType, keep],
    );
  }

  /** Garbage-collects abandoned enrolments: unverified, never challenged, created before `cutoff`. */
  async deleteAbandoned(cutoff: string): Promise<void> {
    await this.#db.query(
      "DELETE FROM auth.mfa_factors f WHERE status = 'unverified' AND created_at < $1 AND NOT EXISTS (SELECT 1 FROM auth.mfa_challenges c WHERE c.factor_id = f.id)",
      [cutoff],
    );
  }

  /** Records a new challenge and stamps the factor's last_challenged_at. */
  async insertChallenge(challenge: ChallengeRecord): Promise<void> {
    await CHALLENGES.insert(this.#db, challenge);
    await this.#db.query(
      'UPDATE auth.mfa_factors SET last_challenged_at = $1, updated_at = $1 WHERE id = $2',
      [challenge.createdAt, challenge.factorId],
    );
  }

  /** A challenge issued for this factor, if any. */
  findChallenge(factorId: string, id: string): Promise<ChallengeRecord | undefined> {
    return CHALLENGES.one(
      this.#db,
      'SELECT * FROM auth.mfa_challenges WHERE factor_id = $1 AND id = $2',
      factorId,
      id,
    );
  }

  /**
   * Marks a challenge as answered, so it cannot be answered twice: false when it already was
   * (two answers racing), and nothing changes.
   */
  async markChallengeVerified(id: string, now: string): Promise<boolean> {
    const result = await this.#db.query(
      'UPDATE auth.mfa_challenges SET verified_at = $1 WHERE id = $2 AND verified_at IS NULL',
      [now, id],
    );
    return result.rowCount === 1;
  }

  /** Deletes a challenge. */
  async deleteChallenge(id: string): Promise<void> {
    await this.#db.query('DELETE FROM auth.mfa_challenges WHERE id = $1', [id]);
  }
}
