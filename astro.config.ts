import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { sitePort } from './scripts/ports.mjs';
import { loadSiteConfig } from './scripts/site-config.mjs';

const siteConfig = loadSiteConfig(
  process.env.NODE_ENV === 'production' ? 'production' : 'development',
);

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  site: siteConfig.siteUrl,
  output: 'static',
  // /toolstack is served from toolstack.html: URLs match the spec's routes without trailing slashes.
  // Styles are inlined: one render-blocking request less on a first visit (about 150 ms of LCP
  // in Lighthouse's mobile model) for ~6 KB of gzipped CSS per page.
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'never',
  // The port of PUBLIC_SITE_URL (scripts/ports.mjs); never another one, since every page carries
  // that URL: a busy port is refused (strictPort) rather than silently replaced.
  server: { host: '127.0.0.1', port: sitePort(siteConfig) },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !/\/(offline|404)$/.test(page),
      namespaces: { news: false, xhtml: false, image: false, video: false },
    }),
  ],
  vite: {
    server: { strictPort: true },
    preview: { strictPort: true },
    plugins: [tailwindcss()],
    define: { __SITE_CONFIG__: JSON.stringify(siteConfig) },
  },
});
