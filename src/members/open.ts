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
  REST_FILES_PATH,
  SEALED_PART_ATTRIBUTE,
  SEALED_PARTS_ATTRIBUTE,
  SEALED_REST_ATTRIBUTE,
} from './contract.ts';
import { sliceCards } from '../lib/card-slices.ts';
import { afterPaint, nextTask } from '../browser/paint-timing.ts';
import { contentPainted } from '../browser/content-painted.ts';

/*
 * Opening a sealed members' region: decrypt its parts with the members' key (WebCrypto) and put
 * them on screen. Bundled into the inline opener (src/members/inline/opener.ts), where it runs as
 * soon as the region is parsed, and into the recovery code (src/members/recover.ts).
 */

/**
 * A region's sealed parts: how many it was sealed as, the first, and the later ones, which a page
 * keeps in a file of their own (scripts/seal.ts): the opener shows the first screen from the page
 * alone and asks for the rest once that is on screen.
 */
export interface SealedParts {
  count: number;
  first: string;
  later(): Promise<readonly string[]>;
}

/** Parts already in hand: an entry's file. */
export function partsOf(parts: readonly string[]): SealedParts | null {
  const [first, ...later] = parts;
  if (first === undefined) return null;
  return { count: parts.length, first, later: () => Promise.resolve(later) };
}

/** The sealed parts a fetched file holds (`{ "parts": [...] }`), or null if it holds none. */
function partsIn(body: unknown): string[] | null {
  const parts = (body as { parts?: unknown } | null)?.parts;
  return Array.isArray(parts) && parts.every((part) => typeof part === 'string') ? parts : null;
}

/**
 * The later parts from the file at `address` (SEALED_REST_ATTRIBUTE): a path of this site under
 * REST_FILES_PATH, or nothing is fetched. `fresh` bypasses every cache.
 */
async function fetchRest(address: string, fresh: boolean): Promise<string[]> {
  const url = new URL(address, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(REST_FILES_PATH)) {
    throw new SealError(`the page names its rest at ${address}, not on this site`);
  }
  const response = await fetch(url, fresh ? { cache: 'no-store' } : {});
  if (!response.ok) throw new SealError(`the rest of the page answered ${response.status}`);
  const parts = partsIn(await response.json().catch(() => null));
  if (!parts) throw new SealError('the rest of the page holds no sealed parts');
  return parts;
}

/**
 * The sealed parts of a region `main`, its later ones fetched when asked for (`fresh`: past
 * every cache); null when the region holds none (built with MEMBERS_CONTENT_SEAL=off, or
 * already opened). A later part missing or changed opens nothing: each part's additional data
 * holds the page's path, its place and the count.
 */
export function sealedParts(main: HTMLElement, fresh = false): SealedParts | null {
  const first = main.querySelector(`template[${SEALED_PART_ATTRIBUTE}]`)?.innerHTML.trim();
  if (first === undefined) return null;
  const count = Number(main.getAttribute(SEALED_PARTS_ATTRIBUTE) ?? '1');
  const rest = main.getAttribute(SEALED_REST_ATTRIBUTE);
  return {
    count,
    first,
    later: () => (rest === null ? Promise.resolve([]) : fetchRest(rest, fresh)),
  };
}

/** Every one of `parts`, the later ones fetched. */
export async function allParts(parts: SealedParts): Promise<string[]> {
  return [parts.first, ...(await parts.later())];
}

/**
 * The rest of a page would not open after its first screen was shown: that copy of the page is
 * damaged (cut off, or changed), since the same key opened its first part.
 */
export class RestOfPageError extends Error {
  override name = 'RestOfPageError';
}

/** An entry's sealed parts could not be fetched: the network, not the page, failed. */
export class EntryFetchError extends Error {
  override name = 'EntryFetchError';
}

/** What to open: sealed parts and the path they are sealed for, or a page to go to instead. */
export type PartsToOpen = { parts: SealedParts; path: string } | { goTo: string };

/**
 * What a region opens. On an entry page shell (ENTRY_SHELL_ATTRIBUTE) reached at an entry's
 * address: that entry's parts, fetched from the file the key names (entryFileName); when there is
 * no such file (an entry since removed, or a mistyped link), the entry's card on its catalogue, as
 * the 404 page does for a catalogue without entry pages (src/pages/404.astro). Anywhere else, the
 * region's own parts. `fresh` bypasses every cache (a retry after a copy would not open).
 */
export async function partsToOpen(
  main: HTMLElement,
  own: SealedParts,
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
      (await allParts(own)).map((sealed, index) =>
        decryptSealed(key, sealed, partAad(shell, index, own.count)),
      ),
    );
    const catalogue = shell.slice(0, shell.lastIndexOf('/'));
    return { goTo: `${catalogue}#${here.slice(here.lastIndexOf('/') + 1)}` };
  }
  if (!response.ok) throw new EntryFetchError(`the entry's file answered ${response.status}`);
  const parts = partsIn(await response.json().catch(() => null));
  const inHand = parts && partsOf(parts);
  if (!inHand) throw new SealError("the entry's file holds no sealed parts");
  return { parts: inHand, path: here };
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
 * Decrypts the first of `parts` (sealed for `path`) with `base64Key` and replaces the region's
 * children with it (the page header and the first screen), with only its first slice of cards
 * (sliceCards); then, once that has been painted, fetches the later parts (SealedParts.later),
 * decrypts them and puts them in, one slice of cards or one category parsed and inserted a task, so the
 * first screen waits for nothing else and a long catalogue never blocks input for long.
 *
 * Each part is authenticated before any of it is shown, and every later part before any later
 * one is. If the first fails to open (SealError), nothing is inserted and the region keeps its
 * sign-in prompt and sealed parts for a retry; if a later one fails, the first screen stays and
 * RestOfPageError says the rest would not open (or could not be fetched). `onFirstPart` runs once the first part is in.
 */
export async function openRegion(
  main: HTMLElement,
  parts: SealedParts,
  base64Key: string,
  path: string,
  onFirstPart: () => void,
): Promise<void> {
  const start = performance.now();
  const key = await importContentKey(parseContentKey(base64Key));
  const aad = (index: number) => partAad(path, index, parts.count);
  const firstHtml = await inflateText(await decryptSealed(key, parts.first, aad(0)));
  // Read by the sealing tests and the bench: what opening a page costs a member before the
  // first screen can show.
  performance.measure('members-content-decrypt', { start, end: performance.now() });
  main.setAttribute('aria-busy', 'true');
  const opening = parsePart(firstHtml);
  main.replaceChildren(opening.fragment);
  onFirstPart();
  try {
    if (opening.held.length > 0 || parts.count > 1) {
      await afterPaint();
      await placeHeld(opening.held);
      // Asked for once the whole first screen is on screen (its held cards may be its largest
      // paint), so that nothing competes with it.
      await contentPainted(performance.now(), main);
      const later = await parts.later();
      if (later.length !== parts.count - 1) {
        throw new SealError(`the page holds ${later.length + 1} of its ${parts.count} parts`);
      }
      const texts = await Promise.all(
        later.map(async (sealed, index) =>
          inflateText(await decryptSealed(key, sealed, aad(index + 1))),
        ),
      );
      for (const text of texts) {
        for (const html of categoriesOf(text)) {
          await nextTask();
          const category = parsePart(html);
          main.append(category.fragment);
          await placeHeld(category.held);
        }
      }
    }
  } catch (error) {
    throw new RestOfPageError(`the rest of this page would not open: ${String(error)}`, {
      cause: error,
    });
  } finally {
    main.removeAttribute('aria-busy');
  }
  // The browser looked for the link's #entry before it existed, so it is neither scrolled to nor
  // :target: marked instead, for the outline src/styles/global.css gives an entry reached.
  const entry =
    location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (entry) {
    entry.setAttribute(ENTRY_REACHED_ATTRIBUTE, '');
    entry.scrollIntoView();
  }
}
