import type { DatabaseSync } from 'node:sqlite';
import { openDatabase, transaction } from './database.ts';
import { FactorStore } from './factors.ts';
import { FlowStateStore } from './flow-states.ts';
import { MailStore } from './mails.ts';
import { SessionStore } from './sessions.ts';
import { UserStore } from './users.ts';

export { DATABASE_FILES } from './database.ts';

/** All persistent state of the auth server, backed by one SQLite file. */
export class Store {
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly factors: FactorStore;
  readonly flowStates: FlowStateStore;
  readonly mails: MailStore;
  readonly #db: DatabaseSync;

  constructor(dataDir: string) {
    this.#db = openDatabase(dataDir);
    this.users = new UserStore(this.#db);
    this.sessions = new SessionStore(this.#db);
    this.factors = new FactorStore(this.#db);
    this.flowStates = new FlowStateStore(this.#db);
    this.mails = new MailStore(this.#db);
  }

  /** Runs `work` atomically and durably: once it returns, the writes survive a crash. */
  transaction<T>(work: () => T): T {
    return transaction(this.#db, work);
  }

  /** Closes the database file. */
  close(): void {
    this.#db.close();
  }
}
