import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_ENV } from '../../../scripts/fixtures/builds.ts';
import { isPageFile } from '../../../scripts/built-pages.ts';

/** The build the browser tests run against (npm run test:e2e builds it first). */
export const DIST = join(import.meta.dirname, '..', '..', '..', E2E_ENV.SITE_OUT_DIR);

/** Every file under `folder`, as absolute paths. */
export function filesUnder(folder: string = DIST): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The built pages' files, relative to `folder`: what the build's steps read as pages. */
export function pageFiles(folder: string = DIST): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(isPageFile);
}
