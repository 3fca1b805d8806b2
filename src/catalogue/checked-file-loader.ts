import { readFile } from 'node:fs/promises';
import type { Loader } from 'astro/loaders';
import { file } from 'astro/loaders';
import { checkJsonEntries, type IdRule } from './content-file-check.ts';

/** Astro's file() loader for a JSON array, after checks that make a bad file fail the build. */
export function checkedFileLoader(path: string, idRule?: IdRule): Loader {
  const inner = file(path);
  return {
    name: 'checked-file-loader',
    load: async (context) => {
      checkJsonEntries(path, await readFile(path, 'utf8'), idRule);
      await inner.load(context);
    },
  };
}
