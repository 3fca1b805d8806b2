import { fillEntryCard } from './entry-card.ts';
import { collectionUrl, type Collection } from '../lib/collections.ts';
import type { SearchDoc } from '../search/documents.ts';
import { showToast } from '../stores/toasts.ts';
import { collections, startCollections } from './collections.ts';
import { exportLibrary, filterLibrary, type ExportFormat } from './library.ts';
import { memberNotes } from './note-markers.ts';
import type { ExportTarget } from './prompt-export.ts';

/*
 * The collections of the member's library (src/components/LibraryCollections.astro): drawn from
 * the store (src/stores/collections.ts) each time it changes, with the entries from the sealed
 * search index. The focus is put back where the member was after each redraw: on the same
 * control of the same collection or entry, or on the collection's heading when that control is
 * gone (the first or last place reached, the entry removed).
 */

const hide = (element: Element | null | undefined, hidden: boolean) => {
  if (element instanceof HTMLElement) element.hidden = hidden;
};

/** Where the focus was, by collection, entry and control, to find again after a redraw. */
interface FocusSpot {
  collection: string;
  entry?: string;
  action: string;
}

function focusSpot(root: HTMLElement): FocusSpot | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return null;
  const section = active.closest<HTMLElement>('section[data-collection-id]');
  if (!section) return null;
  return {
    collection: section.dataset.collectionId!,
    entry: active.closest<HTMLElement>('li[data-key]')?.dataset.key,
    action: active.dataset.action ?? (active.matches('[data-title]') ? 'title' : ''),
  };
}

function restoreFocus(root: HTMLElement, spot: FocusSpot | null): void {
  if (!spot) return;
  const section = root.querySelector<HTMLElement>(
    `section[data-collection-id="${CSS.escape(spot.collection)}"]`,
  );
  if (!section) return;
  const scope = spot.entry
    ? section.querySelector<HTMLElement>(`li[data-key="${CSS.escape(spot.entry)}"]`)
    : section;
  const control =
    spot.action === 'title'
      ? scope?.querySelector<HTMLElement>('[data-title]')
      : scope?.querySelector<HTMLButtonElement>(`[data-action="${spot.action}"]:not(:disabled)`);
  // A menu's item is hidden with its menu: its button takes the focus.
  const target = control?.matches('[role=menuitem]')
    ? section.querySelector<HTMLElement>('[data-menu-button]')
    : control;
  target?.focus();
  if (!target || document.activeElement !== target)
    section.querySelector<HTMLElement>('[data-collection-title]')?.focus();
}

/** One entry of a collection, with its controls labelled after it. */
function entryItem(
  template: HTMLTemplateElement,
  doc: SearchDoc,
  note: string | undefined,
  place: { index: number; count: number; collection: string },
): HTMLElement {
  const item = (template.content.cloneNode(true) as DocumentFragment).querySelector('li')!;
  item.dataset.key = doc.favourite;
  item.dataset.search = [doc.title, doc.description, doc.category, doc.pageLabel, note].join(' ');
  fillEntryCard(item, doc);
  if (note) {
    item.querySelector('[data-note-text]')!.textContent = note;
    hide(item.querySelector('[data-note]'), false);
  }
  const controls: [string, string, boolean][] = [
    ['entry-up', `Move ${doc.title} earlier in ${place.collection}`, place.index === 0],
    [
      'entry-down',
      `Move ${doc.title} later in ${place.collection}`,
      place.index === place.count - 1,
    ],
    ['entry-remove', `Remove ${doc.title} from ${place.collection}`, false],
  ];
  for (const [action, label, disabled] of controls) {
    const control = item.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;
    control.setAttribute('aria-label', label);
    control.title = label;
    control.disabled = disabled;
  }
  return item;
}

/** One collection, from the template, as the store has it. */
function collectionSection(
  root: HTMLElement,
  collection: Collection,
  place: { index: number; count: number },
  docs: ReadonlyMap<string, SearchDoc>,
  notes: ReadonlyMap<string, string>,
): HTMLElement {
  const template = root.querySelector<HTMLTemplateElement>('template[data-collection]')!;
  const itemTemplate = root.querySelector<HTMLTemplateElement>('template[data-collection-item]')!;
  const section = (template.content.cloneNode(true) as DocumentFragment).querySelector('section')!;
  const id = collection.id;
  const name = collection.name;
  section.dataset.collectionId = id;
  section.id = `collection-${id}`;
  section.setAttribute('aria-label', name);
  // An entry gone from the catalogue since it was added is not shown.
  const entries = collection.entries.flatMap((key) => docs.get(key) ?? []);
  section.querySelector('[data-collection-name]')!.textContent = name;
  section.querySelector('[data-group-count]')!.textContent = `(${entries.length})`;
  const shared = section.querySelector<HTMLElement>('[data-collection-shared]')!;
  shared.hidden = !collection.shared;
  const link = shared.querySelector<HTMLAnchorElement>('[data-collection-link]')!;
  link.href = collectionUrl(id, location.origin);
  link.textContent = link.href.replace(/^https?:\/\//, '');
  const menuButton = section.querySelector<HTMLButtonElement>('[data-menu-button]')!;
  const menuList = section.querySelector<HTMLElement>('[data-menu-list]')!;
  menuButton.id = `collection-${id}-actions`;
  menuButton.setAttribute('aria-controls', `collection-${id}-menu`);
  menuButton.setAttribute('aria-label', `Actions for ${name}`);
  menuList.id = `collection-${id}-menu`;
  menuList.setAttribute('aria-labelledby', menuButton.id);
  menuList.querySelector('[data-action="share"]')!.textContent = collection.shared
    ? 'Stop sharing'
    : 'Share with members';
  const moves: [string, string, boolean][] = [
    ['up', `Move ${name} up`, place.index === 0],
    ['down', `Move ${name} down`, place.index === place.count - 1],
  ];
  for (const [action, label, disabled] of moves) {
    const control = section.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;
    control.setAttribute('aria-label', label);
    control.title = label;
    control.disabled = disabled;
  }
  const input = section.querySelector<HTMLInputElement>('[data-rename] input')!;
  input.value = name;
  section.querySelector('[data-delete-question]')!.textContent =
    `Delete “${name}”? Its ${entries.length === 1 ? 'entry stays' : `${entries.length} entries stay`} saved in your library.`;
  hide(section.querySelector('[data-collection-empty]'), entries.length > 0);
  // The prompt exports are for collections holding prompts; removed rather than hidden, so the
  // menu's keys (src/browser/menus.ts) never land on them.
  if (!entries.some(isPrompt)) {
    section
      .querySelectorAll('[data-action="export-prompts"]')
      .forEach((item) => item.closest('li')?.remove());
  }
  section.querySelector('[data-collection-entries]')!.append(
    ...entries.map((doc, index) =>
      entryItem(itemTemplate, doc, notes.get(doc.favourite), {
        index,
        count: entries.length,
        collection: name,
      }),
    ),
  );
  return section;
}

const isPrompt = (doc: SearchDoc) => doc.kind.endsWith('prompt');

/** A prompt's key in the exports and the stored values: catalogue/id (src/lib/prompt-exports.ts). */
const promptKeyOf = (doc: SearchDoc) => `${doc.page.slice(1)}/${doc.id.split(/[/#]/).at(-1) ?? ''}`;

/** Exports the prompts of a collection, in its order, with the values this browser remembers. */
async function exportCollectionPrompts(
  docs: readonly SearchDoc[],
  target: ExportTarget,
  title: string,
): Promise<void> {
  const exporter = await import('./prompt-export.ts');
  try {
    const all = new Map(
      (await exporter.loadAllPrompts()).map((prompt) => [exporter.promptKey(prompt), prompt]),
    );
    const prompts = docs.filter(isPrompt).flatMap((doc) => all.get(promptKeyOf(doc)) ?? []);
    await exporter.exportPrompts(target, prompts, exporter.storedValues(prompts), { title });
  } catch (error) {
    exporter.exportFailed(error);
  }
}

async function copyLink(href: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(href);
    showToast({ title: 'Link copied', description: 'Members who open it see this collection.' });
  } catch {
    showToast({
      title: 'The link was not copied',
      description: 'Your browser refused the clipboard: select the link and copy it.',
      variant: 'destructive',
    });
  }
}

/** Wires the library's collections; `docs` are the catalogue's entries by key. */
export function showCollections(
  list: HTMLElement,
  docs: ReadonlyMap<string, SearchDoc>,
): () => void {
  const root = list.querySelector<HTMLElement>('[data-collections]');
  if (!root) return () => {};
  const container = root.querySelector<HTMLElement>('[data-collections-list]')!;
  let notes: ReadonlyMap<string, string> = new Map();
  /** A collection whose rename form or delete question is open, kept open across redraws. */
  let open: { id: string; part: 'rename' | 'delete' } | null = null;

  const draw = () => {
    const current = collections.$collections.get();
    if (!current) return;
    const spot = focusSpot(root);
    const scroll = scrollY;
    container.replaceChildren(
      ...current.map((collection, index) =>
        collectionSection(root, collection, { index, count: current.length }, docs, notes),
      ),
    );
    if (open) {
      const section = container.querySelector<HTMLElement>(
        `section[data-collection-id="${CSS.escape(open.id)}"]`,
      );
      hide(
        section?.querySelector(open.part === 'rename' ? '[data-rename]' : '[data-delete]'),
        false,
      );
    }
    root.querySelector('[data-collections-count]')!.textContent = `(${current.length})`;
    hide(root.querySelector('[data-collections-loading]'), true);
    hide(root.querySelector('[data-collections-empty]'), current.length > 0);
    const search = list.querySelector<HTMLInputElement>('[data-library-search]');
    filterLibrary(list, search?.value ?? '');
    restoreFocus(root, spot);
    // Redrawn in place: the page does not jump.
    if (scrollY !== scroll) scrollTo({ top: scroll });
  };

  // Changes show at once and are saved in the background: the status line says when they are.
  const status = root.querySelector<HTMLElement>('[data-collections-status]')!;
  let changed = false;
  const stops = [
    collections.$collections.listen(draw),
    collections.$saving.subscribe((saving) => {
      if (saving > 0) changed = true;
      status.dataset.state = saving > 0 ? 'saving' : 'saved';
      status.textContent = saving > 0 ? 'Saving…' : changed ? 'All changes saved.' : '';
    }),
  ];
  startCollections().then(draw, (error: unknown) => {
    console.error('Could not load the collections', error);
    hide(root.querySelector('[data-collections-loading]'), true);
    hide(root.querySelector('[data-collections-failed]'), false);
  });
  memberNotes().then(
    (loaded) => {
      notes = loaded;
      draw();
    },
    () => undefined,
  );

  // The new-collection form.
  const form = root.querySelector<HTMLFormElement>('[data-collection-new]')!;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = form.querySelector('input')!;
    const problem = form.querySelector<HTMLElement>('[data-problem]')!;
    void collections.create(input.value).then((outcome) => {
      problem.hidden = outcome.ok;
      if (outcome.ok) {
        input.value = '';
        input.removeAttribute('aria-invalid');
        container
          .querySelector<HTMLElement>(
            `section[data-collection-id="${CSS.escape(outcome.id ?? '')}"] [data-collection-title]`,
          )
          ?.scrollIntoView({ block: 'nearest' });
      } else {
        problem.textContent = outcome.reason;
        input.setAttribute('aria-invalid', 'true');
      }
    });
  });
  // Rendered disabled (src/components/LibraryCollections.astro): a name typed before this ran
  // would have been submitted by the browser itself, reloading the page and losing it.
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLButtonElement>(
    'input, button',
  )) {
    control.disabled = false;
  }

  // Every control of every collection, by its data-action.
  container.addEventListener('click', (event) => {
    const control = (event.target as Element).closest<HTMLElement>('[data-action]');
    const section = control?.closest<HTMLElement>('section[data-collection-id]');
    if (!control || !section) return;
    const id = section.dataset.collectionId!;
    const collection = collections.$collections.get()?.find((each) => each.id === id);
    if (!collection) return;
    const key = control.closest<HTMLElement>('li[data-key]')?.dataset.key;
    switch (control.dataset.action) {
      case 'up':
      case 'down':
        void collections.move(id, control.dataset.action === 'up' ? -1 : 1);
        break;
      case 'entry-up':
      case 'entry-down':
        if (key)
          void collections.moveEntry(id, key, control.dataset.action === 'entry-up' ? -1 : 1);
        break;
      case 'entry-remove':
        if (key) void collections.take(id, key);
        break;
      case 'share':
        void collections.share(id, !collection.shared);
        break;
      case 'copy-link':
        void copyLink(collectionUrl(id, location.origin));
        break;
      case 'open':
        location.assign(collectionUrl(id, location.origin));
        break;
      case 'export': {
        const format = control.dataset.exportFormat as ExportFormat;
        const shown = collection.entries.flatMap((entry) => docs.get(entry) ?? []);
        exportLibrary(shown, notes, format, collection.name).catch((error: unknown) => {
          console.error('Could not export the collection', error);
          showToast({
            title: 'The collection was not exported',
            description:
              'The prompts’ texts could not be loaded. Check your connection and try again.',
            variant: 'destructive',
          });
        });
        break;
      }
      case 'export-prompts': {
        const shown = collection.entries.flatMap((entry) => docs.get(entry) ?? []);
        const target = control.dataset.exportTarget as ExportTarget;
        exportCollectionPrompts(shown, target, collection.name).catch((error: unknown) =>
          console.error('Could not load the exporter', error),
        );
        break;
      }
      case 'rename':
      case 'delete': {
        open = { id, part: control.dataset.action };
        const part = section.querySelector<HTMLElement>(
          control.dataset.action === 'rename' ? '[data-rename]' : '[data-delete]',
        )!;
        part.hidden = false;
        part.querySelector<HTMLElement>('input, [data-action="delete-cancel"]')?.focus();
        break;
      }
      case 'rename-cancel':
      case 'delete-cancel':
        open = null;
        hide(control.closest('[data-rename], [data-delete]'), true);
        section.querySelector<HTMLElement>('[data-collection-title]')?.focus();
        break;
      case 'delete-confirm': {
        open = null;
        // The heading of the collection after it (or before it) takes the focus.
        const neighbour = (section.nextElementSibling ??
          section.previousElementSibling) as HTMLElement | null;
        const nextId = neighbour?.dataset.collectionId;
        void collections.remove(id);
        const heading = nextId
          ? container.querySelector<HTMLElement>(
              `section[data-collection-id="${CSS.escape(nextId)}"] [data-collection-title]`,
            )
          : null;
        if (heading) heading.focus();
        else {
          const title = root.querySelector<HTMLElement>('#collections-title')!;
          title.tabIndex = -1;
          title.focus();
        }
        break;
      }
    }
  });

  container.addEventListener('submit', (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('[data-rename]');
    const section = form?.closest<HTMLElement>('section[data-collection-id]');
    if (!form || !section) return;
    event.preventDefault();
    const id = section.dataset.collectionId!;
    const field = form.querySelector('input')!;
    const problem = form.querySelector<HTMLElement>('[data-problem]')!;
    const value = field.value;
    open = null;
    // Renamed at once (the collections are drawn again, the heading takes the focus), or
    // refused before sending: then the form stays open with what was typed and why.
    void collections.rename(id, value).then((outcome) => {
      const current = container.querySelector<HTMLElement>(
        `section[data-collection-id="${CSS.escape(id)}"]`,
      );
      if (!current) return;
      const rename = current.querySelector<HTMLElement>('[data-rename]')!;
      if (outcome.ok) {
        rename.hidden = true;
        if (rename.contains(document.activeElement) || document.activeElement === document.body)
          current.querySelector<HTMLElement>('[data-collection-title]')?.focus();
        return;
      }
      open = { id, part: 'rename' };
      rename.hidden = false;
      const input = rename.querySelector('input')!;
      const line = rename.querySelector<HTMLElement>('[data-problem]')!;
      line.id = `collection-${id}-rename-problem`;
      line.textContent = outcome.reason;
      line.hidden = false;
      input.value = value;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', line.id);
      input.focus();
    });
    problem.hidden = true;
  });

  return () => stops.forEach((stop) => stop());
}
