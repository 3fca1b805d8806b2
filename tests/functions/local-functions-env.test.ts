import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MAIL_API_KEY } from '../../local-auth-server/config.ts';
import { startTestServer, type TestServer } from '../auth-server/helpers.ts';

/*
 * The environment the local auth server hands a project function: a probe function, in a
 * functions folder of its own, answers with the environment it was built from.
 */

const SECRET_KEY = 'sb_secret_functions_env_test';
const SITE = 'https://venture.example';

let functionsDir: string;
let server: TestServer;

beforeAll(async () => {
  functionsDir = mkdtempSync(path.join(tmpdir(), 'local-functions-'));
  mkdirSync(path.join(functionsDir, 'probe'));
  writeFileSync(
    path.join(functionsDir, 'probe', 'handler.ts'),
    'export default (env: Record<string, string>) => () => Promise.resolve(Response.json(env));\n',
  );
  writeFileSync(
    path.join(functionsDir, '.env'),
    'MEMBERS_CONTENT_KEY=from-the-env-file\nDIGEST_FROM=Digest <from-the-env-file@localhost>\n',
  );
  server = await startTestServer({ functionsDir, secretKey: SECRET_KEY, siteUrl: SITE });
});

afterAll(async () => {
  await server.stop();
  rmSync(functionsDir, { recursive: true, force: true });
});

describe('a project function served by the local auth server', () => {
  it('gets the variables hosted Supabase sets on the new API keys, and not the legacy ones', async () => {
    const response = await fetch(`${server.url}/functions/v1/probe`);
    const env = (await response.json()) as Record<string, string>;
    const jwks: unknown = await (await fetch(`${server.api}/.well-known/jwks.json`)).json();

    expect(env).toEqual({
      SUPABASE_URL: server.url,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: server.anonKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
      SUPABASE_JWKS: expect.any(String) as string,
      SITE_URL: SITE,
      MEMBERS_CONTENT_KEY: 'from-the-env-file',
      // The digest's local settings (config.ts localFunctionDefaults): this server's mail API,
      // under what the .env file sets.
      MAIL_API_URL: `${server.url}/_dev/mail-api`,
      MAIL_API_KEY: LOCAL_MAIL_API_KEY,
      DIGEST_FROM: 'Digest <from-the-env-file@localhost>',
      DIGEST_SIGNING_SECRET: expect.any(String) as string,
    });
    expect(JSON.parse(env.SUPABASE_JWKS ?? '')).toEqual(jwks);
  });
});
