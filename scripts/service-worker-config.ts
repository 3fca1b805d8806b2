import type { GenerateSWOptions, RuntimeCaching } from 'workbox-build';
import { ENTRY_FILES_PATH, REST_FILES_PATH } from '../src/members/contract.ts';
import { MEMBERS_PAGES_CACHE } from '../src/members/page-cache.ts';
import { SHELL_TEMPLATES_FILE } from './shell-templates.ts';

/** workbox-build's plugin type, named in workbox-core, which is not a dependency of the site's. */
type WorkboxPlugin = NonNullable<NonNullable<RuntimeCaching['options']>['plugins']>[number];

/** The text as a literal inside a RegExp. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A RegExp for this site's URLs with one of the given paths, or one segment under one of the
 * given prefixes, with or without a query. Workbox tests a RegExp route against the whole URL and
 * takes another origin's URL only when the match starts at its first character: this one starts
 * after the origin (the lookbehind), so it never matches another site's URL. A rule, not a list:
 * the worker is a public file, and names no entry (scripts/entry-shells.ts).
 *
 * @param paths site paths, such as /toolstack and /toolstack/2
 * @param prefixes paths whose every child is a members' page, such as /toolstack
 */
export function sitePathsPattern(paths: string[], prefixes: string[] = []): RegExp {
  const alternatives = [
    ...[...paths].sort().map(literal),
    ...[...prefixes].sort().map((prefix) => `${literal(prefix)}/[^/?#]+`),
  ];
  return new RegExp(`(?<=^https?://[^/]+)(?:${alternatives.join('|')})(?=[?#]|$)`);
}

/**
 * Workbox plugin of the members' pages route, written into the worker as source text (no
 * closures): one cache entry per page whatever its query (the page is the same), and a request
 * that asks to bypass caches (`cache: 'no-store'` or `'reload'`, such as a page fetching itself
 * afresh after its copy would not open) gets the network's answer, which then replaces the copy.
 * Its parameters name only what it reads: Workbox's own types name the worker's ExtendableEvent,
 * which the DOM library this program is checked with does not have. Workbox awaits each answer.
 */
const MEMBERS_PAGES_PLUGIN = {
  cacheKeyWillBeUsed: ({ request }: { request: Request }): Promise<string> => {
    const url = new URL(request.url);
    url.search = '';
    url.hash = '';
    return Promise.resolve(url.href);
  },
  cachedResponseWillBeUsed: ({
    event,
    cachedResponse,
  }: {
    event?: { request?: Request };
    cachedResponse?: Response;
  }): Promise<Response | null | undefined> => {
    const mode = event && event.request ? event.request.cache : 'default';
    return Promise.resolve(mode === 'no-store' || mode === 'reload' ? null : cachedResponse);
  },
} satisfies WorkboxPlugin;

/**
 * workbox-build generateSW options. Public pages, icons and the JavaScript those pages
 * load are precached; other hashed assets are cached the first time a page uses them, so a
 * visitor's first load never downloads the members' bundles. Sealed members' pages are kept as
 * they are served (ciphertext: scripts/seal.ts) in the MEMBERS_PAGES_CACHE cache the first time
 * they are fetched, and served from it after that while the network revalidates them, so a hop
 * to a visited one (prerendered on hover or not) needs no network. Every other navigation goes to
 * the network. Both fall back to /offline when there is nothing to show. Auth and function calls
 * go to another origin and match no route here, so they are never cached.
 *
 * @param distDir build output folder
 * @param shellScripts dist-relative paths of the scripts public pages load
 * @param sealed the sealed members' pages (sealMembersPages in scripts/seal.ts); none when the
 *   build does not seal (MEMBERS_CONTENT_SEAL=off), so that a members' page in the clear is never
 *   cached
 */
export function serviceWorkerConfig(
  distDir: string,
  shellScripts: string[],
  sealed: { pages: string[]; prefixes: string[] },
): GenerateSWOptions {
  const offline = { precacheFallback: { fallbackURL: '/offline' } };
  return {
    globDirectory: distDir,
    // Styles are inlined into each page (scripts/critical-css.ts); the typeface is fetched after
    // a first page's paint and stays in the HTTP cache (immutable; src/lib/typeface.ts).
    // The shell's parts (scripts/shell-templates.ts) are markup every page brings in once shown.
    globPatterns: [
      '*.{svg,png,ico,webmanifest}',
      '{index,auth,offline}.html',
      SHELL_TEMPLATES_FILE,
      ...shellScripts,
    ],
    globIgnores: ['service-worker.js', 'og-image.png'],
    swDest: `${distDir}/service-worker.js`,
    // Pages are served at /auth, not /auth.html (build.format 'file').
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((entry) => ({
          ...entry,
          url: entry.url === 'index.html' ? '/' : entry.url.replace(/^(.*)\.html$/, '/$1'),
        })),
        warnings: [],
      }),
    ],
    // A new deploy's worker takes over open tabs at once; the page reloads on controllerchange.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
    // Hashed file names already change with their content.
    dontCacheBustURLsMatching: /^_astro\//,
    ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^message$/, /^tab$/, /^q$/],
    runtimeCaching: [
      // Before the navigations' route: the first matching route answers. An empty list would
      // make a pattern that matches everything, so no route at all then.
      ...(sealed.pages.length === 0
        ? []
        : [
            {
              // The pages, every entry address under a catalogue with a shell, the entries'
              // sealed parts and the pages' later parts: all ciphertext, kept in one cache that
              // sign-out clears.
              urlPattern: sitePathsPattern(sealed.pages, [
                ...sealed.prefixes,
                ENTRY_FILES_PATH.slice(0, -1),
                REST_FILES_PATH.slice(0, -1),
              ]),
              handler: 'StaleWhileRevalidate',
              options: {
                cacheName: MEMBERS_PAGES_CACHE,
                cacheableResponse: { statuses: [200] },
                plugins: [MEMBERS_PAGES_PLUGIN],
                ...offline,
              },
            } satisfies RuntimeCaching,
          ]),
      {
        urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
        handler: 'NetworkOnly',
        options: offline,
      },
      {
        urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/_astro/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'assets',
          expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 365 },
        },
      },
    ],
  };
}
