import type { APIRoute } from 'astro';
import { config } from '../config.ts';

/** robots.txt, pointing crawlers at the sitemap on the configured site URL. */
export const GET: APIRoute = () =>
  new Response(
    `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', config.siteUrl).href}\n`,
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
