import { PRERENDER_ATTRIBUTE } from '../lib/speculation-rules.ts';
import { promptPanel } from '../browser/prompt-panel-template.ts';
import {
  BADGE_CLASS,
  BADGE_TONES,
  PRICING_TONE,
  statusTone,
  type BadgeTone,
} from '../lib/badge.ts';
import { KIND_LABELS, type SearchDoc, type SearchKind } from './documents.ts';
import type { SearchHit } from './engine.ts';
import type { BrowsePage } from './facets.ts';
import { highlight } from './highlight.ts';

/*
 * Builds the search page's result markup. Everything from the index is set as text, never as
 * HTML, so an entry can never inject markup.
 */

type Child = Node | string | null | undefined | false;

/** An element with classes and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.append(...children.filter((child): child is Node | string => Boolean(child)));
  return element;
}

/** A query as the status line quotes it: “email api”. */
export const quoted = (text: string) => `“${text.trim()}”`;

/** '1 result', '12 results'. */
export const resultCount = (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`;

const MARK = 'rounded-sm bg-amber-200 px-0.5 text-zinc-950 dark:bg-amber-300/30 dark:text-white';

/** Text with the matched words wrapped in <mark>. */
export function marked(text: string, terms: readonly string[]): Node[] {
  return highlight(text, terms).map((segment) =>
    segment.match ? el('mark', MARK, segment.text) : document.createTextNode(segment.text),
  );
}

function badge(text: string, terms: readonly string[], tone: BadgeTone) {
  return el('span', `${BADGE_CLASS} ${BADGE_TONES[tone]}`, ...marked(text, terms));
}

/** The page and category an entry sits under, as its link will show it: 'Tool Lab · Design'. */
function whereItLives(doc: SearchDoc): string {
  return [doc.pageLabel, doc.category].filter(Boolean).join(' · ');
}

/** One result card; `serial`, never repeated on the page, makes its ids unique. */
export function resultCard(
  hit: SearchHit,
  serial: number,
  templates: { panel: HTMLTemplateElement; star: HTMLTemplateElement },
): HTMLLIElement {
  const { doc, terms } = hit;
  const where = whereItLives(doc);
  const badges = [
    doc.pricing && badge(doc.pricing, terms, PRICING_TONE),
    doc.status && badge(doc.status, terms, statusTone(doc.status)),
    ...doc.tags.map((tag) => badge(tag, terms, 'neutral')),
  ].filter((node): node is HTMLSpanElement => Boolean(node));
  const link = el(
    'a',
    'rounded-sm outline-offset-4 hover:text-brand-700 hover:underline dark:hover:text-brand-300',
    ...marked(doc.title, terms),
  );
  link.href = doc.id;
  link.dataset.searchResult = '';
  // A members' page: prerendered on hover (src/lib/speculation-rules.ts).
  link.setAttribute(PRERENDER_ATTRIBUTE, '');
  // A prompt shows the card its page shows: preview, Fill in, Copy, assistants, download.
  const entry = doc.id.slice(1).replace('#', '/');
  const prompt = doc.prompt
    ? el(
        'div',
        'mt-3',
        promptPanel(templates.panel, {
          uid: `search-prompt-${serial}`,
          id: entry.slice(entry.indexOf('/') + 1),
          storageKey: entry,
          title: doc.title,
          prompt: doc.prompt,
          variables: doc.variables,
          feedback: doc.kind === 'dev-prompt' ? 'label' : 'toast',
        }),
      )
    : null;
  // The entry's star, as on its card (src/components/FavouriteButton.astro).
  const star = templates.star.content.cloneNode(true) as DocumentFragment;
  star.querySelector<HTMLElement>('favourite-button')!.dataset.key = doc.favourite;
  star.querySelector('button')!.setAttribute('aria-label', `Save ${doc.title}`);
  return el(
    'li',
    '',
    el(
      'article',
      'rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900',
      el(
        'div',
        'flex items-start justify-between gap-3',
        el(
          'div',
          'min-w-0',
          el('h3', 'text-base font-semibold text-zinc-900 dark:text-white', link),
          el('p', 'mt-0.5 text-xs text-zinc-600 dark:text-zinc-400', where),
        ),
        star,
      ),
      el(
        'p',
        'mt-2 line-clamp-3 text-sm text-zinc-700 dark:text-zinc-300',
        ...marked(doc.description, terms),
      ),
      badges.length > 0 && el('div', 'mt-3 flex flex-wrap gap-1.5', ...badges),
      prompt,
    ),
  );
}

/** One result in the search dialog: title, where it lives and one line of its description. */
export function dialogRow(hit: SearchHit): HTMLLIElement {
  const { doc, terms } = hit;
  const link = el(
    'a',
    'block rounded-xl px-3 py-2 outline-none hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-brand-600 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800',
    el('span', 'block font-semibold text-zinc-900 dark:text-white', ...marked(doc.title, terms)),
    el('span', 'block text-xs text-zinc-600 dark:text-zinc-400', whereItLives(doc)),
    el(
      'span',
      'mt-0.5 line-clamp-2 text-sm text-zinc-700 dark:text-zinc-300',
      ...marked(doc.description, terms),
    ),
  );
  link.href = doc.id;
  link.dataset.searchResult = '';
  // A members' page: prerendered on hover (src/lib/speculation-rules.ts).
  link.setAttribute(PRERENDER_ATTRIBUTE, '');
  return el('li', '', link);
}

/** A group of results under its kind's heading, with a way to see them all when cut. */
export function resultGroup(
  kind: SearchKind,
  cards: HTMLLIElement[],
  total: number,
  showAll: ((kind: SearchKind) => void) | null,
): HTMLElement {
  const headingId = `results-${kind}`;
  const heading = el(
    'h2',
    'text-lg font-semibold text-zinc-900 dark:text-white',
    KIND_LABELS[kind],
    el('span', 'ml-2 text-sm font-normal text-zinc-600 dark:text-zinc-400', `${total}`),
  );
  heading.id = headingId;
  const section = el(
    'section',
    'space-y-3',
    heading,
    el('ul', 'grid gap-3 md:grid-cols-2', ...cards),
  );
  section.setAttribute('aria-labelledby', headingId);
  if (showAll && total > cards.length) {
    const button = el(
      'button',
      'text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300',
      `Show all ${total} ${KIND_LABELS[kind].toLowerCase()}`,
    );
    button.type = 'button';
    button.addEventListener('click', () => showAll(kind));
    section.append(button);
  }
  return section;
}

/** The empty search: every page and its categories, to browse. */
export function browseView(pages: readonly BrowsePage[]): HTMLElement {
  const heading = el(
    'h2',
    'text-lg font-semibold text-zinc-900 dark:text-white',
    'Browse by category',
  );
  heading.id = 'browse-heading';
  const link = (href: string, text: string, count: number) => {
    const anchor = el(
      'a',
      'rounded-sm text-zinc-800 hover:text-brand-700 hover:underline dark:text-zinc-200 dark:hover:text-brand-300',
      text,
      el('span', 'ml-1 text-zinc-600 dark:text-zinc-400', `(${count})`),
    );
    anchor.href = href;
    anchor.setAttribute(PRERENDER_ATTRIBUTE, '');
    return anchor;
  };
  const section = el(
    'section',
    'space-y-4',
    heading,
    el(
      'ul',
      'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
      ...pages.map((page) =>
        el(
          'li',
          'rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900',
          el('h3', 'font-semibold', link(page.href, page.pageLabel, page.count)),
          page.categories.length > 0 &&
            el(
              'ul',
              'mt-2 space-y-1 text-sm',
              ...page.categories.map((category) =>
                el('li', '', link(category.href, category.name, category.count)),
              ),
            ),
        ),
      ),
    ),
  );
  section.setAttribute('aria-labelledby', heading.id);
  return section;
}

/** A button that looks like a link, for suggestions and retries. */
export function actionButton(text: string, onClick: () => void): HTMLButtonElement {
  const button = el(
    'button',
    'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300',
    text,
  );
  button.type = 'button';
  button.addEventListener('click', onClick);
  return button;
}

/** The index could not be loaded: what happened, and a retry. */
export function loadFailure(retry: () => void): HTMLElement {
  return messageBox(
    'error',
    el('p', '', 'The catalogue could not be loaded for searching. Check your connection.'),
    el('p', 'mt-3', actionButton('Try again', retry)),
  );
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

/** A centred message box (no results, failure to load). */
export function messageBox(tone: 'neutral' | 'error', ...children: Child[]): HTMLElement {
  const tones = {
    neutral: 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
    error:
      'border-red-300 bg-red-50 text-red-900 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-100',
  };
  const box = el('div', `rounded-2xl border p-6 text-center ${tones[tone]}`, ...children);
  if (tone === 'error') box.setAttribute('role', 'alert');
  return box;
}
