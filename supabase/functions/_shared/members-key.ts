/*
 * The members' content key request, both ends: the page (the inline opener, the bundled code,
 * /auth after sign-in) and the key function (supabase/functions/members-content-key/handler.ts).
 *
 * The request is CORS-simple: a POST whose body is the access token as text/plain, with no
 * Authorization or apikey header. A page on the site's origin asking the function's origin
 * then needs no preflight, which was a whole round trip on a new connection before the key.
 * The function is deployed with verify_jwt = false (supabase/config.toml) and checks the token
 * itself, exactly as it checks a bearer token.
 */

/** Which verified factors a member has, as the auth server lists them on the user. */
export interface FactorList {
  factors?: readonly { status?: string | undefined }[] | null | undefined;
}

/**
 * The aal2 rule: a member with a verified second factor must present an aal2 session. Shared by
 * the head script (before paint), the members' shell, the key function and /auth.
 */
export function verifiedFactorWithoutAal2(
  user: FactorList | null | undefined,
  aal: unknown,
): boolean {
  return (user?.factors ?? []).some((factor) => factor.status === 'verified') && aal !== 'aal2';
}

/** The `aal` claim of an access token, read without checking its signature (the server does). */
export function tokenAal(accessToken: string): unknown {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { aal?: unknown }).aal;
  } catch {
    return undefined;
  }
}

/** The fetch arguments of a key request: CORS-simple, so never preflighted. */
export function keyRequest(keyUrl: string, accessToken: string): [string, RequestInit] {
  return [
    keyUrl,
    {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: accessToken,
      cache: 'no-store',
      credentials: 'omit',
    },
  ];
}

/** What asking for the key came to. */
export type KeyAnswer =
  { ok: true; key: string } | { ok: false; reason: 'sign-in' | 'network'; status?: number };

/** Asks the key function for the members' content key; never throws. */
export async function requestMembersKey(
  keyUrl: string,
  accessToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<KeyAnswer> {
  try {
    const response = await fetchImpl(...keyRequest(keyUrl, accessToken));
    if (response.status === 401 || response.status === 403) {
      return { ok: false, reason: 'sign-in', status: response.status };
    }
    if (!response.ok) return { ok: false, reason: 'network', status: response.status };
    const body = (await response.json()) as { key?: unknown };
    return typeof body.key === 'string'
      ? { ok: true, key: body.key }
      : { ok: false, reason: 'network', status: response.status };
  } catch {
    return { ok: false, reason: 'network' };
  }
}

/** The token of a request's `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  return /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

/**
 * The access token of a key request, for the function: the text/plain body of a POST, or a
 * bearer Authorization header (other clients, curl). Null when there is none.
 */
export async function requestToken(request: Request): Promise<string | null> {
  const bearer = bearerToken(request);
  if (request.method === 'POST') {
    const body = (await request.text()).trim();
    // The page's own request carries only the body; a bearer header alone is another client's.
    if (body) return /^\S+$/.test(body) && body.length <= 16_384 ? body : null;
  }
  return bearer;
}
