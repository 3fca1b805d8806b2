import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { listMigrations, migrate, urlAs } from '../../local-auth-server/database/postgres.ts';
import { insertEmailUser } from '../../local-auth-server/routes/signup.ts';
import { Store } from '../../local-auth-server/store/index.ts';
import { withClient } from '../support/test-database.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database on the test cluster (no template): what `supabase start` begins with. */
async function emptyDatabase(): Promise<string> {
  const name = `migrate_${randomUUID().replaceAll('-', '')}`;
  const cluster = inject('postgresUrl');
  await withClient(cluster, (client) => client.query(`create database ${name}`));
  cleanups.push(async () => {
    await withClient(cluster, (client) =>
      client.query(`drop database if exists ${name} with (force)`),
    );
  });
  const url = new URL(cluster);
  url.pathname = `/${name}`;
  return url.href;
}

/** A project folder with the real bootstrap and the given migration files. */
function project(migrations: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'supabase/local'), { recursive: true });
  mkdirSync(path.join(root, 'supabase/migrations'), { recursive: true });
  copyFileSync(
    path.join(repoRoot, 'supabase/local/bootstrap.sql'),
    path.join(root, 'supabase/local/bootstrap.sql'),
  );
  for (const [file, sql] of Object.entries(migrations)) {
    writeFileSync(path.join(root, 'supabase/migrations', file), sql);
  }
  return root;
}

async function rows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  return withClient(
    url,
    async (client) => (await client.query(sql)).rows as Record<string, unknown>[],
  );
}

describe('migrate', () => {
  it('applies each migration once, in version order, and records it as the Supabase CLI does', async () => {
    const url = await emptyDatabase();
    const root = project({
      '20260102000000_second.sql': 'alter table public.notes_demo add column body text;',
      '20260101000000_first.sql': 'create table public.notes_demo (id int primary key);',
    });
    expect(await migrate(url, root)).toEqual([
      '20260101000000_first.sql',
      '20260102000000_second.sql',
    ]);
    expect(await migrate(url, root)).toEqual([]);
    expect(
      await rows(url, 'select version, name from supabase_migrations.schema_migrations order by 1'),
    ).toEqual([
      { version: '20260101000000', name: 'first' },
      { version: '20260102000000', name: 'second' },
    ]);
    expect(
      await rows(
        url,
        "select column_name from information_schema.columns where table_name = 'notes_demo' order by 1",
      ),
    ).toEqual([{ column_name: 'body' }, { column_name: 'id' }]);
  });

  it('rolls a failing migration back whole and names its file; the ones before it stay', async () => {
    const url = await emptyDatabase();
    const root = project({
      '20260101000000_good.sql': 'create table public.kept (id int);',
      '20260102000000_bad.sql': 'create table public.half (id int);\nselect * from nowhere;',
    });
    await expect(migrate(url, root)).rejects.toThrow(
      /supabase\/migrations\/20260102000000_bad\.sql failed and was rolled back: relation "nowhere" does not exist/,
    );
    expect(await rows(url, "select to_regclass('public.kept') is not null as kept")).toEqual([
      { kept: true },
    ]);
    expect(await rows(url, "select to_regclass('public.half') is null as gone")).toEqual([
      { gone: true },
    ]);
    expect(await rows(url, 'select version from supabase_migrations.schema_migrations')).toEqual([
      { version: '20260101000000' },
    ]);
  });

  it('refuses a file the Supabase CLI would skip, naming it', () => {
    const root = project({ 'add_table.sql': 'select 1;', '20260101000000_ok.sql': 'select 1;' });
    expect(() => listMigrations(root)).toThrow(
      /add_table\.sql is not named <14-digit timestamp>_<name>\.sql/,
    );
  });

  it("makes the auth schema as hosted Supabase has it, owned by GoTrue's role", async () => {
    const url = await emptyDatabase();
    await migrate(url, project({}));
    expect(
      await rows(
        url,
        "select tablename, tableowner from pg_tables where schemaname = 'auth' order by 1",
      ),
    ).toEqual(
      [
        'flow_state',
        'identities',
        'mfa_amr_claims',
        'mfa_challenges',
        'mfa_factors',
        'one_time_tokens',
        'refresh_tokens',
        'schema_migrations',
        'sessions',
        'users',
      ].map((tablename) => ({ tablename, tableowner: 'supabase_auth_admin' })),
    );
  });
});

describe('the auth store on Postgres', () => {
  it('accepts each TOTP time step once, later steps only', async () => {
    const url = await emptyDatabase();
    await migrate(url, project({}));
    const store = new Store(urlAs(url, 'supabase_auth_admin'));
    cleanups.push(() => store.close());
    const now = new Date().toISOString();
    const userId = randomUUID();
    const factorId = randomUUID();
    await store.transaction(async () => {
      await insertEmailUser(
        store,
        { id: userId, email: `${userId}@example.com`, encryptedPassword: null, userMetadata: {} },
        now,
      );
      await store.factors.insert({
        id: factorId,
        userId,
        friendlyName: 'app',
        factorType: 'totp',
        status: 'verified',
        secret: 'JBSWY3DPEHPK3PXP',
        createdAt: now,
        updatedAt: now,
        lastChallengedAt: null,
        lastTotpStep: null,
      });
    });
    // Two at once: exactly one of them is the first use of step 100.
    const racing = await Promise.all([
      store.factors.acceptTotpStep(factorId, 100),
      store.factors.acceptTotpStep(factorId, 100),
    ]);
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(await store.factors.acceptTotpStep(factorId, 99)).toBe(false);
    expect(await store.factors.acceptTotpStep(factorId, 101)).toBe(true);
    expect((await store.factors.find(factorId))?.lastTotpStep).toBe(101);
  });

  it("keeps GoTrue's one_time_tokens in step with the user's pending tokens", async () => {
    const url = await emptyDatabase();
    await migrate(url, project({}));
    const store = new Store(urlAs(url, 'supabase_auth_admin'));
    cleanups.push(() => store.close());
    const now = new Date().toISOString();
    const userId = randomUUID();
    const email = `${userId}@example.com`;
    await insertEmailUser(
      store,
      { id: userId, email, encryptedPassword: null, userMetadata: {} },
      now,
    );
    await store.users.update(userId, { confirmationToken: 'hash-1', recoveryToken: 'hash-2' }, now);
    const tokens = () =>
      rows(
        url,
        `select token_type, token_hash, relates_to from auth.one_time_tokens where user_id = '${userId}' order by 1`,
      );
    expect(await tokens()).toEqual([
      { token_type: 'confirmation_token', token_hash: 'hash-1', relates_to: email },
      { token_type: 'recovery_token', token_hash: 'hash-2', relates_to: email },
    ]);
    await store.users.update(userId, { confirmationToken: '' }, now);
    expect(await tokens()).toEqual([
      { token_type: 'recovery_token', token_hash: 'hash-2', relates_to: email },
    ]);
  });

  it('rolls a transaction back whole when its work fails', async () => {
    const url = await emptyDatabase();
    await migrate(url, project({}));
    const store = new Store(urlAs(url, 'supabase_auth_admin'));
    cleanups.push(() => store.close());
    const userId = randomUUID();
    const now = new Date().toISOString();
    await expect(
      store.transaction(async () => {
        await insertEmailUser(
          store,
          { id: userId, email: `${userId}@example.com`, encryptedPassword: null, userMetadata: {} },
          now,
        );
        throw new Error('the mail could not be filed');
      }),
    ).rejects.toThrow('the mail could not be filed');
    expect(await store.users.findById(userId)).toBeUndefined();
  });
});
