import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { contentImageOrigins, cspDirectives, sha256 } from './scripts/csp.ts';
import { inlineScripts } from './scripts/inline-scripts.ts';
import { sitePort } from './scripts/ports.ts';
import { loadSiteConfig } from './scripts/load-site-config.ts';
import { outDir } from './scripts/out-dir.ts';
import { VIDEO_EMBED_ORIGIN } from './src/lib/constants.ts';
import { buildContentDir, DEFAULT_CONTENT_DIR } from './src/catalogue/content-dir.ts';
import { PUBLIC_PAGES } from './src/lib/paths.ts';
import { SPECULATION_RULES } from './src/lib/speculation-rules.ts';

const siteConfig = loadSiteConfig(
  process.env.NODE_ENV === 'production' ? 'production' : 'development',
);
const dist = outDir(process.env, new URL('./', import.meta.url));
// The members' inline scripts (src/members/inline/), compiled once: pages inline this code and
// the policy hashes it.
const membersInline = inlineScripts(siteConfig);

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  site: siteConfig.siteUrl,
  output: 'static',
  outDir: fileURLToPath(dist),
  // One content cache (Astro's data store) per content folder: the browser tests build the
  // fixture catalogue and then content/ in one checkout, and a store written from one folder
  // made the other's build see its entries (duplicate slugs, a logo looked up in the wrong
  // folder).
  cacheDir:
    buildContentDir === DEFAULT_CONTENT_DIR
      ? './node_modules/.astro'
      : `./node_modules/.astro/content-${buildContentDir.replace(/[^A-Za-z0-9]+/g, '-')}`,
  // /toolstack is served from toolstack.html: URLs are the routes without trailing slashes.
  // The stylesheet as one hashed file, which postbuild replaces in every page with the rules the
  // page can use, inline (scripts/critical-css.ts): linked whole it cost a render-blocking round
  // trip (150 ms of LCP in Lighthouse's mobile model, 750 ms under the browser's slow-4G
  // throttling); inlined whole, 13.5 KB of gzip in every page's first bytes (docs/performance.md).
  build: { format: 'file', inlineStylesheets: 'never' },
  trailingSlash: 'never',
  // The port of PUBLIC_SITE_URL (scripts/ports.ts); never another one, since every page carries
  // that URL: a busy port is refused (strictPort) rather than silently replaced.
  // `astro dev` only: the build is served by scripts/serve.ts (npm start, npm run preview), which
  // sends the headers and applies the rewrites the build wrote to dist/_headers and _redirects.
  server: { host: '127.0.0.1', port: sitePort(siteConfig) },
  // A Content-Security-Policy <meta> on every page (docs/deploying.md). Astro adds the hashes of
  // the scripts it renders inline (island hydration), scripts/critical-css.ts those of the styles
  // it inlines; scripts/postbuild.ts then checks every page's inline code against it after its
  // rewrites (scripts/csp.ts) and writes the same policy as a header into dist/_headers.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: cspDirectives({
        supabaseUrl: siteConfig.supabaseUrl,
        videoEmbedOrigin: VIDEO_EMBED_ORIGIN,
        imageOrigins: contentImageOrigins(buildContentDir),
      }),
      scriptDirective: {
        resources: ["'self'"],
        // The members' inline scripts and the static speculation rules of every page's head
        // (src/lib/speculation-rules.ts).
        hashes: [
          sha256(membersInline.head),
          sha256(membersInline.opener),
          sha256(membersInline.modules),
          sha256(SPECULATION_RULES),
        ],
      },
      styleDirective: { resources: ["'self'"] },
    },
  },
  // Prompts are shown as their text, never rendered as HTML; Shiki's highlighting would also
  // need inline style attributes, which the policy refuses.
  markdown: { syntaxHighlight: false },
  integrations: [
    react(),
    {
      // client:near and client:painted, for /account's sections (src/islands/).
      name: 'venture-studio:client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          for (const name of ['near', 'painted']) {
            addClientDirective({
              name,
              entrypoint: fileURLToPath(
                new URL(`./src/islands/${name}-directive.ts`, import.meta.url),
              ),
            });
          }
        },
      },
    },
    sitemap({
      // Public pages only: a members' page (a catalogue, /account, an entry) has no reason to be
      // named in a public file, and would answer a crawler with the sign-in prompt.
      filter: (page) => PUBLIC_PAGES.includes(new URL(page).pathname),
      namespaces: { news: false, xhtml: false, image: false, video: false },
    }),
  ],
  vite: {
    server: { strictPort: true },
    preview: { strictPort: true },
    plugins: [tailwindcss()],
    // Every page's shell script (src/layouts/BaseLayout.astro) imports these small modules; left
    // to the default splitting they ship as nine files of 140-880 B each. One file saves the
    // per-file gzip overhead on every page (budgets in tests/e2e/budgets.spec.ts) and a round of
    // requests, and no page loads code it would not have loaded anyway.
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'shell',
                test: /\/src\/(members\/(contract|state|session)|browser\/paint-timing|lib\/(site-config|constants)|stores\/auth)\.ts$|\/node_modules\/nanostores\/|vite\/preload-helper/,
              },
              // What the members' interactive scripts share (toasts, work done a few items a
              // task): one file, not three, and one name fewer in each loader's list of files.
              {
                name: 'members-ui',
                test: /\/src\/(stores\/toasts|browser\/(toaster|batches))\.ts$/,
              },
            ],
          },
        },
      },
    },
    define: {
      __SITE_CONFIG__: JSON.stringify(siteConfig),
      __MEMBERS_INLINE__: JSON.stringify(membersInline),
    },
  },
});
