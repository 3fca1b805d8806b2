import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/*
 * The auth server's connection to Postgres (its tables are in the `auth` schema, as GoTrue's,
 * see local-auth-server/database/auth-schema.ts). Queries outside a transaction share a pool;
 * inside `transaction(work)` every query of `work` (and of anything it awaits) runs on the
 * transaction's own connection, found through async context, so store methods need not be
 * handed a client.
 */

/** The columns of one result row, as pg parses them (see TYPES below). */
export type Row = Record<string, unknown>;

/** A value a statement takes as a parameter. */
export type SqlValue = string | number | boolean | null;

const TIMESTAMPTZ = 1184;
const INT8 = 20;
const parseTimestamp = pg.types.getTypeParser(TIMESTAMPTZ) as (value: string) => Date;

/**
 * Times read back as the ISO strings the server writes (clock.ts's isoTime), and bigint ids as
 * numbers (they count rows of one local table and stay far below 2^53).
 */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) => {
    if (oid === TIMESTAMPTZ) return (value: string) => parseTimestamp(value).toISOString();
    if (oid === INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** A Postgres error's SQLSTATE, if the error is one. */
export function sqlState(error: unknown): string | undefined {
  return error instanceof pg.DatabaseError ? error.code : undefined;
}

const statementNames = new Map<string, string>();

/** A prepared statement's name for `sql`: the same text always gets the same name. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** The auth server's database: a pool, and transactions that run one at a time. */
export class Database {
  readonly #pool: pg.Pool;
  readonly #transaction = new AsyncLocalStorage<pg.PoolClient>();
  /** The end of the queue of transactions; each starts when the one before it has settled. */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(url: string, maxConnections = 10) {
    this.#pool = new pg.Pool({ connectionString: url, max: maxConnections, types: TYPES });
    // A connection the server drops (Postgres restarting) is replaced on the next query; the
    // pool must not take the process down with it.
    this.#pool.on('error', () => {});
  }

  /** Runs one statement, on the current transaction's connection if there is one. */
  async query(sql: string, params: readonly SqlValue[] = []): Promise<pg.QueryResult<Row>> {
    const client = this.#transaction.getStore();
    // Named, so each connection parses and plans a statement once, not on every request.
    return (client ?? this.#pool).query<Row>({
      name: statementName(sql),
      text: sql,
      values: params as SqlValue[],
    });
  }

  /**
   * Runs `work` atomically and durably: once it returns, its writes are committed; if it throws,
   * none of them happened. Transactions run one after another, as SQLite's single writer did,
   * so a read inside one sees nothing change before the write that depends on it. Nests.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.#transaction.getStore()) return work();
    const run = async () => {
      const client = await this.#pool.connect();
      let broken = false;
      // A connection the server drops while this transaction holds it (Postgres killed) emits
      // 'error' on the client, which the pool only listens to on idle ones: without this the
      // process would crash instead of failing this request.
      const dropped = () => {
        broken = true;
      };
      client.on('error', dropped);
      try {
        await client.query('begin');
        const result = await this.#transaction.run(client, work);
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.off('error', dropped);
        client.release(broken);
      }
    };
    const current = this.#tail.then(run, run);
    this.#tail = current.catch(() => undefined);
    return current;
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    await this.#pool.end();
  }
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

/** A column's value as text: pg hands text, uuid and (see TYPES) times over as strings. */
const optional = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** A stored time as clock.ts's isoTime writes it, or null. */
function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = optional(value) ?? '';
  return text.endsWith('Z') ? text : new Date(text).toISOString();
}

/** The kinds of column, by how a value is kept. */
export const column = {
  text: (name: string): Column<string> => ({ name, read: (row) => optional(row[name]) ?? '' }),
  optionalText: (name: string): Column<string | null> => ({
    name,
    read: (row) => optional(row[name]),
  }),
  /**
   * A time: read back as the ISO string the server writes (clock.ts), whether it came as a
   * column (see TYPES) or inside a JSON value Postgres built (`+00:00` rather than `Z`).
   */
  time: (name: string): Column<string> => ({ name, read: (row) => isoOf(row[name]) ?? '' }),
  optionalTime: (name: string): Column<string | null> => ({
    name,
    read: (row) => isoOf(row[name]),
  }),
  integer: (name: string): Column<number> => ({ name, read: (row) => Number(row[name]) }),
  optionalNumber: (name: string): Column<number | null> => ({
    name,
    read: (row) => (row[name] === null || row[name] === undefined ? null : Number(row[name])),
  }),
  flag: (name: string): Column<boolean> => ({ name, read: (row) => row[name] === true }),
  /** A JSON object kept as jsonb. */
  json: (name: string): Column<Record<string, unknown>> => ({
    name,
    read: (row) => (row[name] ?? {}) as Record<string, unknown>,
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

/** A field's value as a parameter: objects as JSON text (jsonb columns), the rest as they are. */
export function toSql(value: unknown): SqlValue {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value as SqlValue;
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

  /** Inserts the fields `record` sets (the others take their columns' defaults); returns the row. */
  async insert(db: Database, record: Partial<T>): Promise<T> {
    const fields = (Object.keys(this.columns) as (keyof T)[]).filter(
      (field) => record[field] !== undefined,
    );
    const names = fields.map((field) => this.columns[field].name);
    const result = await db.query(
      `INSERT INTO ${this.name} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
      fields.map((field) => toSql(record[field])),
    );
    return fromRow(this.columns, result.rows[0] as Row);
  }

  /**
   * The record a joined row holds under `prefix` (columns selected as `<prefix><name>`), or
   * undefined when the join found none (its key column is null).
   */
  fromJoined(row: Row, prefix: string, key: keyof T): T | undefined {
    if (row[`${prefix}${this.columns[key].name}`] == null) return undefined;
    const own: Row = {};
    for (const [name, value] of Object.entries(row)) {
      if (name.startsWith(prefix)) own[name.slice(prefix.length)] = value;
    }
    return fromRow(this.columns, own);
  }

  /** `alias.column AS <prefix>column` for every column, for a join that reads this table too. */
  selectPrefixed(alias: string, prefix: string): string {
    return Object.values<Column<unknown>>(this.columns)
      .map(({ name }) => `${alias}.${name} AS ${prefix}${name}`)
      .join(', ');
  }

  /** The record of the first row `sql` selects, if there is one. */
  async one(db: Database, sql: string, ...params: SqlValue[]): Promise<T | undefined> {
    const row = (await db.query(sql, params)).rows[0];
    return row ? fromRow(this.columns, row) : undefined;
  }

  /** The record of a row already read. */
  read(row: Row): T {
    return fromRow(this.columns, row);
  }

  /** The records of every row `sql` selects, in its order. */
  async all(db: Database, sql: string, ...params: SqlValue[]): Promise<T[]> {
    return (await db.query(sql, params)).rows.map((row) => fromRow(this.columns, row));
  }
}
