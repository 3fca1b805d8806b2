import { SECURITY_LOG_KEY } from './constants.ts';

/** Security events the client records. */
export type SecurityEvent = 'signup_failed' | 'signin_failed' | 'password_reset_failed';

/** One entry of the client-side security log. */
export interface SecurityLogEntry {
  timestamp: string;
  event: SecurityEvent;
  details: Record<string, unknown>;
}

/** sessionStorage key of the log (a JSON array, oldest first), named in src/lib/constants.ts. */
export { SECURITY_LOG_KEY };

/** At most this many entries are kept; the oldest are dropped. */
export const SECURITY_LOG_LIMIT = 50;

/** Keys whose values never enter the log, whatever the caller passes. */
const SECRET_KEY = /pass(word)?|token|secret|code|otp/i;

function redact(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET_KEY.test(key)));
}

/** Reads the log; anything malformed counts as empty. */
export function readSecurityLog(storage: Pick<Storage, 'getItem'>): SecurityLogEntry[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(SECURITY_LOG_KEY) ?? '[]');
    return Array.isArray(value) ? (value as SecurityLogEntry[]) : [];
  } catch {
    return [];
  }
}

/** Appends an event with its time and details (secrets removed), keeping the newest 50. */
export function logSecurityEvent(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  event: SecurityEvent,
  details: Record<string, unknown>,
  now: Date,
): void {
  const entries = [
    ...readSecurityLog(storage),
    { timestamp: now.toISOString(), event, details: redact(details) },
  ].slice(-SECURITY_LOG_LIMIT);
  try {
    storage.setItem(SECURITY_LOG_KEY, JSON.stringify(entries));
  } catch (error) {
    console.error('Could not write the security log', error);
  }
}
