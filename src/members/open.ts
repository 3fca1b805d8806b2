import { importContentKey, parseContentKey, unseal } from '../lib/sealing.ts';
import { partAad, SEALED_PART_ATTRIBUTE } from './contract.ts';

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

/** Lets the browser paint and handle input before the next part goes in. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

/**
 * Decrypts every part of `parts` (sealed for `path`) with `base64Key`, then replaces the region's
 * children with them: the first part (the page header and the first screen) in this task, and
 * each further part in a task of its own, so a long catalogue never blocks input for long.
 * `onFirstPart` runs once the first part is in. Nothing is inserted if any part fails to open
 * (SealError): the region keeps its sign-in prompt and sealed parts for a retry.
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
  const html = await Promise.all(
    parts.map((sealed, index) => unseal(key, sealed, partAad(path, index, parts.length))),
  );
  // Read by the sealing tests and the bench: what opening a page costs a member.
  performance.measure('members-content-decrypt', { start, end: performance.now() });
  main.setAttribute('aria-busy', 'true');
  main.innerHTML = html[0] ?? '';
  onFirstPart();
  for (const part of html.slice(1)) {
    await nextTask();
    main.insertAdjacentHTML('beforeend', part);
  }
  main.removeAttribute('aria-busy');
  // The browser looked for the link's #entry before it existed.
  if (location.hash)
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}
