import { loadSearchIndex } from './loader.ts';
import { createSearchStore } from './store.ts';

/** This tab's search, which /search (src/search/page.ts) and the dialog (src/search/dialog.ts) drive. */
export const search = createSearchStore({ load: loadSearchIndex });
