import { canonicalPath } from '../lib/paths.ts';
import { SealError } from '../../supabase/functions/_shared/sealing.ts';
import {
  FAILURE_BOX_ATTRIBUTE,
  FAILURE_REST_ATTRIBUTE,
  FAILURE_TEMPLATE_ATTRIBUTE,
  FAILURE_WHOLE_ATTRIBUTE,
  SEALED_PROMPT_ATTRIBUTE,
} from './contract.ts';
import { SignInNeeded } from './server.ts';
import { withMembersKey } from './with-key.ts';
import { openRegion, partsToOpen, RestOfPageError, sealedParts, type SealedParts } from './open.ts';
import { goToSignIn, membersFailure, membersRegion, setMembersState } from './state.ts';

/*
 * Loaded only when the opener (src/members/inline/opener.ts) could not open the page itself:
 * an expired session to refresh first, the key service unreachable, or a damaged page. Never a
 * blank page: the member sees what happened and can try again.
 */

/**
 * Shows the failure message (src/components/MembersOpener.astro's template) with its retry, saying
 * whether the whole page or only its rest would not open: the first screen is on screen once the
 * sign-in prompt has gone.
 */
function showFailure(main: HTMLElement, retry: () => void): void {
  const template = document.querySelector<HTMLTemplateElement>(
    `template[${FAILURE_TEMPLATE_ATTRIBUTE}]`,
  );
  const box = template?.content.firstElementChild?.cloneNode(true);
  if (!(box instanceof HTMLElement)) return;
  const rest = !main.querySelector(`[${SEALED_PROMPT_ATTRIBUTE}]`);
  box.querySelector(`[${rest ? FAILURE_WHOLE_ATTRIBUTE : FAILURE_REST_ATTRIBUTE}]`)?.remove();
  const button = box.querySelector('button');
  button?.addEventListener('click', () => {
    box.remove();
    retry();
  });
  main.querySelector(`[${FAILURE_BOX_ATTRIBUTE}]`)?.remove();
  main.append(box);
  button?.focus();
}

/** The page's sealed parts afresh from the server, bypassing every cache. */
async function refetchParts(): Promise<SealedParts | null> {
  try {
    const response = await fetch(location.pathname, { cache: 'no-store' });
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const main = membersRegion(page)?.main;
    return main ? sealedParts(main, true) : null;
  } catch (error) {
    console.error('Could not fetch this members page again', error);
    return null;
  }
}

/**
 * Opens the page with the members' key (refreshing the session first if it must fetch it);
 * `fresh` fetches an entry's parts past every cache.
 */
async function reopen(own: SealedParts | null, fresh = false): Promise<void> {
  const region = membersRegion();
  if (!region) return;
  try {
    // The first part went with the first screen it opened, and the page could not be fetched again.
    if (!own) throw new SealError('this copy of the page holds no sealed parts');
    const here = canonicalPath(location.pathname);
    await withMembersKey(async (_, key) => {
      const what = await partsToOpen(region.main, own, here, key, fresh);
      if ('goTo' in what) location.replace(what.goTo);
      else {
        await openRegion(region.main, what.parts, key, what.path, () => setMembersState('open'));
        // The shell looked for the stars before this region was open (src/browser/shell.ts).
        void import('../browser/members-elements.ts');
      }
    });
  } catch (error) {
    if (error instanceof SignInNeeded) {
      goToSignIn();
      return;
    }
    console.error('Could not open this members page', error);
    const damaged = error instanceof SealError || error instanceof RestOfPageError;
    setMembersState('failed', damaged ? 'damaged' : 'network');
    recover();
  }
}

/** Acts on the page's failure: sign in, refresh and open, or show it with a retry. */
export function recover(): void {
  const region = membersRegion();
  const failure = membersFailure();
  if (!region) return;
  if (failure === 'sign-in') {
    goToSignIn();
    return;
  }
  const parts = sealedParts(region.main);
  if (failure === 'refresh') {
    void reopen(parts);
    return;
  }
  // Content that will not open under the current key is damaged in this copy of the page (a
  // cut-off download, a stale cache): retrying fetches the page afresh. Otherwise (the key
  // service unreachable) it is retried as it is.
  showFailure(region.main, () => {
    void (failure === 'damaged' ? refetchParts() : Promise.resolve(parts)).then((fresh) =>
      reopen(fresh ?? parts, failure === 'damaged'),
    );
  });
}
