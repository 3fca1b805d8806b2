import { config } from '../config.ts';
import { PROMPT_VALUES_KEY } from '../lib/constants.ts';
import {
  exportFileName,
  libraryCsv,
  libraryJson,
  libraryMarkdown,
  type LibraryEntry,
} from '../lib/library-export.ts';
import { fill } from '../lib/placeholders.ts';
import { readPromptValues } from '../lib/prompt-values.ts';
import type { SearchDoc } from '../search/documents.ts';
import { loadSearchFile } from '../search/loader.ts';
import { showToast } from '../stores/toasts.ts';
import { download } from './download.ts';
export { memberNotes as loadNotes } from './note-markers.ts';

/*
 * The Saved page as the member's library (src/components/SavedList.astro): their notes shown
 * on the entries they saved, a search over titles, descriptions and notes, and the whole
 * library exported as Markdown, CSV or JSON (src/lib/library-export.ts), made in this browser.
 */

const FORMATS = {
  md: { make: libraryMarkdown, type: 'text/markdown;charset=utf-8' },
  csv: { make: libraryCsv, type: 'text/csv;charset=utf-8' },
  json: { make: libraryJson, type: 'application/json;charset=utf-8' },
} as const;

export type ExportFormat = keyof typeof FORMATS;

/** Text a search matches against, case and accents aside. */
function folded(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
}

/**
 * Shows only the entries of the library (all saved, and each collection) whose title,
 * description, category or note holds every word of `query`, counts what each group keeps,
 * hides the groups the search empties, and says so when nothing matches.
 */
export function filterLibrary(list: HTMLElement, query: string): void {
  const words = folded(query).split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const group of list.querySelectorAll<HTMLElement>('[data-filter-group]')) {
    let inGroup = 0;
    for (const item of group.querySelectorAll<HTMLElement>('li[data-search]')) {
      const text = folded(item.dataset.search ?? '');
      const match = words.every((word) => text.includes(word));
      item.hidden = !match;
      if (match) inGroup += 1;
    }
    // An empty collection stays in sight until a search is typed.
    group.hidden = inGroup === 0 && words.length > 0;
    const count = group.querySelector<HTMLElement>('[data-group-count]');
    if (count) count.textContent = `(${inGroup})`;
    shown += inGroup;
  }
  const none = list.querySelector<HTMLElement>('[data-library-none]');
  if (none) {
    none.hidden = shown > 0 || words.length === 0;
    none.querySelector('[data-library-query]')!.textContent = query.trim();
  }
}

/** The prompt's storage key on its card (src/components/PromptCard.astro): catalogue/id. */
function promptKey(doc: SearchDoc): string {
  return `${doc.page.slice(1)}/${doc.id.split(/[/#]/).at(-1) ?? ''}`;
}

/** Exports `docs` (in the order shown) with `notes`, in `format`, under `title`. */
export async function exportLibrary(
  docs: readonly SearchDoc[],
  notes: ReadonlyMap<string, string>,
  format: ExportFormat,
  title = 'Your library',
): Promise<void> {
  // The prompts' texts are in a file of their own, fetched only when a prompt is exported.
  const texts = docs.some((doc) => doc.kind.endsWith('prompt'))
    ? new Map(
        (await loadSearchFile({ prompts: true })).docs.map((doc) => [doc.id, doc.prompt ?? '']),
      )
    : new Map<string, string>();
  const entries: LibraryEntry[] = docs.map((doc) => {
    const text = texts.get(doc.id);
    return {
      title: doc.title,
      link: new URL(doc.id, config.siteUrl).href,
      catalogue: doc.pageLabel,
      category: doc.category,
      description: doc.description,
      note: notes.get(doc.favourite),
      prompt: text
        ? fill(text, readPromptValues(localStorage, PROMPT_VALUES_KEY, promptKey(doc)))
        : undefined,
    };
  });
  const exportedAt = new Date();
  const { make, type } = FORMATS[format];
  download(make({ title, exportedAt, entries }), exportFileName(title, format, exportedAt), type);
}

/** Wires the library's search box and export buttons; `current` gives what is listed now. */
export function wireLibraryTools(
  list: HTMLElement,
  current: () => { docs: readonly SearchDoc[]; notes: ReadonlyMap<string, string> },
): void {
  const search = list.querySelector<HTMLInputElement>('[data-library-search]');
  search?.addEventListener('input', () => filterLibrary(list, search.value));
  for (const button of list.querySelectorAll<HTMLButtonElement>('[data-export]')) {
    button.addEventListener('click', () => {
      const format = button.dataset.export as ExportFormat;
      const { docs, notes } = current();
      button.setAttribute('aria-busy', 'true');
      exportLibrary(docs, notes, format)
        .catch((error: unknown) => {
          console.error('Could not export the library', error);
          showToast({
            title: 'Your library was not exported',
            description:
              'The prompts’ texts could not be loaded. Check your connection and try again.',
            variant: 'destructive',
          });
        })
        .finally(() => button.removeAttribute('aria-busy'));
    });
  }
}
