import type { DatabaseSync } from 'node:sqlite';
import { column, Table } from './database.ts';

/** A mail as the developer inbox shows it. */
export interface MailRecord {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  actionLink: string | null;
  createdAt: string;
}

const MAILS = new Table<MailRecord>('mails', {
  id: column.integer('id'),
  to: column.text('recipient'),
  subject: column.text('subject'),
  text: column.text('text'),
  html: column.text('html'),
  actionLink: column.optionalText('action_link'),
  createdAt: column.text('created_at'),
});

/** The developer inbox: every mail the server sent, kept in the database. */
export class MailStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Files a sent mail. */
  insert(mail: Omit<MailRecord, 'id'>): void {
    MAILS.insert(this.#db, mail);
  }

  /** Mails newest first, optionally only those to one address (case-insensitive). */
  list(to?: string): MailRecord[] {
    return to === undefined
      ? MAILS.all(this.#db, 'SELECT * FROM mails ORDER BY id DESC')
      : MAILS.all(
          this.#db,
          'SELECT * FROM mails WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC',
          to,
        );
  }
}
