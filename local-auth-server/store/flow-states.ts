import type { DatabaseSync } from 'node:sqlite';
import { column, Table } from './database.ts';

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

const FLOW_STATES = new Table<FlowStateRecord>('flow_state', {
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
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inserts a new flow state. */
  insert(flow: FlowStateRecord): void {
    FLOW_STATES.insert(this.#db, flow);
  }

  /** The flow state an auth code belongs to. */
  findByAuthCode(authCode: string): FlowStateRecord | undefined {
    return FLOW_STATES.one(this.#db, 'SELECT * FROM flow_state WHERE auth_code = ?', authCode);
  }

  /** The user's most recent flow state for an authentication method. */
  latestForUser(userId: string, authenticationMethod: string): FlowStateRecord | undefined {
    return FLOW_STATES.one(
      this.#db,
      'SELECT * FROM flow_state WHERE user_id = ? AND authentication_method = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
      userId,
      authenticationMethod,
    );
  }

  /** Stamps the moment the auth code was handed to the browser. */
  markIssued(id: string, now: string): void {
    this.#db
      .prepare('UPDATE flow_state SET auth_code_issued_at = ?, updated_at = ? WHERE id = ?')
      .run(now, now, id);
  }

  /** Deletes a flow state once exchanged. */
  delete(id: string): void {
    this.#db.prepare('DELETE FROM flow_state WHERE id = ?').run(id);
  }
}
