import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addressInUse,
  bindPatiently,
  PORT_PATIENCE_MS,
  type PortWorld,
} from '../../local-auth-server/ports.ts';
import { accepting } from '../../scripts/ports.ts';

const HOST = '127.0.0.1';
const opened: Array<Server | Socket> = [];
afterEach(() => {
  for (const thing of opened.splice(0)) {
    if ('destroy' in thing) thing.destroy();
    else thing.close();
  }
});

function listenOn(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

/**
 * An outgoing connection, whose local port the kernel picks from the ephemeral range, and the
 * server's end of it.
 */
async function outgoingConnection(): Promise<{ connection: Socket; peer: Socket }> {
  const peers: Socket[] = [];
  const target = createServer((socket) => {
    opened.push(socket);
    peers.push(socket);
  });
  opened.push(target);
  const port = await listenOn(target, 0);
  const connection = connect({ host: HOST, port });
  opened.push(connection);
  await new Promise((resolve) => connection.once('connect', resolve));
  while (peers.length === 0) await new Promise((resolve) => target.once('connection', resolve));
  return { connection, peer: peers[0] as Socket };
}

const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });

/** A world whose clock moves only by its sleeps, and whose port a server accepts on or not. */
function fakeWorld(serverThere: boolean): PortWorld & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    accepting: () => Promise.resolve(serverThere),
    sleep: (ms) => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
    now: () => now,
  };
}

describe('bindPatiently', () => {
  it.each([
    {
      case: 'a port taken by a passing connection is tried until it is free',
      failures: 3,
      serverThere: false,
      outcome: 'bound',
      attempts: 4,
    },
    {
      case: 'a port a server answers on fails at once',
      failures: 1,
      serverThere: true,
      outcome: 'EADDRINUSE',
      attempts: 1,
    },
    {
      case: 'a port never freed fails once the patience is spent',
      failures: Infinity,
      serverThere: false,
      outcome: 'EADDRINUSE',
      attempts: Math.ceil(PORT_PATIENCE_MS / 200) + 1,
    },
  ])('$case', async ({ failures, serverThere, outcome, attempts }) => {
    const world = fakeWorld(serverThere);
    let tried = 0;
    const start = () => {
      tried += 1;
      return tried <= failures ? Promise.reject(inUse) : Promise.resolve('bound');
    };
    const result = await bindPatiently(
      { host: HOST, port: 54321, start, inUse: addressInUse },
      world,
    ).catch((error: NodeJS.ErrnoException) => error.code);
    expect(result).toBe(outcome);
    expect(tried).toBe(attempts);
  });

  it('throws any other failure at once', async () => {
    const world = fakeWorld(false);
    const denied = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    await expect(
      bindPatiently(
        { host: HOST, port: 80, start: () => Promise.reject(denied), inUse: addressInUse },
        world,
      ),
    ).rejects.toBe(denied);
    expect(world.slept).toEqual([]);
  });

  it("binds a port an outgoing connection held, once that connection is gone (the kernel's own case)", async () => {
    const { connection, peer } = await outgoingConnection();
    const port = connection.localPort as number;
    expect(await accepting(HOST, port)).toBe(false);
    const server = createServer();
    opened.push(server);
    const failures: string[] = [];
    const said: string[] = [];
    const bound = await bindPatiently({
      host: HOST,
      port,
      start: () =>
        listenOn(server, port).catch(async (error: NodeJS.ErrnoException) => {
          failures.push(error.code ?? '');
          // The connection ends while the start waits, closed by its peer first (closed from
          // its own side first, its port would stay taken for TIME_WAIT's 60 s).
          if (failures.length === 1) {
            peer.end();
            await new Promise((resolve) => connection.once('end', resolve));
            connection.end();
            await new Promise((resolve) => connection.once('close', resolve));
          }
          throw error;
        }),
      inUse: addressInUse,
      log: (line) => said.push(line),
    });
    expect(failures).toEqual(['EADDRINUSE']);
    expect(said).toEqual([
      `Port ${port} on ${HOST} is held by a connection that is closing (nothing serves there); waiting for it, up to a minute`,
    ]);
    expect(bound).toBe(port);
    expect(await accepting(HOST, port)).toBe(true);
  });

  it('gives up at once on a port where a server listens', async () => {
    const first = createServer();
    opened.push(first);
    const port = await listenOn(first, 0);
    const second = createServer();
    opened.push(second);
    let tried = 0;
    const error = await bindPatiently({
      host: HOST,
      port,
      start: () => {
        tried += 1;
        return listenOn(second, port);
      },
      inUse: addressInUse,
    }).catch((failure: NodeJS.ErrnoException) => failure);
    expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    expect(tried).toBe(1);
  });
});
