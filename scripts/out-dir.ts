// Where `npm run build` writes the site and what `npm start`, the browser tests and the bench
// serve: dist/, unless SITE_OUT_DIR names another folder. A second build (the hostile-content
// check in tests/e2e-hostile/) goes elsewhere, so it never rewrites dist/ under a running server.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

/** The default build folder, relative to the repository root. */
export const DEFAULT_OUT_DIR = 'dist';

/**
 * @param env the environment (process.env)
 * @param root the repository root
 * @returns the build folder as a file URL ending in a slash
 */
export function outDir(env: Record<string, string | undefined>, root: URL): URL {
  const folder = env.SITE_OUT_DIR?.trim() || DEFAULT_OUT_DIR;
  const url = pathToFileURL(resolve(new URL('.', root).pathname, folder));
  url.pathname = url.pathname.replace(/\/?$/, '/');
  return url;
}
