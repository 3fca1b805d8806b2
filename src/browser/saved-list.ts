import { fillEntryCard } from './entry-card.ts';
import { nameStar } from './name-star.ts';
import type { SearchDoc } from '../search/documents.ts';
import { loadSearchFile } from '../search/loader.ts';
import { $favourites, startFavourites } from './favourites.ts';

/*
 * The member's saved entries as src/components/SavedList.astro shows them: the entries come from
 * the sealed search index, grouped by catalogue on the Saved page, the newest few on the home.
 * An entry unstarred here stays listed, its star empty, until the page is left, so a slip is
 * undone where it happened (and the focus stays on the star just pressed).
 */

const hide = (element: Element | null, hidden: boolean) => {
  if (element instanceof HTMLElement) element.hidden = hidden;
};

/**
 * The member's note on a listed entry, and what the library's search matches
 * (src/browser/library.ts): set in place, so the notes arriving after the list leave the focus
 * where it is (on a star just pressed, say).
 */
function showNote(entry: HTMLElement, doc: SearchDoc, note: string | undefined): void {
  entry.dataset.search = [doc.title, doc.description, doc.category, doc.pageLabel, note].join(' ');
  const noteLine = entry.querySelector<HTMLElement>('[data-note]');
  if (!noteLine) return;
  noteLine.querySelector('[data-note-text]')!.textContent = note ?? '';
  noteLine.hidden = !note;
}

/** One entry, from the list's item template, with the member's note on it if there is one. */
function item(
  template: HTMLTemplateElement,
  doc: SearchDoc,
  note: string | undefined,
): DocumentFragment {
  const fragment = template.content.cloneNode(true) as DocumentFragment;
  const entry = fragment.querySelector('li')!;
  entry.dataset.key = doc.favourite;
  showNote(entry, doc, note);
  fillEntryCard(fragment, doc);
  nameStar(fragment.querySelector<HTMLElement>('favourite-button')!, doc.favourite, doc.title);
  return fragment;
}

/** Fills `list` and keeps it current; returns what stops it. */
export function showSaved(list: HTMLElement): () => void {
  const preview = Number(list.dataset.preview ?? 0);
  let listed: string[] = [];
  let stop = () => {};
  let notes = new Map<string, string>();
  let shown: SearchDoc[] = [];
  let byKey = new Map<string, SearchDoc>();
  // The list comes from the database after the page has loaded (src/browser/favourites.ts).
  startFavourites();

  const render = (docs: Map<string, SearchDoc>, keys: readonly string[]) => {
    // Newest first; an entry removed from the catalogue since it was starred is skipped.
    const known = keys.filter((key) => docs.has(key));
    const next = [...new Set([...[...known].reverse(), ...listed])].slice(0, preview || undefined);
    const more = list.querySelector('[data-saved-more]');
    hide(more, known.length <= preview);
    if (more) more.querySelector('[data-saved-count]')!.textContent = String(known.length);
    if (list.dataset.state === 'loaded' && next.join() === listed.join()) return;
    listed = next;
    const groupTemplate = list.querySelector<HTMLTemplateElement>('template[data-group]')!;
    const itemTemplate = list.querySelector<HTMLTemplateElement>('template[data-item]')!;
    // Groups in catalogue order (the index's), not in the order of starring.
    const order = [...new Set([...docs.values()].map((doc) => doc.pageLabel))];
    const groups = new Map<string, SearchDoc[]>();
    for (const key of listed) {
      const doc = docs.get(key)!;
      const label = preview ? '' : doc.pageLabel;
      groups.set(label, [...(groups.get(label) ?? []), doc]);
    }
    const sorted = [...groups.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
    shown = sorted.flatMap(([, entries]) => entries);
    const sections = sorted.map(([label, entries]) => {
      const section = groupTemplate.content.cloneNode(true) as DocumentFragment;
      const title = section.querySelector('[data-group-title]')!;
      if (preview) title.remove();
      else {
        title.querySelector('[data-group-label]')!.textContent = label;
        // The library's search counts again what it leaves of the group (src/browser/library.ts).
        title.querySelector('[data-group-count]')!.textContent = `(${entries.length})`;
      }
      section
        .querySelector('[data-group-list]')!
        .append(...entries.map((doc) => item(itemTemplate, doc, notes.get(doc.favourite))));
      return section;
    });
    list.querySelector('[data-saved-groups]')!.replaceChildren(...sections);
    hide(list.querySelector('[data-saved-loading]'), true);
    hide(list.querySelector('[data-saved-empty]'), listed.length > 0);
    hide(list.querySelector('[data-library-tools]'), listed.length === 0);
    hide(list.querySelector('[data-all-saved]'), listed.length === 0);
    const total = list.querySelector('[data-saved-total]');
    if (total) total.textContent = `(${listed.length})`;
    const search = list.querySelector<HTMLInputElement>('[data-library-search]');
    if (search)
      void import('./library.ts').then(({ filterLibrary }) => filterLibrary(list, search.value));
    list.dataset.state = 'loaded';
  };

  // The library (the Saved page, not the home's preview): notes, search and export.
  if (!preview) {
    void import('./library.ts').then(({ filterLibrary, loadNotes, wireLibraryTools }) => {
      wireLibraryTools(list, () => ({ docs: shown, notes }));
      loadNotes().then(
        (loaded) => {
          notes = loaded;
          for (const entry of list.querySelectorAll<HTMLElement>('[data-saved-groups] li')) {
            const doc = byKey.get(entry.dataset.key ?? '');
            if (doc) showNote(entry, doc, notes.get(doc.favourite));
          }
          const search = list.querySelector<HTMLInputElement>('[data-library-search]');
          if (search?.value) filterLibrary(list, search.value);
        },
        (error: unknown) => console.error('Could not load the notes', error),
      );
    });
  }

  loadSearchFile({ prompts: false }).then(
    ({ docs }) => {
      byKey = new Map(docs.map((doc) => [doc.favourite, doc]));
      // The library's collections, after all saved entries (src/browser/collections-library.ts).
      if (!preview)
        void import('./collections-library.ts').then(({ showCollections }) => {
          const stopCollections = showCollections(list, byKey);
          const stopList = stop;
          stop = () => {
            stopList();
            stopCollections();
          };
        });
      stop = $favourites.subscribe((keys) => {
        if (keys) render(byKey, keys);
      });
    },
    () => {
      hide(list.querySelector('[data-saved-loading]'), true);
      hide(list.querySelector('[data-saved-failed]'), false);
      list.dataset.state = 'failed';
    },
  );
  return () => stop();
}
