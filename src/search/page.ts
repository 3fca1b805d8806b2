import { SEARCH_ORDER } from '../catalogue/kind-search.ts';
import type { EntryKind } from '../catalogue/kinds.ts';
import {
  FILTER_NAMES,
  groupByKind,
  hasFilters,
  searchCatalogue,
  suggestSpelling,
  type CatalogueIndex,
  type SearchFilters,
  type SearchHit,
} from './engine.ts';
import { browsePages, filterOptions, type FilterOption } from './facets.ts';
import { search } from './search.ts';
import '../browser/copy-buttons.ts';
import { whenSettled } from '../members/state.ts';
import { syncSearchWithUrl } from './url.ts';
import {
  browseView,
  firstResultsOnce,
  moveThroughResults,
  noResults,
  quoted,
  readyIndex,
  resultCard,
  resultCount,
  resultGroup,
  searchTemplates,
  type NoResultsHint,
  type SearchTemplates,
} from './view.ts';

type FilterName = (typeof FILTER_NAMES)[number];

/** Results shown per kind while every kind is listed; choosing a kind shows up to ALL_LIMIT. */
const GROUP_LIMIT = 6;
const ALL_LIMIT = 100;

/** The search page's parts (src/pages/search.astro), found when the page starts. */
interface Parts {
  form: HTMLFormElement;
  input: HTMLInputElement;
  status: HTMLElement;
  results: HTMLElement;
  clearButton: HTMLButtonElement | null;
  selects: Map<FilterName, HTMLSelectElement>;
  templates: SearchTemplates;
}

function findParts(): Parts | null {
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  const input = document.querySelector<HTMLInputElement>('[data-search-input]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const results = document.querySelector<HTMLElement>('[data-search-results]');
  if (!form || !input || !status || !results) return null;
  const selects = new Map<FilterName, HTMLSelectElement>();
  for (const name of FILTER_NAMES) {
    const select = document.querySelector<HTMLSelectElement>(`[data-search-filter="${name}"]`);
    if (select) selects.set(name, select);
  }
  return {
    form,
    input,
    status,
    results,
    clearButton: document.querySelector<HTMLButtonElement>('[data-search-clear-filters]'),
    selects,
    templates: searchTemplates(document),
  };
}

/** The filters chosen, as one string. */
const chosenKey = (filters: SearchFilters): string =>
  FILTER_NAMES.map((name) => filters[name] ?? '').join('\u0000');

/** A filter choice as its select lists it: its label and what choosing it would leave. */
const choiceText = (choice: FilterOption): string => `${choice.label} (${choice.count})`;

const browseViews = new WeakMap<CatalogueIndex, HTMLElement>();

/**
 * The pages and categories to browse, counted and drawn once per index and put back each time
 * the box empties (at 10,000 entries drawing it again cost 30-60 ms a time).
 */
function browsable(templates: SearchTemplates, index: CatalogueIndex): HTMLElement {
  let view = browseViews.get(index);
  if (!view) {
    view = browseView(templates, browsePages(index.docs));
    browseViews.set(index, view);
  }
  return view;
}

/** Draws the page from the search store, and sends what the member does to it. */
function startPage(parts: Parts): void {
  const { form, input, status, results, clearButton, selects, templates } = parts;
  let drawnFilters: { index: CatalogueIndex | null; query: string; chosen: string } | null = null;
  /** Counts the next paint will be followed by; a newer keystroke's replace them. */
  let countsDue = 0;

  function renderFilters(
    index: CatalogueIndex | null,
    filters: SearchFilters,
    query: string,
  ): void {
    // Each choice counts what it would leave of this search's results, so with q=video
    // "Dev tools (0)" says what choosing it would show. Redrawn only when they change.
    const chosen = chosenKey(filters);
    const drawn = drawnFilters;
    if (drawn?.index === index && drawn.query === query.trim() && drawn.chosen === chosen) return;
    drawnFilters = { index, query: query.trim(), chosen };
    const matching =
      index && query.trim() ? search.queryHits(index, query).map((hit) => hit.doc) : index?.docs;
    const options = matching ? filterOptions(matching, filters) : null;
    for (const [name, select] of selects) {
      const choices = options?.[name] ?? [];
      drawChoices(select, choices);
      select.value = filters[name] ?? '';
      select.disabled = !index;
      // Pricing and status only exist on dev tools: hide a filter with nothing to choose.
      select.closest<HTMLElement>('[data-filter-field]')!.hidden =
        index !== null && choices.length === 0;
    }
    if (clearButton) clearButton.hidden = !hasFilters(filters);
  }

  /*
   * A filter's choices after its first option ("Any …"). Typing changes the counts far more
   * often than the values: with the same values the options keep their elements and only
   * their words change (at 10,000 entries the tag filter has hundreds).
   */
  function drawChoices(select: HTMLSelectElement, choices: readonly FilterOption[]): void {
    const drawn = [...select.options].slice(1);
    const same =
      drawn.length === choices.length &&
      drawn.every((option, i) => option.value === choices[i]?.value);
    if (!same) {
      const first = select.options[0];
      select.replaceChildren(
        ...(first ? [first] : []),
        ...choices.map((choice) => new Option(choiceText(choice), choice.value)),
      );
      return;
    }
    choices.forEach((choice, i) => {
      const option = drawn[i]!;
      const text = choiceText(choice);
      if (option.text !== text) option.text = text;
    });
  }

  function showAll(kind: EntryKind): void {
    search.setFilter('kind', kind);
    input.focus();
  }

  /*
   * The cards on screen, by entry and highlighted words: the next keystroke usually keeps many
   * of them, and moving a card costs far less than building it again.
   */
  let shownCards = new Map<string, HTMLElement>();
  let cardSerial = 0;

  function renderResults(index: CatalogueIndex): void {
    const { query, filters } = search.$state.get();
    const hits = search.$results.get().hits;
    const searching = query.trim() !== '' || hasFilters(filters);
    if (!searching) {
      status.textContent = `Search ${index.docs.length} entries, or browse by category.`;
      results.replaceChildren(browsable(templates, index));
      return;
    }
    if (hits.length === 0) {
      renderNoResults(index, query, filters);
      return;
    }
    const limit = filters.kind ? ALL_LIMIT : GROUP_LIMIT;
    const cards = new Map<string, HTMLElement>();
    const card = (hit: SearchHit) => {
      const key = `${hit.doc.id}\n${hit.terms.join(' ')}`;
      const node = shownCards.get(key) ?? resultCard(templates, hit, cardSerial++);
      cards.set(key, node);
      return node;
    };
    const groups = groupByKind(hits, SEARCH_ORDER).map((group) =>
      resultGroup(
        templates,
        group.kind,
        group.hits.slice(0, limit).map(card),
        group.hits.length,
        filters.kind ? null : showAll,
      ),
    );
    shownCards = cards;
    const count = resultCount(hits.length);
    status.textContent = query.trim() ? `${count} for ${quoted(query)}` : count;
    results.replaceChildren(...groups);
  }

  function renderNoResults(index: CatalogueIndex, query: string, filters: SearchFilters): void {
    status.textContent = query.trim() ? `No results for ${quoted(query)}` : 'No results';
    const hints: NoResultsHint[] = [];
    const spelling = query.trim() ? suggestSpelling(index, query) : null;
    if (spelling) {
      const keepsFilters = searchCatalogue(index, spelling, filters).length > 0;
      hints.push({
        kind: 'spelling',
        suggestion: spelling,
        keepsFilters,
        choose: () => {
          if (!keepsFilters) search.clearFilters();
          search.setQuery(spelling);
          input.value = spelling;
          input.focus();
        },
      });
    }
    const unfiltered = hasFilters(filters) ? searchCatalogue(index, query).length : 0;
    if (unfiltered > 0) {
      hints.push({
        kind: 'without-filters',
        count: unfiltered,
        choose: () => search.clearFilters(),
      });
    }
    results.replaceChildren(
      noResults(
        templates,
        query.trim() ? `Nothing matches ${quoted(query)}` : 'Nothing matches these filters',
        hints,
      ),
    );
  }

  /*
   * While a member types, the filters' counts follow the results rather than hold them up: they
   * are counted once the results are painted, and only for the last keystroke of a burst (at
   * 10,000 entries the tag filter alone lists hundreds of choices). A chosen filter, the index
   * arriving or the first drawing still draw them at once.
   */
  function countAfterPaint(index: CatalogueIndex, filters: SearchFilters, query: string): void {
    const due = (countsDue += 1);
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (due === countsDue) renderFilters(index, filters, query);
      }),
    );
  }

  const firstResults = firstResultsOnce();
  function render(): void {
    const state = search.$index.get();
    const { filters, query } = search.$state.get();
    if (
      state.index &&
      drawnFilters?.index === state.index &&
      drawnFilters.chosen === chosenKey(filters)
    ) {
      countAfterPaint(state.index, filters, query);
    } else {
      // Drawn now: counts still due for an earlier keystroke would be stale.
      countsDue += 1;
      renderFilters(state.index, filters, query);
    }
    const index = readyIndex(templates, { status, results }, state, () => {
      void search.loadIndex(true);
    });
    if (!index) return;
    renderResults(index);
    firstResults(index);
  }

  const resultLinks = () => [...results.querySelectorAll<HTMLElement>('[data-search-result]')];

  input.addEventListener('input', () => {
    const start = performance.now();
    search.setQuery(input.value);
    // Read by the bench: a keystroke's search and render.
    performance.measure('search-keystroke', { start, end: performance.now(), detail: input.value });
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      resultLinks()[0]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (input.value) {
        input.value = '';
        search.setQuery('');
      } else input.blur();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    resultLinks()[0]?.click();
  });
  results.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      input.focus();
    }
    if (moveThroughResults(event.key, resultLinks(), input)) event.preventDefault();
  });
  for (const [name, select] of selects) {
    select.addEventListener('change', () => search.setFilter(name, select.value));
  }
  clearButton?.addEventListener('click', () => search.clearFilters());

  search.$index.subscribe(render);
  search.$state.listen(render);
}

/** Focuses the box now, or once the route guard shows the page (a session awaiting refresh). */
function focusWhenShown(input: HTMLInputElement): void {
  whenSettled((state) => {
    if (state === 'open') input.focus();
  });
}

/** The search page's behaviour, started by src/pages/search.astro's script. */
export function startSearchPage(): void {
  const parts = findParts();
  if (!parts) {
    console.error('Search: the page lacks its form, box, status or results (search.astro)');
    return;
  }
  syncSearchWithUrl((state) => {
    parts.input.value = state.query;
  });
  // Filters fold away on narrow screens unless one is in use.
  const filtersBox = document.querySelector<HTMLDetailsElement>('[data-search-filters]');
  if (filtersBox) {
    filtersBox.open =
      matchMedia('(min-width: 48rem)').matches || hasFilters(search.$state.get().filters);
  }
  startPage(parts);
  // The member came here to search: the box takes the keyboard, unless they followed an anchor.
  if (!location.hash) focusWhenShown(parts.input);
  void search.loadIndex(true);
}
