import { Agent } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { LOCAL_SECRET_KEY } from '../../../local-auth-server/config.ts';
import { LOCAL_HOST, LOCAL_PUBLISHABLE_KEY } from '../../../src/lib/local-defaults.ts';
import { atLeast, exactly, type Figure } from '../lib/figures.ts';
import { combineLoads, runLoad, send, type HttpCall, type LoadResult } from '../lib/http-load.ts';
import { processTree, readProcesses } from '../lib/process-tree.ts';
import { median, percentile } from '../lib/stats.ts';
import {
  checkOut,
  freePort,
  postmasterPid,
  spawnStack,
  stopOrphanedPostgrest,
  stopStack,
  tempFolder,
  waitUntilHealthy,
  type Checkout,
  type StackPlace,
  type StackProcess,
} from '../local-stack.ts';
import type { Section } from '../section.ts';

const SECTION = 'Local stack';

/** The last commit whose auth server kept its data in node:sqlite (48a59ac moved it to Postgres). */
const BEFORE_COMMIT = '32e6bee';
const BEFORE = `before (SQLite, ${BEFORE_COMMIT})`;
const AFTER = 'after (Postgres)';

const PASSWORD = 'correct-horse-1';
const USER_LOAD = { concurrency: 50, seconds: 20 };
const GRANT_LOAD = { concurrency: 10, seconds: 10 };
/** Unmeasured seconds of each load first, so neither server is timed while it compiles its hot paths. */
const WARM_UP_SECONDS = 1;
/** The target: a drop of more than a third is explained or fixed (the issue). */
const MIN_RATIO = 0.67;

const SIGNUPS = 300;
/** The kill comes once this many sign-ups are acknowledged: about a third. */
const KILL_AFTER = 100;
const ROUNDS = 3;
/**
 * How long main.ts may take to exit after Postgres dies. Node exits only once its thread pool has
 * run the scrypt hashes queued there; local-auth-server/passwords.ts queues at most three (the
 * rest of a burst waits in JavaScript, which exiting drops), so it is well under a second now,
 * where 200 queued sign-ups took 10-50 s.
 */
const EXIT_LIMIT_SECONDS = 120;

/** One server under load: where it answers and the member whose token it gets. */
interface Side {
  name: string;
  url: string;
  accessToken: string;
  email: string;
  /** The main.ts process, whose tree's CPU time is read around each turn. */
  pid: number;
}

/** A confirmed member created through the admin API, and their access token. */
async function member(url: string, email: string): Promise<string> {
  const created = await send({
    url: `${url}/auth/v1/admin/users`,
    method: 'POST',
    headers: { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` },
    body: { email, password: PASSWORD, email_confirm: true },
  });
  if (created.status !== 200) {
    throw new Error(`${url}: creating ${email} answered ${created.status}`);
  }
  const signedIn = await send(grantCall(url, email));
  const token = (signedIn.json as { access_token?: unknown } | undefined)?.access_token;
  if (signedIn.status !== 200 || typeof token !== 'string') {
    throw new Error(`${url}: signing ${email} in answered ${signedIn.status}`);
  }
  return token;
}

function grantCall(url: string, email: string): HttpCall {
  return {
    url: `${url}/auth/v1/token?grant_type=password`,
    method: 'POST',
    headers: { apikey: LOCAL_PUBLISHABLE_KEY },
    body: { email, password: PASSWORD },
  };
}

function userCall(side: Side): HttpCall {
  return {
    url: `${side.url}/auth/v1/user`,
    headers: { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${side.accessToken}` },
  };
}

/** CPU time spent during a load, in milliseconds. */
interface CpuSpent {
  /** The main.ts process: the gateway and the auth server. */
  server: number;
  /** The rest of its tree: Postgres (every backend) and PostgREST. */
  database: number;
  /** The bench's own process, which generates the load. */
  loadGenerator: number;
}

/** A side's load with the CPU time it took. */
type Measured = LoadResult & { cpu: CpuSpent };

/** CPU time of main.ts and of the rest of its tree so far. */
function treeCpu(pid: number): Omit<CpuSpent, 'loadGenerator'> {
  const tree = processTree(readProcesses(), pid);
  const server = tree.find((info) => info.pid === pid)?.cpuMs ?? 0;
  const all = tree.reduce((sum, info) => sum + (info.cpuMs ?? 0), 0);
  return { server, database: all - server };
}

/** One turn of a load on one side, with the CPU time it took on both ends. */
async function turn(side: Side, call: HttpCall, concurrency: number, seconds: number) {
  const before = treeCpu(side.pid);
  const own = process.cpuUsage();
  const result = await runLoad(call, concurrency, seconds);
  const after = treeCpu(side.pid);
  const { user, system } = process.cpuUsage(own);
  const cpu: CpuSpent = {
    server: after.server - before.server,
    database: after.database - before.database,
    loadGenerator: (user + system) / 1000,
  };
  return { result, cpu };
}

/**
 * The same load on each side, in the order before, after, after, before (half the time each
 * turn), so a change in what else the machine runs weighs on both alike.
 */
async function compare(
  sides: readonly Side[],
  call: (side: Side) => HttpCall,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<Map<string, Measured>> {
  for (const side of sides) await runLoad(call(side), concurrency, WARM_UP_SECONDS);
  const turns = [...sides, ...[...sides].reverse()];
  const measured = new Map<string, Measured>();
  for (const side of turns) {
    const { result, cpu } = await turn(side, call(side), concurrency, seconds / 2);
    const sum = measured.get(side.name);
    measured.set(side.name, {
      ...combineLoads(sum ? [sum, result] : [result]),
      cpu: {
        server: (sum?.cpu.server ?? 0) + cpu.server,
        database: (sum?.cpu.database ?? 0) + cpu.database,
        loadGenerator: (sum?.cpu.loadGenerator ?? 0) + cpu.loadGenerator,
      },
    });
  }
  return measured;
}

const perSecond = (load: Measured | undefined) => (load ? load.requests / load.seconds : null);

/** How a crash round is made. */
type CrashKind = 'auth server' | 'Postgres';

interface Round {
  acknowledged: number;
  /** Acknowledged addresses not in auth.users after the restart. */
  lost: string[];
  /** Seconds from the restart's spawn to the gateway answering, if it came back. */
  restartSeconds: number | undefined;
  /** Seconds from the kill to main.ts's exit; undefined when the bench had to kill it. */
  exitSeconds: number | undefined;
  /** Whether main.ts died of an uncaught error instead of stopping the stack itself. */
  crashed: boolean;
  /** PostgREST processes the killed main.ts left running. */
  leftPostgrest: number;
}

/** The acknowledged addresses missing from auth.users, read as postgres on the stack's database. */
async function missing(dbPort: number, emails: readonly string[]): Promise<string[]> {
  const client = new pg.Client({
    host: LOCAL_HOST,
    port: dbPort,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(
      'select email from auth.users where email = any($1::text[])',
      [emails],
    );
    const found = new Set(rows.map((row) => row.email));
    return emails.filter((email) => !found.has(email));
  } finally {
    await client.end();
  }
}

/**
 * One round: SIGNUPS sign-ups at once; once KILL_AFTER are acknowledged, a SIGKILL of main.ts or
 * of the postmaster; the rest fail. Then one start of main.ts on the same folder (after main.ts
 * has exited by itself when Postgres was killed), and every acknowledged address looked up.
 * Returns the round and the stack now running.
 */
async function crashRound(
  stack: StackProcess,
  kind: CrashKind,
  label: string,
  spawnTracked: (place: StackPlace) => StackProcess,
  log: (line: string) => void,
): Promise<{ round: Round; next: StackProcess }> {
  const postmaster = postmasterPid(stack.place.dataDir);
  if (postmaster === undefined) throw new Error('no postmaster.pid in the running stack');
  const kill = () => {
    if (kind === 'auth server') stack.child.kill('SIGKILL');
    else process.kill(postmaster, 'SIGKILL');
  };
  const agent = new Agent({ keepAlive: false });
  const acknowledged: string[] = [];
  let killed = false;
  let killedAt = 0;
  let afterKill = 0;
  await Promise.all(
    Array.from({ length: SIGNUPS }, async (_, index) => {
      const email = `${label}-${index}@example.com`;
      const answer = await send(
        {
          url: `${stack.url}/auth/v1/signup`,
          method: 'POST',
          headers: { apikey: LOCAL_PUBLISHABLE_KEY },
          body: { email, password: PASSWORD },
        },
        agent,
      ).catch(() => undefined);
      if (answer?.status !== 200) return;
      acknowledged.push(email);
      if (killed) afterKill += 1;
      if (!killed && acknowledged.length >= KILL_AFTER) {
        killed = true;
        killedAt = performance.now();
        kill();
      }
    }),
  );
  agent.destroy();
  if (!killed) {
    killedAt = performance.now();
    kill();
  }
  // Killed with Postgres, main.ts is to see it go and exit by itself.
  let exitCode = await Promise.race([
    stack.exited,
    new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), EXIT_LIMIT_SECONDS * 1000),
    ),
  ]);
  const exitSeconds =
    exitCode === 'still running' ? undefined : (performance.now() - killedAt) / 1000;
  if (exitCode === 'still running') {
    log(`    main.ts had not exited ${EXIT_LIMIT_SECONDS} s after the kill; killing it`);
    stack.child.kill('SIGKILL');
    exitCode = await stack.exited;
  }
  const crashed = /Unhandled 'error' event|Uncaught|unhandledRejection/.test(stack.output());
  const next = spawnTracked(stack.place);
  let restartSeconds: number | undefined;
  let running = next;
  try {
    restartSeconds = await waitUntilHealthy(next);
  } catch (error) {
    log(`    the restart failed: ${error instanceof Error ? error.message : String(error)}`);
    await stopStack(next);
    running = spawnTracked(stack.place);
    await waitUntilHealthy(running);
  }
  const leftPostgrest = await stopOrphanedPostgrest(stack);
  const lost = await missing(stack.place.dbPort, acknowledged);
  log(
    `    ${acknowledged.length} acknowledged (${afterKill} after the kill), ${SIGNUPS - acknowledged.length} failed; main.ts exited ${exitCode ?? stack.child.signalCode} ${exitSeconds?.toFixed(1) ?? `(killed after ${EXIT_LIMIT_SECONDS})`} s after the kill${crashed ? ' (uncaught error)' : ''}; restart ${restartSeconds?.toFixed(2) ?? 'failed'} s; lost ${lost.length}${lost.length ? `: ${lost.slice(0, 5).join(', ')}` : ''}${leftPostgrest ? `; ${leftPostgrest} PostgREST left running` : ''}`,
  );
  return {
    round: {
      acknowledged: acknowledged.length,
      lost,
      restartSeconds,
      exitSeconds,
      crashed,
      leftPostgrest,
    },
    next: running,
  };
}

function crashFigures(kind: CrashKind, rounds: readonly Round[]): Figure[] {
  const subject = `kill -9 of the ${kind === 'auth server' ? 'auth server (main.ts)' : 'Postgres postmaster'} during ${SIGNUPS} sign-ups, ${ROUNDS} rounds`;
  const restarts = rounds.flatMap((round) => round.restartSeconds ?? []);
  const figure = (metric: string, value: number | null, extra: Partial<Figure> = {}): Figure => ({
    section: SECTION,
    subject,
    metric,
    value,
    unit: 'count',
    ...extra,
  });
  const figures = [
    figure(
      'acknowledged sign-ups',
      rounds.reduce((sum, round) => sum + round.acknowledged, 0),
      { note: rounds.map((round) => round.acknowledged).join(' + ') },
    ),
    figure(
      'acknowledged sign-ups lost',
      rounds.reduce((sum, round) => sum + round.lost.length, 0),
      { target: exactly(0), note: 'looked up in auth.users after the restart' },
    ),
    figure('restart to gateway answering, median', median(restarts) ?? null, {
      unit: 's',
      note: restarts.map((seconds) => `${seconds.toFixed(2)} s`).join(', '),
    }),
    figure('came back on one start', restarts.length, { target: exactly(ROUNDS) }),
  ];
  figures.push(
    figure(
      'PostgREST left running by main.ts',
      rounds.reduce((sum, round) => sum + round.leftPostgrest, 0),
      {
        target: exactly(0),
        note: 'counted after the restart: the next start stops what a killed stack left',
      },
    ),
  );
  if (kind === 'Postgres') {
    const exits = rounds.flatMap((round) => round.exitSeconds ?? []);
    const killed = rounds.length - exits.length;
    figures.push(
      figure('kill to main.ts exit, median', median(exits) ?? null, {
        unit: 's',
        note: `${exits.map((seconds) => `${seconds.toFixed(1)} s`).join(', ')}${killed ? `; ${killed} still running after ${EXIT_LIMIT_SECONDS} s, killed` : ''}`,
      }),
      figure('main.ts died of an uncaught error', rounds.filter((round) => round.crashed).length, {
        note: 'instead of stopping the stack itself',
      }),
    );
  }
  return figures;
}

function loadFigures(
  subject: string,
  rate: string,
  load: Measured | undefined,
  unavailable: string | undefined,
): Figure[] {
  const figure = (metric: string, value: number | null, unit: Figure['unit']): Figure => ({
    section: SECTION,
    subject,
    metric,
    value,
    unit,
    ...(unavailable ? { note: unavailable } : {}),
  });
  const perRequest = (ms: number | undefined) =>
    load && ms !== undefined && load.requests > 0 ? (ms * 1000) / load.requests : null;
  const figures = [
    figure(rate, perSecond(load), 'count'),
    figure('p50', load ? (percentile(load.latenciesMs, 50) ?? null) : null, 'ms'),
    figure('p99', load ? (percentile(load.latenciesMs, 99) ?? null) : null, 'ms'),
    {
      ...figure('errors (not 200)', load?.errors ?? null, 'count'),
      ...(unavailable ? {} : { target: exactly(0) }),
    },
    figure('CPU per request: main.ts', perRequest(load?.cpu.server), 'µs'),
  ];
  if (load?.cpu.database) {
    figures.push(figure('CPU per request: Postgres', perRequest(load.cpu.database), 'µs'));
  }
  figures.push(
    figure('CPU per request: load generator', perRequest(load?.cpu.loadGenerator), 'µs'),
  );
  return figures;
}

/**
 * The local stack (Postgres, the auth server, PostgREST, one gateway), each stack started by the
 * bench as `node local-auth-server/main.ts` on free ports and a temporary folder: GET /user and
 * the password grant under load against the auth server of BEFORE_COMMIT, which kept its data in
 * node:sqlite; sign-ups through a SIGKILL of the auth server or of Postgres; start-up times.
 */
export const localStack: Section = {
  name: 'local-stack',
  needsServers: false,
  async run({ root, log }) {
    const temp = tempFolder('bench-stack-');
    const spawned: StackProcess[] = [];
    const spawnTracked = (place: StackPlace) => {
      const stack = spawnStack(place);
      spawned.push(stack);
      return stack;
    };
    const ports = new Set<number>();
    const port = async () => {
      let found = await freePort();
      while (ports.has(found)) found = await freePort();
      ports.add(found);
      return found;
    };
    let checkout: Checkout | undefined;
    try {
      const after: StackPlace = {
        root,
        dataDir: join(temp, 'after'),
        authPort: await port(),
        dbPort: await port(),
      };
      log('  start-up: cold (initdb, migrations, PostgREST), then warm');
      const cold = spawnTracked(after);
      const coldSeconds = await waitUntilHealthy(cold);
      await stopStack(cold);
      let current = spawnTracked(after);
      const warmSeconds = await waitUntilHealthy(current);
      log(`    cold ${coldSeconds.toFixed(2)} s, warm ${warmSeconds.toFixed(2)} s`);

      checkout = await checkOut(root, BEFORE_COMMIT);
      const unavailable = checkout
        ? undefined
        : `${BEFORE_COMMIT} is not in this clone (shallow?): no before to compare`;
      const sides: Side[] = [];
      let beforeStart: number | undefined;
      if (checkout) {
        log(`  ${BEFORE}: its auth server from a worktree of ${BEFORE_COMMIT}`);
        const before = spawnTracked({
          root: checkout.dir,
          dataDir: join(temp, 'before'),
          authPort: await port(),
          dbPort: await port(),
        });
        beforeStart = await waitUntilHealthy(before);
        const email = 'load-before@example.com';
        sides.push({
          name: BEFORE,
          url: before.url,
          email,
          accessToken: await member(before.url, email),
          pid: before.child.pid ?? 0,
        });
      } else {
        log(`  ${unavailable}`);
      }
      const email = 'load-after@example.com';
      sides.push({
        name: AFTER,
        url: current.url,
        email,
        accessToken: await member(current.url, email),
        pid: current.child.pid ?? 0,
      });

      log(`  GET /auth/v1/user, ${USER_LOAD.concurrency} connections, ${USER_LOAD.seconds} s each`);
      const users = await compare(sides, userCall, USER_LOAD);
      log(`  password grant, ${GRANT_LOAD.concurrency} connections, ${GRANT_LOAD.seconds} s each`);
      const grants = await compare(sides, (side) => grantCall(side.url, side.email), GRANT_LOAD);
      for (const side of sides) {
        log(
          `    ${side.name}: ${perSecond(users.get(side.name))?.toFixed(0)} requests/s, ${perSecond(grants.get(side.name))?.toFixed(1)} sign-ins/s`,
        );
      }
      for (const stack of spawned) if (stack.place.root !== root) await stopStack(stack);

      const runId = Date.now().toString(36);
      const crashes: Figure[] = [];
      for (const kind of ['auth server', 'Postgres'] as const) {
        log(`  kill -9 of the ${kind} during ${SIGNUPS} sign-ups`);
        const rounds: Round[] = [];
        for (let round = 1; round <= ROUNDS; round += 1) {
          const label = `crash-${kind === 'auth server' ? 'auth' : 'pg'}-${runId}-${round}`;
          const result = await crashRound(current, kind, label, spawnTracked, log);
          rounds.push(result.round);
          current = result.next;
        }
        crashes.push(...crashFigures(kind, rounds));
      }
      await stopStack(current);

      const userRate = (name: string) => perSecond(users.get(name));
      const afterRate = userRate(AFTER);
      const beforeRate = unavailable ? null : userRate(BEFORE);
      const userSubject = `GET /auth/v1/user, ${USER_LOAD.concurrency} connections, ${USER_LOAD.seconds} s`;
      const grantSubject = `password grant, ${GRANT_LOAD.concurrency} connections, ${GRANT_LOAD.seconds} s`;
      const interleaved = 'before, after, after, before: half the time each turn';
      return [
        ...loadFigures(`${userSubject}: ${BEFORE}`, 'requests/s', users.get(BEFORE), unavailable),
        ...loadFigures(`${userSubject}: ${AFTER}`, 'requests/s', users.get(AFTER), undefined),
        {
          section: SECTION,
          subject: userSubject,
          metric: 'requests/s, after / before',
          value: afterRate !== null && beforeRate ? afterRate / beforeRate : null,
          unit: 'ratio',
          ...(unavailable
            ? { note: unavailable }
            : { target: atLeast(MIN_RATIO), note: interleaved }),
        },
        ...loadFigures(`${grantSubject}: ${BEFORE}`, 'sign-ins/s', grants.get(BEFORE), unavailable),
        ...loadFigures(`${grantSubject}: ${AFTER}`, 'sign-ins/s', grants.get(AFTER), undefined),
        ...crashes,
        {
          section: SECTION,
          subject: 'start to /auth/v1/health answering',
          metric: 'cold: initdb, migrations, PostgREST',
          value: coldSeconds,
          unit: 's',
          note: 'npm start also builds the site first',
        },
        {
          section: SECTION,
          subject: 'start to /auth/v1/health answering',
          metric: 'warm: same data folder',
          value: warmSeconds,
          unit: 's',
        },
        {
          section: SECTION,
          subject: 'start to /auth/v1/health answering',
          metric: `${BEFORE}, first start`,
          value: beforeStart ?? null,
          unit: 's',
          ...(unavailable ? { note: unavailable } : {}),
        },
      ] satisfies Figure[];
    } finally {
      // The latest first: a later start on a folder owns the Postgres an earlier one left.
      for (const stack of [...spawned].reverse()) {
        await stopStack(stack).catch((error: unknown) =>
          log(`  could not stop a stack: ${String(error)}`),
        );
      }
      await checkout
        ?.remove()
        .catch((error: unknown) => log(`  could not remove the worktree: ${String(error)}`));
      rmSync(temp, { recursive: true, force: true });
    }
  },
};
