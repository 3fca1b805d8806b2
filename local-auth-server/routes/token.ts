import { json, type AppContext, type ApiRequest, type Handler, type Reply } from '../api.ts';
import { hasExpired, isoTime } from '../clock.ts';
import { ApiError, OAuthError, validationFailed, WeakPasswordError } from '../errors.ts';
import { verifyPassword, verifyWithoutAccount } from '../passwords.ts';
import { requestRateLimited } from '../rate-limits.ts';
import { assertCodeVerifier, isFlowStateExpired } from '../pkce.ts';
import { decodeBody } from '../request-body.ts';
import {
  isWellFormedRefreshToken,
  newRefreshToken,
  startSession,
  tokenResponse,
} from '../session-tokens.ts';
import { checkPasswordStrength, phoneDisabled } from '../validation.ts';

const PASSWORD_PARAMS = {
  name: 'PasswordGrantParams',
  fields: { email: 'string', phone: 'string', password: 'string' },
} as const;

const REFRESH_PARAMS = {
  name: 'RefreshTokenGrantParams',
  fields: { refresh_token: 'string' },
} as const;

const PKCE_PARAMS = {
  name: 'PKCEGrantParams',
  fields: { auth_code: 'string', code_verifier: 'string' },
} as const;

const ID_TOKEN_PARAMS = {
  name: 'IdTokenGrantParams',
  fields: {
    id_token: 'string',
    access_token: 'string',
    nonce: 'string',
    provider: 'string',
    client_id: 'string',
    issuer: 'string',
  },
} as const;

function invalidCredentials(): ApiError {
  return new ApiError(400, 'invalid_credentials', 'Invalid login credentials');
}

async function passwordGrant(ctx: AppContext, req: ApiRequest): Promise<Reply> {
  const params = decodeBody(req.body, PASSWORD_PARAMS);
  const email = params.email ?? '';
  const phone = params.phone ?? '';
  const password = params.password ?? '';
  if (email !== '' && phone !== '') {
    throw validationFailed('Only an email address or phone number should be provided on login.');
  }
  if (email === '' && phone === '') throw validationFailed('missing email or phone');
  if (phone !== '') throw phoneDisabled('logins');

  const address = email.toLowerCase();
  // Guesses are bounded per account (OWASP ASVS 2.2.1) and per account and client address, so
  // a stranger's guesses never lock the owner out (FailedSignIns in rate-limits.ts).
  const failures = ctx.limiters?.failedSignIns;
  if (failures && !failures.attempt(address, req.ip)) throw requestRateLimited();
  const user = await ctx.store.users.findByEmail(address);
  // The password is checked before confirmation, so a wrong password never reveals an account,
  // and an unknown address costs the same hashing, so timing does not reveal one either.
  const matches = user?.encryptedPassword
    ? await verifyPassword(password, user.encryptedPassword)
    : await verifyWithoutAccount(password);
  if (!user || !matches) throw invalidCredentials();
  failures?.succeeded(address, req.ip);
  if (user.emailConfirmedAt === null) {
    throw new ApiError(400, 'email_not_confirmed', 'Email not confirmed');
  }
  let weakPassword: Record<string, unknown> = {};
  try {
    checkPasswordStrength(password);
  } catch (error) {
    if (error instanceof WeakPasswordError) {
      weakPassword = { weak_password: { message: error.message, reasons: error.reasons } };
    }
  }
  const session = await ctx.store.transaction(() =>
    startSession(ctx.store, user.id, 'password', isoTime(ctx.config.now())),
  );
  return json(
    200,
    await tokenResponse(ctx, user.id, session.sessionId, session.refreshToken, weakPassword),
  );
}

/**
 * GoTrue's RefreshTokenGrant for v1 tokens: rotation, the "client failed to save" retry,
 * the reuse interval, and revocation of the whole family when a stale token is replayed.
 */
async function refreshTokenGrant(ctx: AppContext, req: ApiRequest): Promise<Reply> {
  const { store } = ctx;
  const presented = decodeBody(req.body, REFRESH_PARAMS).refresh_token ?? '';
  if (!isWellFormedRefreshToken(presented)) throw validationFailed('Refresh token is not valid');

  const outcome = await store.transaction(async () => {
    const nowMs = ctx.config.now();
    const now = isoTime(nowMs);
    const token = await store.sessions.findRefreshToken(presented);
    if (!token) {
      throw new ApiError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    let issued: string | undefined;
    if (token.revoked) {
      const active = await store.sessions.activeRefreshToken(token.sessionId);
      if (active?.parent === token.token) {
        issued = active.token;
      } else if (hasExpired(token.updatedAt, ctx.config.refreshTokenReuseInterval * 1000, nowMs)) {
        // Committed before answering, as GoTrue's CommitWithError does: the replay of a
        // stale token ends the whole session's token family.
        await store.sessions.revokeSessionTokens(token.sessionId, now);
        return { reused: true } as const;
      }
    }
    if (issued === undefined) {
      await store.sessions.revokeRefreshToken(token.id, now);
      issued = (
        await store.sessions.createRefreshToken(
          newRefreshToken(),
          token.userId,
          token.sessionId,
          token.token,
          now,
        )
      ).token;
    }
    await store.sessions.markRefreshed(token.sessionId, now);
    return { reused: false, userId: token.userId, sessionId: token.sessionId, issued } as const;
  });
  if (outcome.reused) {
    throw new ApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  return json(200, await tokenResponse(ctx, outcome.userId, outcome.sessionId, outcome.issued));
}

async function pkceGrant(ctx: AppContext, req: ApiRequest): Promise<Reply> {
  const { store } = ctx;
  const params = decodeBody(req.body, PKCE_PARAMS);
  const authCode = params.auth_code ?? '';
  const verifier = params.code_verifier ?? '';
  if (authCode === '' || verifier === '') {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const flow = await store.flowStates.findByAuthCode(authCode);
  if (!flow) {
    throw new ApiError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  }
  const nowMs = ctx.config.now();
  if (isFlowStateExpired(flow, nowMs)) {
    throw new ApiError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  assertCodeVerifier(flow, verifier);
  const session = await store.transaction(async () => {
    // Of two exchanges of one code racing, the second finds the flow state gone.
    if (!(await store.flowStates.delete(flow.id))) {
      throw new ApiError(
        404,
        'flow_state_not_found',
        'invalid flow state, no valid flow state found',
      );
    }
    return startSession(store, flow.userId, flow.authenticationMethod, isoTime(nowMs));
  });
  return json(200, await tokenResponse(ctx, flow.userId, session.sessionId, session.refreshToken));
}

/** Issuers GoTrue associates with its built-in ID-token providers. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/** GoTrue's IdTokenGrant with every external provider disabled, as here. */
function idTokenGrant(req: ApiRequest): Reply {
  const params = decodeBody(req.body, ID_TOKEN_PARAMS);
  const provider = params.provider ?? '';
  if ((params.id_token ?? '') === '') throw new OAuthError('invalid request', 'id_token required');
  if (provider === '' && ((params.client_id ?? '') === '' || (params.issuer ?? '') === '')) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  const known = Object.entries(ID_TOKEN_ISSUERS).find(
    ([name, issuer]) => provider === name || params.issuer === issuer,
  );
  if (known) {
    throw new ApiError(
      400,
      'provider_disabled',
      `Provider (issuer ${JSON.stringify(known[1])}) is not enabled`,
    );
  }
  throw validationFailed(`Custom OIDC provider ${JSON.stringify(provider)} not allowed`);
}

/** POST /token?grant_type=password|refresh_token|pkce|id_token|web3. */
export const token: Handler = (ctx, req) => {
  switch (req.query.get('grant_type')) {
    case 'password':
      return passwordGrant(ctx, req);
    case 'refresh_token':
      return refreshTokenGrant(ctx, req);
    case 'pkce':
      return pkceGrant(ctx, req);
    case 'id_token':
      return idTokenGrant(req);
    case 'web3':
      // Checked before the body is read, as GoTrue's Web3Grant does with both chains off.
      throw new ApiError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
    default:
      throw new ApiError(400, 'invalid_credentials', 'unsupported_grant_type');
  }
};
