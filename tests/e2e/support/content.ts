import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_ENV } from '../../../scripts/fixtures/builds.ts';
import { catalogueSources } from '../../../src/catalogue/registry.ts';

/** The fixture content the browser tests' build is made from (scripts/fixtures/builds.ts). */
const root = join(import.meta.dirname, '..', '..', '..', E2E_ENV.CONTENT_DIR);

/** A prompt file as an editor wrote it: its slug and the prompt body (file text after the front matter). */
export interface PromptFile {
  slug: string;
  title: string;
  body: string;
  /** Front matter's category, added and reviewed dates, as written. */
  category: string;
  added: string | undefined;
  reviewed: string | undefined;
}

/** Reads every prompt file of a library straight from the fixture content, independently of the site's loader. */
export function promptFiles(library: 'text' | 'video' | 'dev'): PromptFile[] {
  const folder = join(root, 'prompts', library);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const text = readFileSync(join(folder, name), 'utf8');
      const [, frontMatter = '', ...rest] = text.split(/^---$/m);
      const field = (key: string) =>
        new RegExp(`^${key}:\\s*["']?(.*?)["']?\\s*$`, 'm').exec(frontMatter)?.[1];
      const title = /^title:\s*"?(.*?)"?\s*$/m.exec(frontMatter)?.[1] ?? '';
      // The body starts after the closing '---' line; the file's final newline is not part of it.
      const body = rest
        .join('---')
        .replace(/^\r?\n/, '')
        .trimEnd();
      return {
        slug: name.replace(/\.md$/, ''),
        title,
        body,
        category: field('category') ?? '',
        added: field('added'),
        reviewed: field('reviewed'),
      };
    });
}

/** Entries of a JSON content file. */
export function jsonEntries<T>(path: string): T[] {
  return JSON.parse(readFileSync(join(root, path), 'utf8')) as T[];
}

/** The entries of every JSON content file the registry names (not the prompt folders). */
export function everyJsonEntry<T>(): T[] {
  return catalogueSources()
    .filter(({ source }) => source.path.endsWith('.json'))
    .flatMap(({ source }) => jsonEntries<T>(source.path));
}
