import { canonicalPath } from '../lib/paths.ts';
import { SealError, unseal } from '../lib/sealing.ts';
import { SignInNeeded, withMembersKey } from './members-key.ts';

async function decrypt(
  key: CryptoKey,
  sealed: string,
  path = canonicalPath(location.pathname),
): Promise<string> {
  const start = performance.now();
  const html = await unseal(key, sealed, path);
  // Read by the bench and the sealing tests: what opening a page costs a member.
  performance.measure('members-content-decrypt', { start, end: performance.now() });
  return html;
}

function showFailure(main: HTMLElement, retry: () => void): void {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.unsealError = '';
  box.className =
    'mx-auto my-24 max-w-md rounded-2xl border border-red-300 bg-red-50 p-6 text-center text-red-900 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-100';
  const text = document.createElement('p');
  text.textContent =
    'This page could not be opened. It may be damaged or out of date, or the connection failed.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Try again';
  button.className =
    'mt-4 inline-flex h-10 items-center rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800';
  button.addEventListener('click', () => {
    box.remove();
    retry();
  });
  box.append(text, button);
  main.querySelector('[data-unseal-error]')?.remove();
  main.append(box);
  button.focus();
}

/** Replaces the page's sealed content with a fresh copy from the server, bypassing caches. */
async function refetchSealed(main: HTMLElement): Promise<void> {
  try {
    const response = await fetch(location.pathname, { cache: 'no-store' });
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = page.querySelector('template[data-sealed-content]');
    const current = main.querySelector('template[data-sealed-content]');
    if (fresh && current) current.innerHTML = fresh.innerHTML;
  } catch (error) {
    // unsealPage then fails again on the old copy and shows the retry once more.
    console.error('Could not fetch this members page again', error);
  }
}

/**
 * Opens a sealed members' page with the members' key (src/scripts/members-key.ts). A page that
 * will not open shows what happened and a retry, never a blank page.
 */
export async function unsealPage(main: HTMLElement): Promise<void> {
  const sealed = main.querySelector('template[data-sealed-content]')?.innerHTML.trim();
  if (!sealed) return;
  try {
    const html = await withMembersKey((key) => decrypt(key, sealed));
    main.innerHTML = html;
    main.removeAttribute('data-sealed');
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    target?.scrollIntoView();
    const entryMap = main.dataset.entryMap;
    if (location.hash && !target && entryMap) {
      const { goToEntry } = await import('./entry-pages.ts');
      await goToEntry(entryMap, (text, path) =>
        withMembersKey((key) => decrypt(key, text.trim(), path)),
      );
    }
  } catch (error) {
    if (error instanceof SignInNeeded) {
      location.replace('/auth');
      return;
    }
    console.error('Could not open this members page', error);
    // Content that fails to open under a fresh key is damaged in this copy of the page (a cut-off
    // download, a stale cache): retrying fetches the page afresh. Anything else (the key service
    // unreachable) is retried as it is.
    const damaged = error instanceof SealError;
    showFailure(
      main,
      () => void (damaged ? refetchSealed(main) : Promise.resolve()).then(() => unsealPage(main)),
    );
  }
}
