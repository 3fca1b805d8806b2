/**
 * Time as the server handles it. Every reading comes from Config.now (config.ts), so a test can
 * move the server's clock; these helpers turn readings into stored values and back, and are
 * the only place a reading becomes a Date.
 */

/** Milliseconds since the epoch, as Date.now() counts them. */
export type Clock = () => number;

/** A reading as a Date, for a library that takes one (jose's `currentDate`). */
export function dateAt(ms: number): Date {
  return new Date(ms);
}

/** A reading as the database stores it and GoTrue's JSON shows it: UTC, with milliseconds. */
export function isoTime(ms: number): string {
  return dateAt(ms).toISOString();
}

/** The reading a stored time was written from: isoTime's inverse. */
export function timeOf(iso: string): number {
  return Date.parse(iso);
}

/** Whole seconds since the epoch, as JWT claims count them. */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Whether something stamped `since` and living `lifetimeMs` is over at `now`. */
export function hasExpired(since: string, lifetimeMs: number, now: number): boolean {
  return now > timeOf(since) + lifetimeMs;
}
