/*
 * The local stack's fixed addresses and public key, written once: the site config
 * (site-config.ts), the local auth server (local-auth-server/config.ts), Playwright
 * (playwright.config.ts), the bench (scripts/bench/) and the tests all read them here. The ports
 * follow the Supabase CLI's local stack, so a project moved to it keeps its URLs.
 *
 * Only what a browser may see lives here: this module reaches the site's bundle through
 * site-config.ts. The local auth server's secret key lives beside its other server-side defaults
 * in local-auth-server/config.ts (LOCAL_SECRET_KEY), never under src/.
 */

/** The loopback address every local server listens on. */
export const LOCAL_HOST = '127.0.0.1';

/** The site's port (npm start, npm run preview, the browser tests, the bench). */
export const LOCAL_SITE_PORT = 4321;

/** The local auth server's port: the Supabase CLI's API gateway port. */
export const LOCAL_AUTH_PORT = 54321;

/** The local Postgres's port: the Supabase CLI's database port (user, password and database postgres). */
export const LOCAL_POSTGRES_PORT = 54322;

/** The site's origin when PUBLIC_SITE_URL is not set. */
export const LOCAL_SITE_URL = `http://${LOCAL_HOST}:${LOCAL_SITE_PORT}`;

/** The local auth server's base URL when LOCAL_AUTH_PORT is not set (supabase-js appends /auth/v1). */
export const LOCAL_AUTH_URL = `http://${LOCAL_HOST}:${LOCAL_AUTH_PORT}`;

/** The publishable key the local auth server accepts unless LOCAL_AUTH_ANON_KEY overrides it. */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_local_dev_key';
