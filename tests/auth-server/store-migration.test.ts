import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { insertEmailUser } from '../../local-auth-server/routes/signup.ts';
import { Store } from '../../local-auth-server/store/index.ts';

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'local-auth-migration-'));
  folders.push(folder);
  return folder;
}

/** A store with one user and one verified factor in it; returns the factor's id. */
function seed(store: Store): string {
  const now = new Date().toISOString();
  const userId = randomUUID();
  const factorId = randomUUID();
  store.transaction(() => {
    // The factor needs its user; signing up writes one as the server does.
    insertEmailUser(
      store,
      { id: userId, email: `${userId}@example.com`, encryptedPassword: null, userMetadata: {} },
      now,
    );
    store.factors.insert({
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
  return factorId;
}

describe('the database of an earlier version', () => {
  it('is brought up to date in place, keeping its factors', () => {
    const folder = dataFolder();
    const store = new Store(folder);
    const factorId = seed(store);
    store.close();
    // Back to version 1, as a data folder from before TOTP steps were kept.
    const db = new DatabaseSync(path.join(folder, 'auth.sqlite'));
    db.exec('ALTER TABLE mfa_factors DROP COLUMN last_totp_step');
    db.exec('PRAGMA user_version = 1');
    db.close();

    const upgraded = new Store(folder);
    try {
      expect(upgraded.factors.find(factorId)).toMatchObject({
        status: 'verified',
        lastTotpStep: null,
      });
      expect(upgraded.factors.acceptTotpStep(factorId, 100)).toBe(true);
      expect(upgraded.factors.acceptTotpStep(factorId, 100)).toBe(false);
      expect(upgraded.factors.acceptTotpStep(factorId, 99)).toBe(false);
      expect(upgraded.factors.acceptTotpStep(factorId, 101)).toBe(true);
      expect(upgraded.factors.find(factorId)?.lastTotpStep).toBe(101);
    } finally {
      upgraded.close();
    }
  });

  it('of a later version is refused, with the way to start over', () => {
    const folder = dataFolder();
    new Store(folder).close();
    const db = new DatabaseSync(path.join(folder, 'auth.sqlite'));
    db.exec('PRAGMA user_version = 99');
    db.close();
    expect(() => new Store(folder)).toThrow(
      /schema version 99, expected 2; run `npm run auth:local -- --reset`/,
    );
  });
});
