import { config } from '../config.ts';
import { currentSession } from './session.ts';

/*
 * The members' module's one way to the project: the access token, the address of a function,
 * and the request every call to the auth server or a function makes (confirming a session,
 * favourites, deleting an account). The key request is the exception, because it is
 * CORS-simple on purpose (supabase/functions/_shared/members-key.ts).
 */

/** A refusal that means the member must sign in (again, or with their code). */
export class SignInNeeded extends Error {
  override name = 'SignInNeeded';
  /** As the server says it: what callers that word failures read (src/stores/favourites.ts). */
  readonly status = 401;
}

/**
 * The member's access token: the stored one while it is valid, so that a request never waits
 * for the auth client (~25 KB gzip); an expired one is refreshed through it.
 */
export async function accessToken(): Promise<string> {
  const stored = currentSession();
  if (stored && !stored.expired) return stored.session.access_token;
  const { authClient } = await import('../lib/auth-client.ts');
  const { data } = await authClient.getSession();
  if (!data.session) throw new SignInNeeded('no session');
  return data.session.access_token;
}

/** The address of `path` (the auth server's or a function's) on the project. */
export function projectUrl(path: string, base: string = config.supabaseUrl): string {
  return `${base}${path}`;
}

/** Where authFetch sends its requests: the project's address and public key, and fetch. */
export interface Project {
  url: string;
  key: string;
  fetch(url: string, init: RequestInit): Promise<Response>;
}

/** What authFetch is told: a request whose headers it completes, and its token if known. */
export type AuthRequest = Omit<RequestInit, 'headers'> & {
  headers?: Record<string, string>;
  /** The token to send; without one, the member's (accessToken above). */
  accessToken?: string;
};

/**
 * Calls the auth server or a function at `path` as the member: the project's public key and the
 * member's bearer token, as the auth client sends them, never cached, never with cookies.
 * `project` is the browser's unless a test passes its own.
 */
export async function authFetch(
  path: string,
  init: AuthRequest = {},
  project: Project = {
    url: config.supabaseUrl,
    key: config.supabaseKey,
    fetch: (url, request) => fetch(url, request),
  },
): Promise<Response> {
  const { accessToken: token, headers, ...request } = init;
  return project.fetch(projectUrl(path, project.url), {
    ...request,
    headers: {
      apikey: project.key,
      Authorization: `Bearer ${token ?? (await accessToken())}`,
      ...headers,
    },
    cache: 'no-store',
    credentials: 'omit',
  });
}
