import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  TokenSigner,
  VERIFIED_TOKENS_KEPT,
  type AccessTokenClaims,
} from '../../local-auth-server/tokens.ts';
import { ApiError } from '../../local-auth-server/errors.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

async function signer(): Promise<TokenSigner> {
  const folder = mkdtempSync(join(tmpdir(), 'token-signer-'));
  folders.push(folder);
  return TokenSigner.load(folder);
}

const ISSUED = 1_800_000_000;

function claims(sub: string, exp = ISSUED + 3600): AccessTokenClaims {
  return {
    iss: 'http://127.0.0.1:54321/auth/v1',
    sub,
    aud: 'authenticated',
    exp,
    iat: ISSUED,
    email: `${sub.slice(0, 8)}@example.com`,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: ISSUED }],
    session_id: '5b0c1f7e-8d3a-4c2e-9f61-0a7d2b4e6c11',
    is_anonymous: false,
  };
}

const USER = '0f9d7c52-3b1e-4a8f-b6d2-7e4c9a1f3b20';

/** The 403 bad_jwt message verify throws, or 'accepted'. */
async function outcome(signing: TokenSigner, token: string, nowSeconds: number): Promise<string> {
  try {
    await signing.verify(token, nowSeconds * 1000);
    return 'accepted';
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}: ${error.message}`;
    throw error;
  }
}

const EXPIRED =
  '403 bad_jwt: invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired';

describe('TokenSigner.verify, verified tokens remembered', () => {
  it('answers a token verified before with its claims, as the first time', async () => {
    const signing = await signer();
    const token = await signing.sign(claims(USER));
    const first = await signing.verify(token, (ISSUED + 10) * 1000);
    const again = await signing.verify(token, (ISSUED + 20) * 1000);
    expect(again).toEqual(first);
    expect(again).toMatchObject({ sub: USER, session_id: claims(USER).session_id });
  });

  it.each([
    ['a second before its expiry', ISSUED + 3599, 'accepted'],
    ['at its expiry', ISSUED + 3600, EXPIRED],
    ['after it', ISSUED + 7200, EXPIRED],
  ])('judges a remembered token %s by the clock of the request', async (_, now, expected) => {
    const signing = await signer();
    const token = await signing.sign(claims(USER));
    expect(await outcome(signing, token, ISSUED + 1)).toBe('accepted');
    expect(await outcome(signing, token, now)).toBe(expected);
    // And still so on the next request: an expired token is not remembered again.
    expect(await outcome(signing, token, now)).toBe(expected);
  });

  it("refuses another server's token, and one altered after this server verified the original", async () => {
    const signing = await signer();
    const other = await signer();
    const token = await signing.sign(claims(USER));
    expect(await outcome(signing, token, ISSUED + 1)).toBe('accepted');
    expect(await outcome(other, token, ISSUED + 1)).toMatch(/^403 bad_jwt: /);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as AccessTokenClaims;
    forged.role = 'service_role';
    const altered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await outcome(signing, altered, ISSUED + 1)).toMatch(/^403 bad_jwt: /);
  });

  it(`keeps verifying correctly past ${VERIFIED_TOKENS_KEPT.toLocaleString('en-US')} tokens, the oldest forgotten first`, async () => {
    const signing = await signer();
    const tokens = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS_KEPT + 5 }, (_, index) =>
        signing.sign(claims(USER, ISSUED + 3600 + index)),
      ),
    );
    for (const token of tokens) expect(await outcome(signing, token, ISSUED + 1)).toBe('accepted');
    // The first ones were forgotten and are verified again; expiry holds either way.
    expect(await outcome(signing, tokens[0] as string, ISSUED + 3600)).toBe(EXPIRED);
    expect(await outcome(signing, tokens.at(-1) as string, ISSUED + 3600)).toBe('accepted');
  });
});
