import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { goPathEscape, goPathSegmentEscape } from './go-url.ts';

// pquerna/otp's defaults, which GoTrue uses unchanged: SHA1, 6 digits, 30 s, 20-byte secret.
const PERIOD = 30;
const DIGITS = 6;
const SECRET_BYTES = 20;

/** A fresh TOTP secret, base32 without padding (32 characters). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/**
 * The otpauth:// URI exactly as pquerna/otp's Key.URL() writes it: issuer and account in
 * the path, parameters sorted and path-escaped.
 */
export function totpUri(issuer: string, account: string, secret: string): string {
  const query = [
    ['algorithm', 'SHA1'],
    ['digits', String(DIGITS)],
    ['issuer', issuer],
    ['period', String(PERIOD)],
    ['secret', secret],
  ]
    .map(([key, value]) => `${key}=${goPathSegmentEscape(value ?? '')}`)
    .join('&');
  return `otpauth://totp${goPathEscape(`/${issuer}:${account}`)}?${query}`;
}

/** The QR code for a URI as raw SVG markup (GoTrue sends markup; supabase-js adds the data: prefix). */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
}

/**
 * The 30 s time step a code belongs to, looked for in GoTrue's window at `now` (ms): the current
 * step and one on either side. Null when it matches none.
 */
export function matchingTotpStep(secret: string, code: string, now: number): number | null {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
  });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
