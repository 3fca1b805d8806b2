// npm start and npm run dev serve on fixed ports, because the site's URL is built into every page
// (canonical links, the auth server's redirects): a server that quietly moved to the next free
// port would print one address and serve another. So a busy port stops them before the build,
// naming the port and the variable that moves it.
import { connect, createServer } from 'node:net';
import { LOCAL_POSTGRES_PORT, LOCAL_SITE_PORT } from '../src/lib/local-defaults.ts';
import type { SiteConfig } from '../src/lib/site-config.ts';

/** A port a server needs, and what to tell the developer when it is taken. */
export interface NeededPort {
  /** The server, as in "the site cannot start there". */
  name: string;
  host: string;
  port: number;
  /** The variable that moves it. */
  variable: string;
  /** A command line that moves it. */
  example: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The port the site is served on locally: PUBLIC_SITE_URL's when it is a loopback URL, else LOCAL_SITE_PORT. */
export function sitePort(siteConfig: Pick<SiteConfig, 'siteUrl'>): number {
  const url = new URL(siteConfig.siteUrl);
  if (!LOOPBACK.has(url.hostname)) return LOCAL_SITE_PORT;
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/** Resolves true when nothing listens on host:port (a listen attempt there succeeds). */
export function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** Whether a server accepts connections on host:port. */
export function accepting(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Exits with one message per busy port: one a server answers on. A port only a closing
 * connection holds (the stack's ports lie in the kernel's ephemeral range) is left to the server,
 * which waits for it (local-auth-server/ports.ts).
 */
export async function refuseBusyPorts(ports: NeededPort[]): Promise<void> {
  const busy: NeededPort[] = [];
  for (const entry of ports) {
    if (!(await portIsFree(entry.host, entry.port)) && (await accepting(entry.host, entry.port))) {
      busy.push(entry);
    }
  }
  if (busy.length === 0) return;
  console.error('');
  for (const { name, host, port, variable, example } of busy) {
    console.error(
      `Port ${port} on ${host} is already in use, so the ${name} cannot start there. Stop the program using it (another npm start?) or choose another port with ${variable}, for example ${example}.`,
    );
  }
  console.error('');
  process.exit(1);
}

/** The ports npm start and npm run dev need: the site's, and the local stack's (gateway, database) when it runs. */
export function projectPorts(siteConfig: SiteConfig): NeededPort[] {
  const port = sitePort(siteConfig);
  const ports: NeededPort[] = [
    {
      name: 'site',
      host: '127.0.0.1',
      port,
      variable: 'PUBLIC_SITE_URL',
      example: `PUBLIC_SITE_URL=http://127.0.0.1:${port + 1} npm start`,
    },
  ];
  if (siteConfig.localAuth) {
    const auth = new URL(siteConfig.supabaseUrl);
    const authPort = Number(auth.port);
    ports.push({
      name: 'local auth server',
      host: auth.hostname,
      port: authPort,
      variable: 'LOCAL_AUTH_PORT',
      example: `LOCAL_AUTH_PORT=${authPort + 1} npm start`,
    });
    const databasePort = Number(process.env.LOCAL_DB_PORT?.trim() || LOCAL_POSTGRES_PORT);
    ports.push({
      name: 'local database (Postgres)',
      host: '127.0.0.1',
      port: databasePort,
      variable: 'LOCAL_DB_PORT',
      example: `LOCAL_DB_PORT=${databasePort + 1} npm start`,
    });
  }
  return ports;
}
