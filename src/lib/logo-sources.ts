import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import simpleIcons from 'simple-icons/icons.json' with { type: 'json' };
import { buildContentDir } from '../catalogue/content-dir.ts';
import { brandFill } from './logos.ts';
import { svgTextDataUrl } from './svg-data-url.ts';

/*
 * What src/components/ToolLogo.astro draws, read once per build rather than once per card: a
 * logo appears on its catalogue page, its entry page and its neighbours' related lists.
 */
const require = createRequire(import.meta.url);
const MIME = { svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp' } as const;
const brands = new Map<string, { path: string; fill: string } | undefined>();
const files = new Map<string, string>();

/** A simple-icons brand's path and fill on the white tile. */
export function brandIcon(slug: string) {
  if (!brands.has(slug)) {
    const icon = simpleIcons.find((entry) => entry.slug === slug);
    const svg = readFileSync(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8');
    const path = /<path d="([^"]+)"/.exec(svg)?.[1];
    brands.set(slug, icon && path ? { path, fill: brandFill(icon.hex) } : undefined);
  }
  return brands.get(slug);
}

/** An editor's logo file (content/logos/) as a data URL, drawn into the sealed page. */
export function fileImage(file: string) {
  let url = files.get(file);
  if (!url) {
    const extension = file.split('.').pop() as keyof typeof MIME;
    const bytes = readFileSync(join(buildContentDir, file));
    url =
      extension === 'svg'
        ? svgTextDataUrl(bytes.toString('utf8'))
        : `data:${MIME[extension]};base64,${bytes.toString('base64')}`;
    files.set(file, url);
  }
  return url;
}
