import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { hasExpired } from './clock.ts';
import { ApiError } from './errors.ts';
import type { FlowStateRecord } from './store/flow-states.ts';
import type { Store } from './store/index.ts';
import type { PkceParams } from './validation.ts';
import type { VerifyType } from './email-actions.ts';

/** GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION's default (and minimum). */
const FLOW_STATE_EXPIRY_MS = 300_000;

/** The authentication method (amr) a verify link of each type stands for in the PKCE flow. */
export const AUTHENTICATION_METHOD: Record<VerifyType, string> = {
  signup: 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

/** Records a PKCE flow for a user; the verify link will hand out its auth code. */
export async function createFlowState(
  store: Store,
  userId: string,
  authenticationMethod: string,
  providerType: string,
  pkce: PkceParams,
  now: string,
): Promise<void> {
  await store.flowStates.insert({
    id: randomUUID(),
    userId,
    authCode: randomUUID(),
    codeChallenge: pkce.challenge,
    codeChallengeMethod: pkce.method,
    authenticationMethod,
    providerType,
    authCodeIssuedAt: null,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * GoTrue's FlowState.IsExpired at `now` (ms): magic links count from code issue, everything
 * else from creation.
 */
export function isFlowStateExpired(flow: FlowStateRecord, now: number): boolean {
  const start =
    flow.authCodeIssuedAt !== null && flow.authenticationMethod === 'magiclink'
      ? flow.authCodeIssuedAt
      : flow.createdAt;
  return hasExpired(start, FLOW_STATE_EXPIRY_MS, now);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** GoTrue's VerifyPKCE: s256 compares base64url(sha256(verifier)), plain compares as-is. */
export function assertCodeVerifier(flow: FlowStateRecord, verifier: string): void {
  let matches: boolean;
  if (flow.codeChallengeMethod === 's256') {
    matches = sameText(
      flow.codeChallenge,
      createHash('sha256').update(verifier).digest('base64url'),
    );
  } else if (flow.codeChallengeMethod === 'plain') {
    matches = sameText(flow.codeChallenge, verifier);
  } else {
    throw new ApiError(400, 'bad_code_verifier', 'code challenge method not supported');
  }
  if (!matches) {
    throw new ApiError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
}
