import { prepareSuggestions, suggestSpelling, type CatalogueIndex } from './engine.ts';
import { leavesPage } from '../lib/link-clicks.ts';
import { toSearchParams } from './query-state.ts';
import { search } from './search.ts';
import {
  actionButton,
  el,
  loadFailure,
  messageBox,
  moveThroughResults,
  dialogRow,
  quoted,
  resultCount,
} from './view.ts';

/** Best matches shown in the dialog; the search page shows them all, with filters. */
const DIALOG_LIMIT = 8;

/**
 * The search dialog's behaviour, loaded the first time a member opens it
 * (src/search/shortcuts.ts): the index loads into the search store /search drives too,
 * results follow typing, arrow keys move through them, Escape clears the box and then closes.
 */
export function startDialog(dialog: HTMLDialogElement): void {
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
    const { hits: shown, total } = search.$results.get();
    if (total === 0) {
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
                  search.setQuery(spelling);
                  input?.focus();
                }),
                '?',
              )
            : el('p', '', 'Try fewer or more general words.'),
        ),
      );
      return;
    }
    status.textContent =
      total > shown.length
        ? `Best ${shown.length} of ${total} results for ${quoted(query)}`
        : `${resultCount(total)} for ${quoted(query)}`;
    results.replaceChildren(el('ul', 'space-y-1', ...shown.map((hit) => dialogRow(hit))));
  }

  let firstResults = true;
  function render(): void {
    if (!input || !status || !results || !all) return;
    all.href = `/search${toSearchParams({ query: input.value, filters: {} })}`;
    const { status: indexStatus, index } = search.$index.get();
    results.setAttribute('aria-busy', String(indexStatus === 'loading'));
    if (indexStatus === 'error') {
      status.textContent = 'Search is unavailable';
      results.replaceChildren(loadFailure(() => void search.loadIndex(false)));
      return;
    }
    if (!index) {
      status.textContent = 'Loading the catalogue…';
      return;
    }
    renderQuery(index, search.$state.get().query);
    if (firstResults) {
      firstResults = false;
      requestIdleCallback(() => prepareSuggestions(index), { timeout: 2000 });
      // Read by the bench: from the key press to the first results on screen.
      performance.mark('search-first-results');
    }
  }

  input.addEventListener('input', () => search.setQuery(input.value));
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
    search.setQuery('');
    input.focus();
  });
  // A click on the backdrop (outside the panel) closes.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  search.setLimit(DIALOG_LIMIT);
  search.setQuery(input.value);
  search.$index.subscribe(render);
  search.$results.listen(render);
  void search.loadIndex(false);
}
