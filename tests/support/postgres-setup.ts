/*
 * Vitest's global setup: one real Postgres for the whole run (the stack's own,
 * local-auth-server/database/postgres.ts), on a free port in a folder of its own, with a template
 * database that has the bootstrap, the auth schema and every project migration applied. Each
 * test server then gets a database of its own, copied from the template in milliseconds
 * (tests/support/test-database.ts), so suites running in parallel never see each other's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, startPostgres } from '../../local-auth-server/database/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's `postgres` database, as its owner. */
    postgresUrl: string;
    /** The port the test cluster listens on. */
    postgresPort: number;
  }
}

/** The database every test database is copied from. */
export const TEMPLATE_DATABASE = 'stack_template';

const root = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitest-postgres-'));
  const port = await freePort();
  const database = await startPostgres({ dataDir, host: '127.0.0.1', port, root });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await client.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await client.end();
  }
  const template = new URL(database.url);
  template.pathname = `/${TEMPLATE_DATABASE}`;
  await migrate(template.href, root);
  project.provide('postgresUrl', database.url);
  project.provide('postgresPort', port);
  return async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
