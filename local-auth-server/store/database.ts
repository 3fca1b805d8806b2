import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  DatabaseSync,
  type SQLInputValue,
  type SQLOutputValue,
  type StatementResultingChanges,
} from 'node:sqlite';

/** The columns of one result row. */
export type Row = Record<string, SQLOutputValue>;

const DATABASE_FILE = 'auth.sqlite';

/** The files the database occupies in the data folder, for a reset to remove. */
export const DATABASE_FILES = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`];

// Columns and names follow GoTrue's auth schema where it has one, so the data reads familiarly.
const SCHEMA = `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  aud TEXT NOT NULL,
  role TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  encrypted_password TEXT,
  email_confirmed_at TEXT,
  confirmation_token TEXT NOT NULL DEFAULT '',
  confirmation_sent_at TEXT,
  recovery_token TEXT NOT NULL DEFAULT '',
  recovery_sent_at TEXT,
  email_change TEXT NOT NULL DEFAULT '',
  email_change_token_new TEXT NOT NULL DEFAULT '',
  email_change_token_current TEXT NOT NULL DEFAULT '',
  email_change_confirm_status INTEGER NOT NULL DEFAULT 0,
  email_change_sent_at TEXT,
  reauthentication_token TEXT NOT NULL DEFAULT '',
  reauthentication_sent_at TEXT,
  last_sign_in_at TEXT,
  raw_app_meta_data TEXT NOT NULL,
  raw_user_meta_data TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX users_confirmation_token ON users (confirmation_token) WHERE confirmation_token <> '';
CREATE INDEX users_recovery_token ON users (recovery_token) WHERE recovery_token <> '';
CREATE INDEX users_email_change_token_new ON users (email_change_token_new) WHERE email_change_token_new <> '';
CREATE INDEX users_email_change_token_current ON users (email_change_token_current) WHERE email_change_token_current <> '';

CREATE TABLE identities (
  id TEXT PRIMARY KEY,
  provider_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  identity_data TEXT NOT NULL,
  last_sign_in_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (provider_id, provider)
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  factor_id TEXT,
  aal TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  refreshed_at TEXT
);
CREATE INDEX sessions_user_id ON sessions (user_id);

CREATE TABLE mfa_amr_claims (
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  authentication_method TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (session_id, authentication_method)
);

CREATE TABLE refresh_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  parent TEXT,
  revoked INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX refresh_tokens_session_id ON refresh_tokens (session_id);

CREATE TABLE flow_state (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  auth_code TEXT NOT NULL UNIQUE,
  code_challenge TEXT NOT NULL,
  code_challenge_method TEXT NOT NULL,
  authentication_method TEXT NOT NULL,
  provider_type TEXT NOT NULL,
  auth_code_issued_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE mfa_factors (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  friendly_name TEXT NOT NULL,
  factor_type TEXT NOT NULL,
  status TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_challenged_at TEXT
);
CREATE INDEX mfa_factors_user_id ON mfa_factors (user_id);

CREATE TABLE mfa_challenges (
  id TEXT PRIMARY KEY,
  factor_id TEXT NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
  ip_address TEXT NOT NULL,
  created_at TEXT NOT NULL,
  verified_at TEXT
);

CREATE TABLE mails (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  action_link TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX mails_recipient ON mails (recipient);
`;

/**
 * Changes since SCHEMA, oldest first, each applied once: a data folder of any earlier version
 * is brought up to date in place, and a new one takes the same path.
 */
const MIGRATIONS = [
  // 2: the time step of the last accepted TOTP code, so a code is accepted once (mfa.ts).
  'ALTER TABLE mfa_factors ADD COLUMN last_totp_step INTEGER',
];

const SCHEMA_VERSION = 1 + MIGRATIONS.length;

/** Opens (creating if needed) the database file in the data folder. */
export function openDatabase(dataDir: string): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
  // WAL with synchronous=FULL fsyncs every commit, so whatever a response acknowledged
  // survives kill -9 and power loss alike.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  const version = Number(db.prepare('PRAGMA user_version').get()?.user_version);
  if (Number.isInteger(version) && version >= 0 && version < SCHEMA_VERSION) {
    transaction(db, () => {
      if (version === 0) db.exec(SCHEMA);
      for (const migration of MIGRATIONS.slice(Math.max(version, 1) - 1)) db.exec(migration);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    });
  } else if (version !== SCHEMA_VERSION) {
    db.close();
    throw new Error(
      `The local auth data in ${dataDir} has schema version ${String(version)}, expected ${SCHEMA_VERSION}; run \`npm run auth:local -- --reset\` to start over.`,
    );
  }
  return db;
}

/** Runs `work` atomically; any exception rolls everything back and propagates. Nests. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** A text column that may be NULL. */
export function optionalText(row: Row, column: string): string | null {
  const value = row[column];
  return value === null || value === undefined ? null : String(value);
}

/** An integer column that may be NULL. */
export function optionalNumber(row: Row, column: string): number | null {
  const value = row[column];
  return value === null || value === undefined ? null : Number(value);
}

/** A NOT NULL text column. */
export function text(row: Row, column: string): string {
  return String(row[column]);
}

/** A JSON object stored as text. */
export function jsonObject(row: Row, column: string): Record<string, unknown> {
  return JSON.parse(text(row, column)) as Record<string, unknown>;
}

/** One field of a record as its table keeps it: the column's name and how its value reads back. */
export interface Column<V> {
  readonly name: string;
  readonly read: (row: Row) => V;
}

/**
 * Every field of a record type with its column: the one place a table's columns are named, which
 * reading a row and inserting a record both follow.
 */
export type Columns<T> = { readonly [K in keyof T]-?: Column<T[K]> };

/** The kinds of column, by how a value is kept. */
export const column = {
  text: (name: string): Column<string> => ({ name, read: (row) => text(row, name) }),
  optionalText: (name: string): Column<string | null> => ({
    name,
    read: (row) => optionalText(row, name),
  }),
  integer: (name: string): Column<number> => ({ name, read: (row) => Number(row[name]) }),
  optionalNumber: (name: string): Column<number | null> => ({
    name,
    read: (row) => optionalNumber(row, name),
  }),
  /** A boolean kept as 0 or 1. */
  flag: (name: string): Column<boolean> => ({ name, read: (row) => Number(row[name]) === 1 }),
  /** A JSON object kept as text. */
  json: (name: string): Column<Record<string, unknown>> => ({
    name,
    read: (row) => jsonObject(row, name),
  }),
  /** One of `values`; anything else kept there reads as the first. */
  oneOf: <V extends string>(name: string, values: readonly [V, ...V[]]): Column<V> => ({
    name,
    read: (row) => values.find((value) => value === row[name]) ?? values[0],
  }),
};

/** The record a row holds. */
function fromRow<T>(columns: Columns<T>, row: Row): T {
  const fields = Object.entries(columns as Record<string, Column<unknown>>);
  return Object.fromEntries(fields.map(([field, { read }]) => [field, read(row)])) as T;
}

/** A field's value as SQLite keeps it: objects as JSON text, booleans as 0 or 1. */
export function toSql(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value as SQLInputValue;
}

/**
 * One table: its name and the column of each field of its records, the one place both are
 * written down. Statements name the table in full, so each reads as the SQL it runs.
 */
export class Table<T> {
  readonly name: string;
  readonly columns: Columns<T>;

  constructor(name: string, columns: Columns<T>) {
    this.name = name;
    this.columns = columns;
  }

  /** Inserts the fields `record` sets; the others take their columns' defaults. */
  insert(db: DatabaseSync, record: Partial<T>): StatementResultingChanges {
    const fields = (Object.keys(this.columns) as (keyof T)[]).filter(
      (field) => record[field] !== undefined,
    );
    const names = fields.map((field) => this.columns[field].name);
    return db
      .prepare(
        `INSERT INTO ${this.name} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      )
      .run(...fields.map((field) => toSql(record[field])));
  }

  /** The record of the first row `sql` selects, if there is one. */
  one(db: DatabaseSync, sql: string, ...params: SQLInputValue[]): T | undefined {
    const row = db.prepare(sql).get(...params);
    return row ? fromRow(this.columns, row) : undefined;
  }

  /** The records of every row `sql` selects, in its order. */
  all(db: DatabaseSync, sql: string, ...params: SQLInputValue[]): T[] {
    return db
      .prepare(sql)
      .all(...params)
      .map((row) => fromRow(this.columns, row));
  }
}
