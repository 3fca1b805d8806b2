import nodemailer, { type Transporter } from 'nodemailer';
import { isoTime, timeOf } from './clock.ts';
import type { Config } from './config.ts';
import { ApiError } from './errors.ts';
import type { Limiters } from './rate-limits.ts';
import type { Store } from './store/index.ts';

/** A mail ready to go out. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The verify link the mail carries, if any. */
  actionLink: string | null;
  /** What GoTrue calls the mail in its delivery-failure message, e.g. "confirmation". */
  purpose: string;
}

/**
 * Sends mails: delivers them over SMTP when configured, files them in the developer inbox
 * and prints their links. The inbox is the record a request's outcome is judged by, so it is
 * written in the same transaction as the tokens the mails carry.
 */
export class Mailer {
  readonly #config: Config;
  readonly #store: Store;
  readonly #transport: Transporter | undefined;
  readonly #limiters: Limiters | null;

  constructor(config: Config, store: Store, limiters: Limiters | null = null) {
    this.#config = config;
    this.#store = store;
    this.#limiters = limiters;
    this.#transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  }

  /**
   * GoTrue's per-address SMTP_MAX_FREQUENCY: one mail of a kind (last sent at `sentAt`) per
   * LOCAL_AUTH_MAIL_INTERVAL. The wait is whole seconds, truncated, exactly as GoTrue computes it.
   */
  assertAllowed(sentAt: string | null): void {
    if (sentAt === null) return;
    const waitMs = timeOf(sentAt) + this.#config.mailInterval * 1000 - this.#config.now();
    if (waitMs > 0) {
      throw new ApiError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.trunc(waitMs / 1000)} seconds.`,
      );
    }
  }

  /**
   * Delivers `mails`, then runs `commit` and files the mails atomically. A delivery failure
   * aborts before anything is written, as in GoTrue, so no link that was never sent works.
   */
  async send(
    mails: readonly OutgoingMail[],
    commit: (now: string) => Promise<unknown>,
  ): Promise<void> {
    // GoTrue's global RATE_LIMIT_EMAIL_SENT, checked before anything is delivered or written.
    if (this.#limiters && !mails.every(() => this.#limiters?.emailSent.take('all'))) {
      throw new ApiError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    }
    for (const mail of mails) await this.#deliver(mail);
    const now = isoTime(this.#config.now());
    await this.#store.transaction(async () => {
      await commit(now);
      for (const mail of mails) {
        await this.#store.mails.insert({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          actionLink: mail.actionLink,
          createdAt: now,
        });
      }
    });
    for (const mail of mails) {
      this.#config.log(`[local-auth] mail to ${mail.to}: ${mail.subject}`);
      if (mail.actionLink) this.#config.log(`  ${mail.actionLink}`);
    }
  }

  /** Releases the SMTP connection pool, if any. */
  close(): void {
    this.#transport?.close();
  }

  async #deliver(mail: OutgoingMail): Promise<void> {
    if (!this.#transport) return;
    try {
      await this.#transport.sendMail({
        from: this.#config.smtpFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (error) {
      console.error(`local-auth-server: SMTP delivery to ${mail.to} failed`, error);
      throw new ApiError(500, 'unexpected_failure', `Error sending ${mail.purpose} email`);
    }
  }
}
