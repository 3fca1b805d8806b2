import { nameStar } from '../browser/name-star.ts';
import { promptPanel } from './prompt-panel.ts';
import { PRICING_TONE, statusTone, type BadgeTone } from '../lib/badge.ts';
import { KIND_SEARCH } from '../catalogue/kind-search.ts';
import type { EntryKind } from '../catalogue/kinds.ts';
import type { SearchDoc } from './documents.ts';
import { prepareSuggestions, type CatalogueIndex, type SearchHit } from './engine.ts';
import type { BrowsePage } from './facets.ts';
import { highlight } from './highlight.ts';
import type { SearchIndexStatus } from './store.ts';

/*
 * Search results from the markup of src/components/SearchTemplates.astro: each part is a
 * <template> cloned here and filled at its data-slot marks. Everything from the index is set as
 * text, never as HTML, so an entry can never inject markup.
 */

/** The templates of one search surface (/search, or the dialog), cloned by name. */
export interface SearchTemplates {
  clone(name: string): HTMLElement;
  fragment(name: string): DocumentFragment;
}

/** The templates rendered under `root` (data-search-template="<name>"). */
export function searchTemplates(root: ParentNode): SearchTemplates {
  const found = new Map<string, HTMLTemplateElement>();
  const fragment = (name: string) => {
    let template = found.get(name);
    if (!template) {
      const element = root.querySelector<HTMLTemplateElement>(
        `template[data-search-template="${name}"]`,
      );
      if (!element) throw new Error(`Search: no template "${name}" (SearchTemplates.astro)`);
      template = element;
      found.set(name, template);
    }
    return template.content.cloneNode(true) as DocumentFragment;
  };
  return {
    fragment,
    clone: (name) => fragment(name).firstElementChild as HTMLElement,
  };
}

/** The part of a cloned template marked data-slot="<name>". */
export function slot<T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T {
  const element = root.querySelector<T>(`[data-slot="${name}"]`);
  if (!element) throw new Error(`Search: no slot "${name}" (SearchTemplates.astro)`);
  return element;
}

/** A query as the status line quotes it: “email api”. */
export const quoted = (text: string) => `“${text.trim()}”`;

/** '1 result', '12 results'. */
export const resultCount = (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`;

/** Text with the matched words in the template's <mark>. */
function marked(templates: SearchTemplates, text: string, terms: readonly string[]): Node[] {
  return highlight(text, terms).map((segment) => {
    if (!segment.match) return document.createTextNode(segment.text);
    const mark = templates.clone('mark');
    mark.textContent = segment.text;
    return mark;
  });
}

/** Fills a slot with text, its matched words marked. */
function fillMarked(
  templates: SearchTemplates,
  element: HTMLElement,
  text: string,
  terms: readonly string[],
): void {
  element.replaceChildren(...marked(templates, text, terms));
}

/** The page and category an entry sits under, as its link will show it: 'Tool Lab · Design'. */
function whereItLives(doc: SearchDoc): string {
  return [doc.pageLabel, doc.category].filter(Boolean).join(' · ');
}

/** One result card on /search; `serial`, never repeated on the page, makes its ids unique. */
export function resultCard(
  templates: SearchTemplates,
  hit: SearchHit,
  serial: number,
): HTMLElement {
  const { doc, terms } = hit;
  const card = templates.clone('result');
  const link = slot<HTMLAnchorElement>(card, 'link');
  fillMarked(templates, link, doc.title, terms);
  link.href = doc.id;
  slot(card, 'where').textContent = whereItLives(doc);
  fillMarked(templates, slot(card, 'description'), doc.description, terms);

  // The entry's star, as on its card (src/components/FavouriteButton.astro).
  nameStar(card.querySelector<HTMLElement>('favourite-button')!, doc.favourite, doc.title);

  const badge = (text: string, tone: BadgeTone) => {
    const element = templates.clone(`badge-${tone}`);
    fillMarked(templates, element, text, terms);
    return element;
  };
  const badgeList = [
    doc.pricing && badge(doc.pricing, PRICING_TONE),
    doc.status && badge(doc.status, statusTone(doc.status)),
    ...doc.tags.map((tag) => badge(tag, 'neutral')),
  ].filter((node): node is HTMLElement => Boolean(node));
  if (badgeList.length > 0) slot(card, 'badges').append(...badgeList);
  else slot(card, 'badges').remove();

  // A prompt shows the card its page shows: preview, Fill in, Copy, assistants, download.
  if (doc.prompt) {
    const entry = doc.id.slice(1).replace('#', '/');
    slot(card, 'prompt').append(
      promptPanel(templates.fragment('prompt-panel'), {
        uid: `search-prompt-${serial}`,
        id: entry.slice(entry.indexOf('/') + 1),
        storageKey: entry,
        title: doc.title,
        prompt: doc.prompt,
        variables: doc.variables,
        description: doc.description,
        feedback: doc.kind === 'dev-prompt' ? 'label' : 'toast',
      }),
    );
  } else slot(card, 'prompt').remove();
  return card;
}

/** The dialog's list of results: title, where it lives and a line of its description each. */
export function dialogRows(templates: SearchTemplates, hits: readonly SearchHit[]): HTMLElement {
  const list = templates.clone('rows');
  for (const { doc, terms } of hits) {
    const row = templates.clone('row');
    const link = row.querySelector('a')!;
    link.href = doc.id;
    fillMarked(templates, slot(row, 'title'), doc.title, terms);
    slot(row, 'where').textContent = whereItLives(doc);
    fillMarked(templates, slot(row, 'description'), doc.description, terms);
    list.append(row);
  }
  return list;
}

/** A group of results under its kind's heading, with a way to see them all when cut. */
export function resultGroup(
  templates: SearchTemplates,
  kind: EntryKind,
  cards: HTMLElement[],
  total: number,
  showAll: ((kind: EntryKind) => void) | null,
): HTMLElement {
  const section = templates.clone('group');
  const heading = slot(section, 'heading');
  heading.id = `results-${kind}`;
  section.setAttribute('aria-labelledby', heading.id);
  slot(section, 'label').textContent = KIND_SEARCH[kind].label;
  slot(section, 'total').textContent = `${total}`;
  slot(section, 'cards').append(...cards);
  const button = slot(section, 'show-all');
  if (showAll && total > cards.length) {
    button.textContent = `Show all ${total} ${KIND_SEARCH[kind].label.toLowerCase()}`;
    button.addEventListener('click', () => showAll(kind));
  } else button.remove();
  return section;
}

/** The empty search: every page and its categories, to browse. */
export function browseView(templates: SearchTemplates, pages: readonly BrowsePage[]): HTMLElement {
  const fillLink = (root: HTMLElement, href: string, label: string, count: number) => {
    slot<HTMLAnchorElement>(root, 'link').href = href;
    slot(root, 'label').textContent = label;
    slot(root, 'count').textContent = `(${count})`;
  };
  const section = templates.clone('browse');
  slot(section, 'pages').append(
    ...pages.map((page) => {
      const card = templates.clone('browse-page');
      fillLink(card, page.href, page.pageLabel, page.count);
      const categories = slot(card, 'categories');
      if (page.categories.length === 0) categories.remove();
      for (const category of page.categories) {
        const item = templates.clone('browse-category');
        fillLink(item, category.href, category.name, category.count);
        categories.append(item);
      }
      return card;
    }),
  );
  return section;
}

/** What a search that found nothing can offer instead. */
export type NoResultsHint =
  | { kind: 'spelling'; suggestion: string; keepsFilters: boolean; choose: () => void }
  | { kind: 'without-filters'; count: number; choose: () => void };

/** A search that found nothing: what happened (on /search, a title), and what to try. */
export function noResults(
  templates: SearchTemplates,
  title: string | null,
  hints: readonly NoResultsHint[],
): HTMLElement {
  const box = templates.clone('message');
  if (title) slot(box, 'title').textContent = title;
  else slot(box, 'title').remove();
  const list = slot(box, 'hints');
  for (const hint of hints) {
    if (hint.kind === 'spelling') {
      const line = templates.clone('did-you-mean');
      const button = slot(line, 'suggestion');
      button.textContent = hint.suggestion;
      button.addEventListener('click', hint.choose);
      if (!hint.keepsFilters) slot(line, 'tail').textContent = ' (without filters)?';
      list.append(line);
    } else {
      const line = templates.clone('without-filters');
      slot(line, 'action').addEventListener('click', hint.choose);
      slot(line, 'count').textContent = `(${resultCount(hint.count)})`;
      list.append(line);
    }
  }
  if (hints.length === 0) list.append(templates.clone('fewer-words'));
  return box;
}

/**
 * Shows the index's state on a search surface (/search or the dialog): loading, or the failure
 * with a retry. Returns the index once it is ready to search.
 */
export function readyIndex(
  templates: SearchTemplates,
  surface: { status: HTMLElement; results: HTMLElement },
  state: { status: SearchIndexStatus; index: CatalogueIndex | null },
  retry: () => void,
): CatalogueIndex | null {
  surface.results.setAttribute('aria-busy', String(state.status === 'loading'));
  if (state.status === 'error') {
    surface.status.textContent = 'Search is unavailable';
    surface.results.replaceChildren(loadFailure(templates, retry));
    return null;
  }
  if (!state.index) {
    surface.status.textContent = 'Loading the catalogue…';
    surface.results.replaceChildren();
  }
  return state.index;
}

/**
 * What a surface does once, when its first results show: prepares spelling suggestions while
 * idle (ready before a query first finds nothing, without holding up a keystroke), and marks
 * the moment for the bench ('search-first-results').
 */
export function firstResultsOnce(): (index: CatalogueIndex) => void {
  let done = false;
  return (index) => {
    if (done) return;
    done = true;
    requestIdleCallback(() => prepareSuggestions(index), { timeout: 2000 });
    performance.mark('search-first-results');
  };
}

/** The index could not be loaded: what happened, and a retry. */
function loadFailure(templates: SearchTemplates, retry: () => void): HTMLElement {
  const box = templates.clone('failure');
  slot(box, 'retry').addEventListener('click', retry);
  return box;
}

/**
 * Arrow keys among result links: down and up move, up from the first returns to the box.
 * Returns whether the key was one of them (the caller then prevents its default).
 */
export function moveThroughResults(
  key: string,
  links: readonly HTMLElement[],
  box: HTMLElement,
): boolean {
  const current = links.indexOf(document.activeElement as HTMLElement);
  if (current === -1 || (key !== 'ArrowDown' && key !== 'ArrowUp')) return false;
  const next = current + (key === 'ArrowDown' ? 1 : -1);
  if (next < 0) box.focus();
  else links[Math.min(next, links.length - 1)]?.focus();
  return true;
}
