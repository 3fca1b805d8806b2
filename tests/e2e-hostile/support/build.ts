/*
 * The hostile-content build: the site built from tests/fixtures/hostile-content/ (entries whose
 * every text field spells markup or script) into a folder of its own, so it never replaces the
 * dist/ a running server may be serving. Read by scripts/test-hostile.ts, which builds it, and
 * by playwright.hostile.config.ts and the specs, which serve and read it.
 */

/** The fixture content folder, as CONTENT_DIR (src/catalogue/content-dir.ts) takes it. */
export const HOSTILE_CONTENT_DIR = 'tests/fixtures/hostile-content';

/** The build folder, as SITE_OUT_DIR (scripts/out-dir.ts) takes it. */
export const HOSTILE_OUT_DIR = '.hostile/dist';

/** The environment that builds and serves the hostile build. */
export const HOSTILE_ENV = { CONTENT_DIR: HOSTILE_CONTENT_DIR, SITE_OUT_DIR: HOSTILE_OUT_DIR };
