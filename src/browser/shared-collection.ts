import { fillEntryCard } from './entry-card.ts';
import { collectionIdOf } from '../lib/collections.ts';
import { membersDatabase, refusal } from '../members/database.ts';
import type { OpenedCollection } from '../members/database.types.ts';
import type { SearchDoc } from '../search/documents.ts';
import { loadSearchFile } from '../search/loader.ts';
import { showToast } from '../stores/toasts.ts';
import { exportLibrary, type ExportFormat } from './library.ts';
import { nameStar } from './name-star.ts';
import { memberNotes } from './note-markers.ts';

/*
 * One collection at /collection?id=… (src/pages/collection.astro): opened through
 * public.open_collection, which answers a member's own collection or another member's shared
 * one, and nothing (null) for any other id, so the page cannot tell a stranger whether an
 * unshared collection exists.
 */

const show = (root: HTMLElement, name: string, shown = true) => {
  const element = root.querySelector<HTMLElement>(`[data-${name}]`);
  if (element) element.hidden = !shown;
};

async function open(id: string): Promise<OpenedCollection | null> {
  const database = await membersDatabase();
  const { data, error, status } = await database.rpc('open_collection', { collection_id: id });
  if (error) throw refusal(error, status);
  return data;
}

function item(template: HTMLTemplateElement, doc: SearchDoc): DocumentFragment {
  const fragment = template.content.cloneNode(true) as DocumentFragment;
  fillEntryCard(fragment, doc, '[data-link]');
  nameStar(fragment.querySelector<HTMLElement>('favourite-button')!, doc.favourite, doc.title);
  return fragment;
}

function render(root: HTMLElement, collection: OpenedCollection, docs: readonly SearchDoc[]): void {
  const title = root.querySelector<HTMLElement>('[data-title]')!;
  title.textContent = collection.name;
  document.title = `${collection.name} | Venture Studio`;
  const count = `${docs.length} ${docs.length === 1 ? 'entry' : 'entries'}`;
  root.querySelector('[data-count]')!.textContent = count;
  if (collection.owned) {
    root.querySelector('[data-own-text]')!.textContent = collection.shared
      ? `Your collection, shared: members with this page’s link can open it. ${count}.`
      : `Your collection, not shared: only you can open it. ${count}.`;
    root
      .querySelector<HTMLAnchorElement>('[data-own-link]')!
      .setAttribute('href', `/saved#collection-${collection.id}`);
    show(root, 'own');
  } else {
    root.querySelector('[data-owner]')!.textContent = `Shared by ${collection.owner}`;
    show(root, 'byline');
  }
  const template = root.querySelector<HTMLTemplateElement>('template[data-item]')!;
  root.querySelector('[data-entries]')!.replaceChildren(...docs.map((doc) => item(template, doc)));
  show(root, 'empty', docs.length === 0);
  show(root, 'tools', docs.length > 0);
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-export]')) {
    button.addEventListener('click', () => {
      button.setAttribute('aria-busy', 'true');
      memberNotes()
        .catch(() => new Map<string, string>())
        .then((notes) =>
          exportLibrary(docs, notes, button.dataset.export as ExportFormat, collection.name),
        )
        .catch((error: unknown) => {
          console.error('Could not export the collection', error);
          showToast({
            title: 'The collection was not exported',
            description:
              'The prompts’ texts could not be loaded. Check your connection and try again.',
            variant: 'destructive',
          });
        })
        .finally(() => button.removeAttribute('aria-busy'));
    });
  }
}

/** Opens the collection the address names into `root`. */
export function showCollection(root: HTMLElement): void {
  const id = collectionIdOf(location.search);
  const settle = (state: 'loaded' | 'missing' | 'failed') => {
    show(root, 'loading', false);
    root.dataset.state = state;
    if (state !== 'loaded') {
      root.querySelector('[data-title]')!.textContent =
        state === 'missing' ? 'Collection not found' : 'Collection not loaded';
      show(root, state);
    }
  };
  if (!id) {
    settle('missing');
    return;
  }
  Promise.all([open(id), loadSearchFile({ prompts: false })]).then(
    ([collection, { docs }]) => {
      if (!collection) {
        settle('missing');
        return;
      }
      const byKey = new Map(docs.map((doc) => [doc.favourite, doc]));
      // An entry gone from the catalogue since it was added is not shown.
      render(
        root,
        collection,
        collection.entries.flatMap((key) => byKey.get(key) ?? []),
      );
      settle('loaded');
    },
    (error: unknown) => {
      console.error('Could not open the collection', error);
      settle('failed');
    },
  );
}
