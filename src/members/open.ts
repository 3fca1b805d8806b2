import {
  decryptSealed,
  entryFileName,
  importContentKey,
  inflateText,
  parseContentKey,
  SealError,
} from '../../supabase/functions/_shared/sealing.ts';
import {
  CARD_LIST_ATTRIBUTE,
  ENTRY_FILES_PATH,
  ENTRY_REACHED_ATTRIBUTE,
  ENTRY_SHELL_ATTRIBUTE,
  partAad,
  SEALED_PART_ATTRIBUTE,
} from './contract.ts';
import { sliceCards } from '../lib/card-slices.ts';
import { afterPaint, nextTask } from './state.ts';

/*
 * Opening a sealed members' region: decrypt its parts with the members' key (WebCrypto) and put
 * them on screen. Bundled into the inline opener (src/members/inline/opener.ts), where it runs as
 * soon as the region is parsed, and into the recovery code (src/members/recover.ts).
 */

/** The region's sealed parts, in order. */
export function sealedParts(main: HTMLElement): string[] {
  return [...main.querySelectorAll(`template[${SEALED_PART_ATTRIBUTE}]`)].map((template) =>
    template.innerHTML.trim(),
  );
}

/** An entry's sealed parts could not be fetched: the network, not the page, failed. */
export class EntryFetchError extends Error {
  override name = 'EntryFetchError';
}

/** What to open: sealed parts and the path they are sealed for, or a page to go to instead. */
export type PartsToOpen = { parts: readonly string[]; path: string } | { goTo: string };

/**
 * What a region opens. On an entry page shell (ENTRY_SHELL_ATTRIBUTE) reached at an entry's
 * address: that entry's parts, fetched from the file the key names (entryFileName); when there is
 * no such file (an entry since removed, or a mistyped link), the entry's card on its catalogue, as
 * the 404 page does for a catalogue without entry pages (src/pages/404.astro). Anywhere else, the
 * region's own parts. `fresh` bypasses every cache (a retry after a copy would not open).
 */
export async function partsToOpen(
  main: HTMLElement,
  own: readonly string[],
  here: string,
  base64Key: string,
  fresh = false,
): Promise<PartsToOpen> {
  const shell = main.getAttribute(ENTRY_SHELL_ATTRIBUTE);
  if (!shell || shell === here) return { parts: own, path: here };
  const name = await entryFileName(parseContentKey(base64Key), here);
  let response: Response;
  try {
    response = await fetch(`${ENTRY_FILES_PATH}${name}.json`, fresh ? { cache: 'no-store' } : {});
  } catch (error) {
    throw new EntryFetchError(`the entry could not be fetched: ${String(error)}`);
  }
  if (response.status === 404) {
    // Under a key from before a deploy that changed it, every name is wrong: the shell's own
    // parts then fail to open (SealError), and the caller asks for the current key.
    const key = await importContentKey(parseContentKey(base64Key));
    await Promise.all(
      own.map((sealed, index) => decryptSealed(key, sealed, partAad(shell, index, own.length))),
    );
    const catalogue = shell.slice(0, shell.lastIndexOf('/'));
    return { goTo: `${catalogue}#${here.slice(here.lastIndexOf('/') + 1)}` };
  }
  if (!response.ok) throw new EntryFetchError(`the entry's file answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as { parts?: unknown } | null;
  const parts = body?.parts;
  if (!Array.isArray(parts) || !parts.every((part) => typeof part === 'string')) {
    throw new SealError("the entry's file holds no sealed parts");
  }
  return { parts, path: here };
}

/** A later part's categories: a JSON array of their HTML (partTexts in scripts/seal.ts). */
function categoriesOf(text: string): string[] {
  let value: unknown = null;
  try {
    value = JSON.parse(text);
  } catch {
    // Reported below: the part is not what the build writes.
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new SealError('a sealed part holds no categories');
  }
  return value;
}

/** Cards held back from a fragment, and the list they go into. */
interface HeldCards {
  list: Element;
  cards: Element[];
}

/**
 * Parses `html` inert (a template's content runs nothing) and holds back the cards past each
 * list's first slice.
 */
function parsePart(html: string): { fragment: DocumentFragment; held: HeldCards[] } {
  const template = document.createElement('template');
  template.innerHTML = html;
  const fragment = template.content;
  const held = [...fragment.querySelectorAll(`[${CARD_LIST_ATTRIBUTE}]`)].flatMap((list) =>
    sliceCards([...list.children], (card) => 1 + card.getElementsByTagName('*').length)
      .slice(1)
      .map((cards) => {
        for (const card of cards) card.remove();
        return { list, cards };
      }),
  );
  return { fragment, held };
}

/** Moves held-back cards into their lists, a slice a task. */
async function placeHeld(held: readonly HeldCards[]): Promise<void> {
  for (const { list, cards } of held) {
    await nextTask();
    list.append(...cards);
  }
}

/**
 * Decrypts every part of `parts` (sealed for `path`) with `base64Key`, then replaces the region's
 * children with them: the first part (the page header and the first screen) as soon as it is
 * inflated, with only its first slice of cards (sliceCards), and the rest once that has been
 * painted, one slice of cards or one category parsed and inserted a task, so the first screen
 * waits for nothing else and a long catalogue never blocks input for long. Every part is
 * authenticated before any is shown: if one fails to open (SealError), nothing is inserted and
 * the region keeps its sign-in prompt and sealed parts for a retry. `onFirstPart` runs once the
 * first part is in.
 */
export async function openRegion(
  main: HTMLElement,
  parts: readonly string[],
  base64Key: string,
  path: string,
  onFirstPart: () => void,
): Promise<void> {
  const start = performance.now();
  const key = await importContentKey(parseContentKey(base64Key));
  const [first, ...rest] = await Promise.all(
    parts.map((sealed, index) => decryptSealed(key, sealed, partAad(path, index, parts.length))),
  );
  const firstHtml = first ? await inflateText(first) : '';
  // Read by the sealing tests and the bench: what opening a page costs a member before the
  // first screen can show.
  performance.measure('members-content-decrypt', { start, end: performance.now() });
  main.setAttribute('aria-busy', 'true');
  const opening = parsePart(firstHtml);
  main.replaceChildren(opening.fragment);
  onFirstPart();
  if (opening.held.length > 0 || rest.length > 0) {
    await afterPaint();
    await placeHeld(opening.held);
    for (const text of await Promise.all(rest.map(inflateText))) {
      for (const html of categoriesOf(text)) {
        await nextTask();
        const category = parsePart(html);
        main.append(category.fragment);
        await placeHeld(category.held);
      }
    }
  }
  main.removeAttribute('aria-busy');
  // The browser looked for the link's #entry before it existed, so it is neither scrolled to nor
  // :target: marked instead, for the outline src/styles/global.css gives an entry reached.
  const entry =
    location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (entry) {
    entry.setAttribute(ENTRY_REACHED_ATTRIBUTE, '');
    entry.scrollIntoView();
  }
}
