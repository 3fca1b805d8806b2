import { accepting } from '../scripts/ports.ts';

/*
 * The stack's fixed ports, 54321 and 54322 (where the Supabase CLI puts its gateway and
 * database), lie inside Linux's ephemeral range (32768-60999): any outgoing connection on the
 * machine may be given one of them as its own local port, and a server binding it then fails
 * with "address already in use" although nothing serves there. Once such a connection is closed
 * from its own side, Linux keeps its port in TIME_WAIT for 60 seconds (tests/auth-server/
 * ports.test.ts shows it), and even SO_REUSEADDR, which Postgres and Node set, does not pass a
 * socket that did not set it too. Such a start is tried again until the port is free; a port
 * where a server answers fails at once, with the message that names it.
 */

/** How long a start waits for a port held by a connection: TIME_WAIT's 60 s, and a margin. */
export const PORT_PATIENCE_MS = 65_000;
const RETRY_EVERY_MS = 200;

/** What bindPatiently needs from the world: tests pass fakes. */
export interface PortWorld {
  accepting(host: string, port: number): Promise<boolean>;
  sleep(ms: number): Promise<void>;
  now(): number;
}

const realWorld: PortWorld = {
  accepting,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

/** A start that binds a port. */
export interface Binding<T> {
  host: string;
  port: number;
  /** Binds the port; may be called again after it failed. */
  start(): Promise<T>;
  /** Whether a failure of `start` says the address is taken. */
  inUse(error: unknown): boolean;
  /** Told once when the start waits, so a person at the terminal knows why. */
  log?: (line: string) => void;
}

/**
 * Runs `start` until it succeeds. A failure `inUse` recognises is tried again while no server
 * accepts on the port and `PORT_PATIENCE_MS` has not passed; any other failure, and the last,
 * is thrown as it came.
 */
export async function bindPatiently<T>(
  binding: Binding<T>,
  world: PortWorld = realWorld,
): Promise<T> {
  const { host, port } = binding;
  const deadline = world.now() + PORT_PATIENCE_MS;
  for (let waited = false; ; waited = true) {
    try {
      return await binding.start();
    } catch (error) {
      if (!binding.inUse(error) || world.now() >= deadline || (await world.accepting(host, port))) {
        throw error;
      }
      if (!waited) {
        binding.log?.(
          `Port ${port} on ${host} is held by a connection that is closing (nothing serves there); waiting for it, up to a minute`,
        );
      }
      await world.sleep(RETRY_EVERY_MS);
    }
  }
}

/** Whether a Node error is a bind refused because the address is taken. */
export function addressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}
