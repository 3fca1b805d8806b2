import { column, Table, type Database } from './database.ts';

/** A mail as the developer inbox shows it. */
export interface MailRecord {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  actionLink: string | null;
  /** Headers given by the sender (the local mail API's `headers`); none for the auth mails. */
  headers: Record<string, unknown>;
  createdAt: string;
}

const MAILS = new Table<MailRecord>('local_inbox.mails', {
  id: column.integer('id'),
  to: column.text('recipient'),
  subject: column.text('subject'),
  text: column.text('text'),
  html: column.text('html'),
  actionLink: column.optionalText('action_link'),
  headers: column.json('headers'),
  createdAt: column.text('created_at'),
});

/** The developer inbox: every mail the server sent, kept in the database. */
export class MailStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Files a sent mail. */
  async insert(mail: Omit<MailRecord, 'id' | 'headers'> & { headers?: Record<string, string> }) {
    await MAILS.insert(this.#db, { ...mail, headers: mail.headers ?? {} });
  }

  /** Mails newest first, optionally only those to one address (case-insensitive). */
  list(to?: string): Promise<MailRecord[]> {
    return to === undefined
      ? MAILS.all(this.#db, 'SELECT * FROM local_inbox.mails ORDER BY id DESC')
      : MAILS.all(
          this.#db,
          'SELECT * FROM local_inbox.mails WHERE lower(recipient) = lower($1) ORDER BY id DESC',
          to,
        );
  }
}
