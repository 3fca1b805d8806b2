import { loadEnv } from 'vite';
import { ConfigError } from '../src/lib/config-error.ts';
import { parseSiteConfig, type SiteConfig } from '../src/lib/site-config.ts';

/** The site configuration as astro.config.ts sees it; exits naming the variable when invalid. */
export function loadSiteConfig(mode = 'production'): SiteConfig {
  try {
    return parseSiteConfig({ ...loadEnv(mode, process.cwd(), ''), ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
