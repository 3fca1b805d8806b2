// Compiles the members' inline scripts (src/members/inline/*.ts) into self-contained IIFEs:
// astro.config.ts hashes them for the Content-Security-Policy and hands the code to the
// components that inline it (src/components/PrePaintScript.astro, MembersOpener.astro,
// DeferredModules.astro). They are TypeScript modules like the rest of src/members/, importing
// the same rules and names, but reach the page as one inline script each, with no request and
// no import chain.
// esbuild (a devDependency, also Astro's own) bundles them; Vite's build cannot emit an inline
// script of a module graph.
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { SiteConfig } from '../src/lib/site-config.ts';

/**
 * The configuration fields the inline scripts read. Only these are inlined: every page carries
 * the head script, and its size is budgeted (tests/e2e/budgets.spec.ts).
 */
const INLINE_CONFIG_FIELDS = [
  'authStorageKey',
  'supabaseUrl',
] as const satisfies readonly (keyof SiteConfig)[];

const ENTRIES = {
  head: '../src/members/inline/head.ts',
  opener: '../src/members/inline/opener.ts',
  modules: '../src/members/inline/modules.ts',
};

/**
 * @param siteConfig the parsed site configuration, inlined as __SITE_CONFIG__ as Vite's define
 *   does for the bundles (src/config.ts), but with INLINE_CONFIG_FIELDS only
 * @returns each script's code
 */
export function inlineScripts(siteConfig: SiteConfig): Record<keyof typeof ENTRIES, string> {
  const config = JSON.stringify(
    Object.fromEntries(INLINE_CONFIG_FIELDS.map((field) => [field, siteConfig[field]])),
  );
  const compile = (entry: string): string => {
    const result = buildSync({
      entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      minify: true,
      target: 'es2022',
      platform: 'browser',
      legalComments: 'none',
      define: { __SITE_CONFIG__: config },
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
    return output.text.trim();
  };
  return {
    head: compile(ENTRIES.head),
    opener: compile(ENTRIES.opener),
    modules: compile(ENTRIES.modules),
  };
}
