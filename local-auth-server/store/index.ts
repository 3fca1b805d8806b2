import { Database } from './database.ts';
import { FactorStore } from './factors.ts';
import { FlowStateStore } from './flow-states.ts';
import { MailStore } from './mails.ts';
import { SessionStore } from './sessions.ts';
import { UserStore } from './users.ts';

/**
 * All persistent state of the auth server: its tables in Postgres's `auth` schema, reached as
 * supabase_auth_admin, the role GoTrue connects as (the schema is made by
 * local-auth-server/database/postgres.ts's migrate, before the server starts).
 */
export class Store {
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly factors: FactorStore;
  readonly flowStates: FlowStateStore;
  readonly mails: MailStore;
  readonly #db: Database;

  constructor(databaseUrl: string) {
    this.#db = new Database(databaseUrl);
    this.users = new UserStore(this.#db);
    this.sessions = new SessionStore(this.#db);
    this.factors = new FactorStore(this.#db);
    this.flowStates = new FlowStateStore(this.#db);
    this.mails = new MailStore(this.#db);
  }

  /**
   * Fails with a message a developer can act on when the database cannot be reached or has no
   * auth schema yet (the stack's start makes it: local-auth-server/database/postgres.ts).
   */
  async check(): Promise<void> {
    try {
      await this.#db.query('SELECT 1 FROM auth.users LIMIT 1');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `The auth server cannot use its database (${reason}). npm start and npm run dev start Postgres and create the auth schema; LOCAL_AUTH_DATABASE_URL names another database.`,
        { cause: error },
      );
    }
  }

  /** Runs `work` atomically and durably: once it returns, the writes survive a crash. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.#db.transaction(work);
  }

  /** Closes the database connections. */
  close(): Promise<void> {
    return this.#db.close();
  }
}
