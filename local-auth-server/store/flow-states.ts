import { column, Table, type Database } from './database.ts';

/** One row of `flow_state`: a pending PKCE exchange. */
export interface FlowStateRecord {
  id: string;
  userId: string;
  authCode: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  authenticationMethod: string;
  providerType: string;
  authCodeIssuedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const FLOW_STATES = new Table<FlowStateRecord>('auth.flow_state', {
  id: column.text('id'),
  userId: column.text('user_id'),
  authCode: column.text('auth_code'),
  codeChallenge: column.text('code_challenge'),
  codeChallengeMethod: column.text('code_challenge_method'),
  authenticationMethod: column.text('authentication_method'),
  providerType: column.text('provider_type'),
  authCodeIssuedAt: column.optionalText('auth_code_issued_at'),
  createdAt: column.text('created_at'),
  updatedAt: column.text('updated_at'),
});

/** Reads and writes PKCE flow states. */
export class FlowStateStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Inserts a new flow state. */
  async insert(flow: FlowStateRecord): Promise<void> {
    await FLOW_STATES.insert(this.#db, flow);
  }

  /** The flow state an auth code belongs to. */
  findByAuthCode(authCode: string): Promise<FlowStateRecord | undefined> {
    return FLOW_STATES.one(
      this.#db,
      'SELECT * FROM auth.flow_state WHERE auth_code = $1',
      authCode,
    );
  }

  /** The user's most recent flow state for an authentication method. */
  latestForUser(
    userId: string,
    authenticationMethod: string,
  ): Promise<FlowStateRecord | undefined> {
    return FLOW_STATES.one(
      this.#db,
      'SELECT * FROM auth.flow_state WHERE user_id = $1 AND authentication_method = $2 ORDER BY created_at DESC, ordinal DESC LIMIT 1',
      userId,
      authenticationMethod,
    );
  }

  /** Stamps the moment the auth code was handed to the browser. */
  async markIssued(id: string, now: string): Promise<void> {
    await this.#db.query(
      'UPDATE auth.flow_state SET auth_code_issued_at = $1, updated_at = $1 WHERE id = $2',
      [now, id],
    );
  }

  /**
   * Deletes a flow state once exchanged; false when it was already gone, so of two exchanges of
   * one code racing, only the first succeeds.
   */
  async delete(id: string): Promise<boolean> {
    const result = await this.#db.query('DELETE FROM auth.flow_state WHERE id = $1', [id]);
    return result.rowCount === 1;
  }
}
