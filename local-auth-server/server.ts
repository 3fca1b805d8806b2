import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AppContext, EdgeFunction } from './api.ts';
import { loadConfig, type Config } from './config.ts';
import { answerClientError, BASELINE_HEADERS, handleRequest } from './http.ts';
import { projectFunctions } from './project-functions.ts';
import { KeyedLock } from './keyed-lock.ts';
import { Mailer } from './mail.ts';
import { addressInUse, bindPatiently } from './ports.ts';
import { Limiters } from './rate-limits.ts';
import { RedirectPolicy } from './redirects.ts';
import { urlAs } from './database/postgres.ts';
import { startPostgrest, type LocalPostgrest } from './database/postgrest.ts';
import { Store } from './store/index.ts';
import { TokenSigner } from './tokens.ts';

/** A running local auth server. */
export interface AuthServer {
  /** Base URL for supabase-js, e.g. http://127.0.0.1:54321 (it appends /auth/v1). */
  url: string;
  /** The publishable key to send as `apikey`. */
  anonKey: string;
  /** The developer inbox page. */
  inboxUrl: string;
  /** Mounts a Web-standard handler at /functions/v1/<name>. */
  registerFunction(name: string, handler: EdgeFunction): void;
  /** The public keys tokens are verified with (what /auth/v1/.well-known/jwks.json answers). */
  jwks: { keys: object[] };
  /** Stops listening, drops open connections, stops PostgREST and closes the database. */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** The host part of the public URL: wildcard binds are reached through loopback. */
function publicHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

/**
 * The Host values to answer: the loopback names on the bound port, the public URL's host, and
 * the configured extras (with or without the port). A page on another name that resolves here
 * (DNS rebinding) is refused before anything is read.
 */
function hostsFor(config: Config, address: AddressInfo): Set<string> {
  const port = address.port;
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  hosts.add(`${publicHost(address)}:${port}`);
  for (const entry of config.allowedHosts) {
    hosts.add(entry);
    if (!/:\d+$/.test(entry)) hosts.add(`${entry}:${port}`);
  }
  return hosts;
}

/**
 * Starts the local Supabase Auth server. Options override the environment (LOCAL_AUTH_*),
 * which overrides the defaults; `port: 0` picks a free port.
 */
export async function startAuthServer(options: Partial<Config> = {}): Promise<AuthServer> {
  const config: Config = { ...loadConfig(process.env), ...options };
  const store = new Store(config.databaseUrl);
  let server: Server | undefined;
  let mailer: Mailer | undefined;
  let rest: LocalPostgrest | undefined;
  try {
    const signer = await TokenSigner.load(config.dataDir);
    // Before anything is served, so no request finds the database missing: a clear error now.
    await store.check();
    if (config.rest) {
      rest = await startPostgrest({
        databaseUrl: urlAs(config.databaseUrl, 'authenticator'),
        jwks: signer.jwks(),
        pidFile: path.join(config.dataDir, 'postgrest.pid'),
      });
    }
    const limiters = config.rateLimits ? new Limiters(config.rateLimits, config.now) : null;
    mailer = new Mailer(config, store, limiters);
    const context = Promise.withResolvers<AppContext>();
    // Room for the token of a member whose metadata outgrew today's cap (metadata.ts) before
    // it existed: they must still be able to sign in and shrink it.
    server = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
      void context.promise
        .then((ctx) => handleRequest(ctx, req, res))
        .catch((error: unknown) => {
          console.error('local-auth-server: request failed', error);
          if (!res.headersSent) res.writeHead(500, BASELINE_HEADERS).end();
        });
    });
    server.on('clientError', answerClientError);
    const listening = server;
    const address = await bindPatiently({
      host: config.host,
      port: config.port,
      start: () => listen(listening, config.port, config.host),
      inUse: addressInUse,
      log: config.log,
    });
    const url = `http://${publicHost(address)}:${address.port}`;
    const functions = projectFunctions(config.functionsDir, {
      url,
      publishableKey: config.anonKey,
      secretKey: config.secretKey,
      jwks: signer.jwks(),
      siteUrl: config.siteUrl,
    });
    context.resolve({
      config,
      store,
      signer,
      mailer,
      redirects: new RedirectPolicy(config.siteUrl, config.redirectUrls),
      locks: new KeyedLock(),
      hosts: hostsFor(config, address),
      limiters,
      publicUrl: url,
      issuer: `${url}/auth/v1`,
      functions,
      rest: rest ? { socketPath: rest.socketPath } : null,
    });
    const running = server;
    const runningMailer = mailer;
    const runningRest = rest;
    return {
      url,
      anonKey: config.anonKey,
      inboxUrl: `${url}/_dev/inbox`,
      registerFunction: (name, handler) => {
        functions.set(name, handler);
      },
      jwks: signer.jwks(),
      close: async () => {
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          running.closeAllConnections();
        });
        runningMailer.close();
        await runningRest?.stop();
        await store.close();
      },
    };
  } catch (error) {
    server?.close();
    mailer?.close();
    await rest?.stop();
    await store.close();
    throw error;
  }
}
