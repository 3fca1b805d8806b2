/**
 * workbox-build generateSW options. Public pages, icons and the JavaScript those pages
 * load are precached; other hashed assets are cached the first time a page uses them, so a
 * visitor's first load never downloads the members' bundles. Every other navigation goes to the
 * network and falls back to /offline. Auth and function calls go to another origin and match no
 * route here, so they are never cached.
 *
 * @param {string} distDir build output folder
 * @param {string[]} shellScripts dist-relative paths of the scripts public pages load
 */
export function serviceWorkerConfig(distDir, shellScripts) {
  return {
    globDirectory: distDir,
    // Styles are inlined into each page and there are no web fonts (system font stack).
    globPatterns: ['*.{svg,png,ico,webmanifest}', '{index,auth,offline}.html', ...shellScripts],
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
      {
        urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline' } },
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
