/** Where editors' files live unless CONTENT_DIR points elsewhere. */
export const DEFAULT_CONTENT_DIR = 'content';

/**
 * The folder the catalogue is built from: CONTENT_DIR when set (the bench builds synthetic
 * catalogues of 1,000 to 50,000 entries this way), otherwise content/. A trailing slash is
 * dropped so paths join cleanly.
 */
export function contentDir(env: Record<string, string | undefined>): string {
  const value = env.CONTENT_DIR?.trim().replace(/\/+$/, '');
  return value ? value : DEFAULT_CONTENT_DIR;
}

/**
 * This build's content folder, resolved once from the environment: the Astro config, the
 * collections, the loaders and the logo checks all read it, so none derives it again.
 */
export const buildContentDir: string = contentDir(process.env);
