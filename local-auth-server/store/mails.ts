import type { DatabaseSync } from 'node:sqlite';
import { optionalText, text, type Row } from './database.ts';

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

function toMail(row: Row): MailRecord {
  return {
    id: Number(row.id),
    to: text(row, 'recipient'),
    subject: text(row, 'subject'),
    text: text(row, 'text'),
    html: text(row, 'html'),
    actionLink: optionalText(row, 'action_link'),
    createdAt: text(row, 'created_at'),
  };
}

/** The developer inbox: every mail the server sent, kept in the database. */
export class MailStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Files a sent mail. */
  insert(mail: Omit<MailRecord, 'id'>): void {
    this.#db
      .prepare(
        'INSERT INTO mails (recipient, subject, text, html, action_link, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(mail.to, mail.subject, mail.text, mail.html, mail.actionLink, mail.createdAt);
  }

  /** Mails newest first, optionally only those to one address (case-insensitive). */
  list(to?: string): MailRecord[] {
    const rows =
      to === undefined
        ? this.#db.prepare('SELECT * FROM mails ORDER BY id DESC').all()
        : this.#db
            .prepare('SELECT * FROM mails WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC')
            .all(to);
    return rows.map(toMail);
  }
}
