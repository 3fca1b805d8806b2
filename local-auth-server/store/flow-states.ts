import type { DatabaseSync } from 'node:sqlite';
import { optionalText, text, type Row } from './database.ts';

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
}

function toFlowState(row: Row): FlowStateRecord {
  return {
    id: text(row, 'id'),
    userId: text(row, 'user_id'),
    authCode: text(row, 'auth_code'),
    codeChallenge: text(row, 'code_challenge'),
    codeChallengeMethod: text(row, 'code_challenge_method'),
    authenticationMethod: text(row, 'authentication_method'),
    providerType: text(row, 'provider_type'),
    authCodeIssuedAt: optionalText(row, 'auth_code_issued_at'),
    createdAt: text(row, 'created_at'),
  };
}

/** Reads and writes PKCE flow states. */
export class FlowStateStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inserts a new flow state. */
  insert(flow: FlowStateRecord): void {
    this.#db
      .prepare(
        'INSERT INTO flow_state (id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method, provider_type, auth_code_issued_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        flow.id,
        flow.userId,
        flow.authCode,
        flow.codeChallenge,
        flow.codeChallengeMethod,
        flow.authenticationMethod,
        flow.providerType,
        flow.authCodeIssuedAt,
        flow.createdAt,
        flow.createdAt,
      );
  }

  /** The flow state an auth code belongs to. */
  findByAuthCode(authCode: string): FlowStateRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM flow_state WHERE auth_code = ?').get(authCode);
    return row ? toFlowState(row) : undefined;
  }

  /** The user's most recent flow state for an authentication method. */
  latestForUser(userId: string, authenticationMethod: string): FlowStateRecord | undefined {
    const row = this.#db
      .prepare(
        'SELECT * FROM flow_state WHERE user_id = ? AND authentication_method = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
      )
      .get(userId, authenticationMethod);
    return row ? toFlowState(row) : undefined;
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
