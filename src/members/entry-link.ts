import { unseal } from '../../supabase/functions/_shared/sealing.ts';
import { goToEntry } from '../browser/entry-pages.ts';
import { ENTRY_MAP_ATTRIBUTE } from './contract.ts';
import { withMembersKey } from './with-key.ts';

/** On a split catalogue, a link to an entry on a later page goes there (src/browser/entry-pages.ts). */
export function followEntryLink(main: HTMLElement): void {
  const entryMap = main.getAttribute(ENTRY_MAP_ATTRIBUTE);
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  // On this page: the opener scrolled to it (src/members/open.ts).
  if (document.getElementById(id) || !entryMap) return;
  // A build with MEMBERS_CONTENT_SEAL=off publishes the map as plain JSON.
  void goToEntry(entryMap, (text, path) =>
    text.trim().startsWith('{') || text.trim().startsWith('[')
      ? Promise.resolve(text)
      : withMembersKey((key) => unseal(key, text.trim(), path)),
  );
}
