/*
 * Where a member goes after signing in: back to the members' page that sent them to sign in
 * (an entry, a filtered catalogue, a search), carried in /auth's `next` parameter through
 * sign-in, sign-up and its confirmation mail, and two-factor. Only a path of this site is ever
 * followed: the value is parsed as a URL against the site's origin (the WHATWG parser, as the
 * browser will) and kept only when the origins are equal, so `//evil.example`, `/\evil.example`,
 * `https://evil.example` or `javascript:` lead home instead.
 */

/** The sign-in page. */
export const SIGN_IN_PAGE = '/auth';

/** The parameter of /auth that names the page to return to. */
export const NEXT_PARAMETER = 'next';

/**
 * The same-site path `raw` names, with its query and fragment, or null when it names none (or
 * names the sign-in page itself, which would only loop).
 */
export function safeNextPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || !raw.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === SIGN_IN_PAGE || url.pathname === `${SIGN_IN_PAGE}.html`) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /auth, naming `here` (a members' page's path, query and fragment) to come back to. Only
 * members' pages send anyone to sign in, so `here` is never the home page or /auth itself; it
 * runs in the head script before first paint (src/members/inline/head.ts), so it stays tiny.
 */
export function signInPath(here: string): string {
  return `${SIGN_IN_PAGE}?${NEXT_PARAMETER}=${encodeURIComponent(here)}`;
}
