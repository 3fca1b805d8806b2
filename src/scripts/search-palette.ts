import {
  prepareSuggestions,
  searchCatalogue,
  suggestSpelling,
  type CatalogueIndex,
} from '../lib/search/engine.ts';
import { leavesPage } from '../lib/link-clicks.ts';
import { toSearchParams } from '../lib/search/query-state.ts';
import { $searchIndex } from '../stores/search.ts';
import { loadCatalogue } from './search-index.ts';
import {
  actionButton,
  el,
  loadFailure,
  messageBox,
  moveThroughResults,
  paletteRow,
  quoted,
  resultCount,
} from './search-view.ts';

/** Best matches shown in the dialog; the search page shows them all, with filters. */
const PALETTE_LIMIT = 8;

/**
 * The search dialog's behaviour, loaded the first time a member opens it: the index loads
 * (shared with /search through the search store), results follow typing, arrow keys move
 * through them, Escape clears the box and then closes.
 */
export function startPalette(dialog: HTMLDialogElement): void {
  const input = dialog.querySelector<HTMLInputElement>('[data-search-dialog-input]');
  const status = dialog.querySelector<HTMLElement>('[data-search-dialog-status]');
  const results = dialog.querySelector<HTMLElement>('[data-search-dialog-results]');
  const all = dialog.querySelector<HTMLAnchorElement>('[data-search-dialog-all]');
  if (!input || !status || !results || !all) return;

  const links = () => [...results.querySelectorAll<HTMLElement>('[data-search-result]')];

  function renderQuery(index: CatalogueIndex, query: string): void {
    if (!status || !results) return;
    if (!query.trim()) {
      status.textContent = `Type to search ${index.docs.length} entries.`;
      results.replaceChildren();
      return;
    }
    const hits = searchCatalogue(index, query);
    if (hits.length === 0) {
      status.textContent = `No results for ${quoted(query)}`;
      const spelling = suggestSpelling(index, query);
      results.replaceChildren(
        messageBox(
          'neutral',
          spelling
            ? el(
                'p',
                '',
                'Did you mean ',
                actionButton(spelling, () => {
                  if (input) input.value = spelling;
                  render();
                  input?.focus();
                }),
                '?',
              )
            : el('p', '', 'Try fewer or more general words.'),
        ),
      );
      return;
    }
    const shown = hits.slice(0, PALETTE_LIMIT);
    status.textContent =
      hits.length > shown.length
        ? `Best ${shown.length} of ${hits.length} results for ${quoted(query)}`
        : `${resultCount(hits.length)} for ${quoted(query)}`;
    results.replaceChildren(el('ul', 'space-y-1', ...shown.map((hit) => paletteRow(hit))));
  }

  let firstResults = true;
  function render(): void {
    if (!input || !status || !results || !all) return;
    all.href = `/search${toSearchParams({ query: input.value, filters: {} })}`;
    const { status: indexStatus, index } = $searchIndex.get();
    results.setAttribute('aria-busy', String(indexStatus === 'loading'));
    if (indexStatus === 'error') {
      status.textContent = 'Search is unavailable';
      results.replaceChildren(loadFailure(() => void loadCatalogue({ prompts: false })));
      return;
    }
    if (!index) {
      status.textContent = 'Loading the catalogue…';
      return;
    }
    renderQuery(index, input.value);
    if (firstResults) {
      firstResults = false;
      requestIdleCallback(() => prepareSuggestions(index), { timeout: 2000 });
      // Read by the bench: from the key press to the first results on screen.
      performance.mark('search-first-results');
    }
  }

  input.addEventListener('input', render);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      links()[0]?.click();
    }
  });
  results.addEventListener('keydown', (event) => {
    if (moveThroughResults(event.key, links(), input)) event.preventDefault();
  });
  // An entry on this very page is only a jump to its anchor: the dialog must not stay open. One
  // on another page keeps it open until this page goes: closed now, its link would lose the page
  // prerendered for it (src/lib/link-clicks.ts).
  results.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (link && !leavesPage(event, link, location.href)) dialog.close();
  });
  addEventListener('pagehide', () => dialog.close());
  // Escape clears a query first, then closes (the dialog's own cancel).
  dialog.addEventListener('cancel', (event) => {
    if (!input.value) return;
    event.preventDefault();
    input.value = '';
    render();
    input.focus();
  });
  // A click on the backdrop (outside the panel) closes.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  $searchIndex.subscribe(render);
  void loadCatalogue({ prompts: false });
}
