import type { Figure } from './lib/figures.ts';

/** What every measurement gets: where the project is and how to report progress. */
export interface BenchContext {
  /** Repository root. */
  root: string;
  /** The build output the servers serve. */
  dist: string;
  /** Progress lines, printed as the bench goes. */
  log: (line: string) => void;
}

/**
 * One measurement of `npm run bench`, in its own module under sections/. Adding a measurement is
 * one module and one line in main.ts's list.
 */
export interface Section {
  /** Short name, also accepted by `npm run bench -- --only <name>`. */
  name: string;
  /** Whether it needs the production build of the real content served with the auth server. */
  needsServers: boolean;
  run: (context: BenchContext) => Promise<Figure[]>;
}
