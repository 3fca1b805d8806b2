import type { SiteConfig } from './lib/site-config.ts';

declare const __SITE_CONFIG__: SiteConfig;

/**
 * The site configuration, parsed once from the environment by astro.config.ts (parseSiteConfig)
 * and inlined at build time, so browser bundles carry the result and not the parser.
 */
export const config: SiteConfig = __SITE_CONFIG__;
