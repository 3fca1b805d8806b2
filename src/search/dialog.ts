import { suggestSpelling, type CatalogueIndex } from './engine.ts';
import { leavesPage } from '../lib/link-clicks.ts';
import { toSearchParams } from './query-state.ts';
import { search } from './search.ts';
import {
  dialogRows,
  firstResultsOnce,
  moveThroughResults,
  noResults,
  quoted,
  readyIndex,
  resultCount,
  searchTemplates,
  type SearchTemplates,
} from './view.ts';

/** Best matches shown in the dialog; the search page shows them all, with filters. */
const DIALOG_LIMIT = 8;

/**
 * The search dialog's behaviour: the index loads into the search store /search drives too,
 * results follow typing, arrow keys move through them, Escape clears the box and then closes.
 */
function startDialog(dialog: HTMLDialogElement, templates: SearchTemplates): void {
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
      const choose = (suggestion: string) => () => {
        if (input) input.value = suggestion;
        search.setQuery(suggestion);
        input?.focus();
      };
      results.replaceChildren(
        noResults(
          templates,
          null,
          spelling
            ? [
                {
                  kind: 'spelling',
                  suggestion: spelling,
                  keepsFilters: true,
                  choose: choose(spelling),
                },
              ]
            : [],
        ),
      );
      return;
    }
    status.textContent =
      total > shown.length
        ? `Best ${shown.length} of ${total} results for ${quoted(query)}`
        : `${resultCount(total)} for ${quoted(query)}`;
    results.replaceChildren(dialogRows(templates, shown));
  }

  const firstResults = firstResultsOnce();
  function render(): void {
    if (!input || !status || !results || !all) return;
    all.href = `/search${toSearchParams({ query: input.value, filters: {} })}`;
    const index = readyIndex(templates, { status, results }, search.$index.get(), () => {
      void search.loadIndex(false);
    });
    if (!index) return;
    renderQuery(index, search.$state.get().query);
    firstResults(index);
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

/**
 * <search-dialog> (src/components/SearchDialog.astro), defined when this module loads: the
 * first time a member opens the dialog (src/search/shortcuts.ts). Its markup is there from the
 * start, so the dialog opens at once and comes alive as soon as this arrives.
 */
class SearchDialog extends HTMLElement {
  #started = false;

  connectedCallback(): void {
    const dialog = this.querySelector('dialog');
    if (this.#started || !dialog) return;
    this.#started = true;
    startDialog(dialog, searchTemplates(this));
  }
}

customElements.define('search-dialog', SearchDialog);
