import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopOrphan } from '../../local-auth-server/database/postgres.ts';
import { stopLeftPostgrest } from '../../local-auth-server/database/postgrest.ts';
import { freePort } from '../support/postgres-setup.ts';
import { LOCAL_PUBLISHABLE_KEY } from '../../src/lib/local-defaults.ts';
import { MODERN, totpCode, uniqueEmail } from './helpers.ts';

const MAIN = path.resolve(import.meta.dirname, '../../local-auth-server/main.ts');
const KEY = LOCAL_PUBLISHABLE_KEY;
const dataDir = mkdtempSync(path.join(tmpdir(), 'local-auth-restart-'));
// Run as root, the database belongs to the system user postgres, who must reach the folder.
chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];
let databasePort = 0;

beforeAll(async () => {
  databasePort = await freePort();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  // The last stack was killed outright: its Postgres and PostgREST live on until asked to stop
  // (left, that PostgREST retried its database's port for as long as the machine ran).
  await stopOrphan(path.join(dataDir, 'postgres'), () => {});
  await stopLeftPostgrest(path.join(dataDir, 'postgrest.pid'));
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Runs `npm run auth:local`'s entry point (the whole stack: Postgres, the auth server, PostgREST)
 * as its own process and waits for its URL. Its Postgres takes a port of the test cluster's
 * neighbourhood that nothing else in the run uses.
 */
function startProcess(args: string[] = []): Promise<{ child: ChildProcess; api: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: {
      ...process.env,
      LOCAL_AUTH_PORT: '0',
      LOCAL_AUTH_DATA_DIR: dataDir,
      LOCAL_DB_PORT: String(databasePort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /API gateway:\s+(http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, api: `${url}/auth/v1` });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${String(code)}: ${output}`)));
  });
}

async function post(api: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${api}${route}`, {
    method: 'POST',
    headers: { apikey: KEY, ...MODERN, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('a stack killed with SIGKILL', () => {
  it('comes back with one start, users, factors, sessions and its signing key intact, until --reset', async () => {
    const first = await startProcess();
    const email = uniqueEmail('restart');
    await post(first.api, '/signup', { email, password: 'survive-kill-9' });
    const mails = (await (
      await fetch(`${first.api.replace('/auth/v1', '')}/_dev/mail?to=${email}`)
    ).json()) as {
      action_link: string;
    }[];
    await fetch(mails[0]?.action_link ?? '', { redirect: 'manual' });
    const session = await post(first.api, '/token?grant_type=password', {
      email,
      password: 'survive-kill-9',
    });
    const accessToken = String(session.access_token);
    const factor = await post(
      first.api,
      '/factors',
      { factor_type: 'totp', friendly_name: 'kept' },
      accessToken,
    );
    const secret = (factor.totp as { secret: string }).secret;
    const challenge = await post(
      first.api,
      `/factors/${String(factor.id)}/challenge`,
      {},
      accessToken,
    );
    const code = totpCode(secret);
    const aal2 = await post(
      first.api,
      `/factors/${String(factor.id)}/verify`,
      { challenge_id: challenge.id, code },
      accessToken,
    );
    expect(aal2.access_token).toBeTruthy();
    const jwksBefore: unknown = await (await fetch(`${first.api}/.well-known/jwks.json`)).json();

    // Killed right after the last acknowledged request: no shutdown hook gets to run.
    await killed(first.child);
    const second = await startProcess();
    try {
      expect(await (await fetch(`${second.api}/.well-known/jwks.json`)).json()).toEqual(jwksBefore);

      const me = await fetch(`${second.api}/user`, {
        headers: { apikey: KEY, Authorization: `Bearer ${String(aal2.access_token)}` },
      });
      expect(me.status).toBe(200);
      const user = (await me.json()) as {
        email: string;
        factors: { id: string; status: string }[];
      };
      expect(user.email).toBe(email);
      expect(user.factors).toEqual([
        expect.objectContaining({ id: factor.id, status: 'verified' }),
      ]);

      const refreshed = await post(second.api, '/token?grant_type=refresh_token', {
        refresh_token: aal2.refresh_token,
      });
      expect(refreshed.access_token).toBeTruthy();
      const claims = JSON.parse(
        Buffer.from(String(refreshed.access_token).split('.')[1] ?? '', 'base64url').toString(),
      ) as { aal: string };
      expect(claims.aal).toBe('aal2');

      const signIn = await post(second.api, '/token?grant_type=password', {
        email,
        password: 'survive-kill-9',
      });
      expect(signIn.access_token).toBeTruthy();
    } finally {
      await killed(second.child);
    }

    // --reset wipes users and keys alike.
    const reset = await startProcess(['--reset']);
    try {
      const gone = await post(reset.api, '/token?grant_type=password', {
        email,
        password: 'survive-kill-9',
      });
      expect(gone).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
      const jwksAfter: unknown = await (await fetch(`${reset.api}/.well-known/jwks.json`)).json();
      expect(jwksAfter).not.toEqual(jwksBefore);
    } finally {
      await killed(reset.child);
    }
  });
});
