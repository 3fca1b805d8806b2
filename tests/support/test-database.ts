import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { urlAs } from '../../local-auth-server/database/postgres.ts';
import { TEMPLATE_DATABASE } from './postgres-setup.ts';

/** A database of one test's own, copied from the run's template (tests/support/postgres-setup.ts). */
export interface TestDatabase {
  /** As its owner, `postgres`: for a test that looks at or plants rows directly. */
  ownerUrl: string;
  /** As supabase_auth_admin: what the auth server connects as. */
  authUrl: string;
  /** Drops it, ending any connection still open. */
  drop(): Promise<void>;
}

async function onCluster(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database with the auth schema and every migration, as a new project has. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await onCluster(`create database ${name} template ${TEMPLATE_DATABASE}`);
  const owner = new URL(inject('postgresUrl'));
  owner.pathname = `/${name}`;
  return {
    ownerUrl: owner.href,
    authUrl: urlAs(owner.href, 'supabase_auth_admin'),
    drop: () => onCluster(`drop database if exists ${name} with (force)`),
  };
}

/** Runs `work` with a client connected to `url`, closing it after. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
