import { config } from '../../config.ts';
import { SealError } from '../../../supabase/functions/_shared/sealing.ts';
import { requestMembersKey } from '../../../supabase/functions/_shared/members-key.ts';
import { canonicalPath } from '../../lib/paths.ts';
import { DEFERRED_MODULES_ATTRIBUTE, KEY_PATH } from '../contract.ts';
import { EntryFetchError, openRegion, partsToOpen, RestOfPageError, sealedParts } from '../open.ts';
import { currentSession } from '../session.ts';
import { storedKey, storeKey } from '../key.ts';
import { membersRegion, membersState, setMembersState } from '../state.ts';
import { afterLoad } from '../../browser/paint-timing.ts';
import { contentPainted } from '../../browser/content-painted.ts';
import { runPageModules } from '../page-modules.ts';

/*
 * The opener of a sealed members' page, inlined right after its <main> by
 * src/components/MembersOpener.astro and compiled by scripts/inline-scripts.ts: one script
 * with no imports, so the content needs nothing but the page itself. It runs as soon as the
 * first screen's sealed part has arrived; the later parts are fetched from their own file once
 * the first screen is on screen (scripts/seal.ts, src/members/open.ts).
 *
 * A returning member has the key in storage (src/members/key.ts): the page opens with no
 * request at all. Without one, and with an unexpired token, it asks the key function once
 * (a CORS-simple request, no preflight). Whatever it cannot do itself (refresh an expired
 * session, show a failure and retry) is left to the page's modules as a 'failed' state with its
 * reason (src/members/recover.ts).
 *
 * The page's module scripts (the site's shell, menus, search, copy buttons; moved here by
 * scripts/page-modules.ts) load only once the content is on screen and the page has loaded
 * (src/members/page-modules.ts).
 *
 * Its key retry (a kept key that no longer opens: ask once for the current one) is the rule of
 * withMembersKey in src/members/with-key.ts, written again here rather than imported: this
 * script must not wait for the auth client to refresh a token (it hands that to recover.ts as
 * 'refresh'), must name each failure for recover.ts, and carries no sealing import it does not
 * already need, within its byte budget (tests/e2e/budgets.spec.ts). The request itself,
 * the storage and the session read are shared.
 */

const script = document.currentScript as HTMLScriptElement;

async function askForKey(accessToken: string): Promise<string | null> {
  const answer = await requestMembersKey(`${config.supabaseUrl}${KEY_PATH}`, accessToken);
  if (!answer.ok) {
    setMembersState('failed', answer.reason);
    return null;
  }
  storeKey(answer.key);
  return answer.key;
}

/** When the region's content went in (performance.now()) and where, once it has. */
let shown: { at: number; root: HTMLElement } | undefined;

async function open(): Promise<void> {
  const region = membersRegion();
  // The head script sent a visitor, or a session short of aal2, to /auth.
  const state = membersState();
  if (!region || (state !== 'stored' && state !== 'key')) return;
  const stored = currentSession();
  if (!stored) return;
  const own = sealedParts(region.main);
  // Built with MEMBERS_CONTENT_SEAL=off: the region is already open.
  if (!own) {
    setMembersState('open');
    return;
  }
  const here = canonicalPath(location.pathname);
  const kept = storedKey();
  let key = kept;
  if (!key) {
    if (stored.expired) {
      setMembersState('failed', 'refresh');
      return;
    }
    key = await askForKey(stored.session.access_token);
    if (!key) return;
  }
  setMembersState('key');
  const show = () => {
    shown = { at: performance.now(), root: region.main };
    setMembersState('open');
  };
  const openWith = async (base64Key: string) => {
    const what = await partsToOpen(region.main, own, here, base64Key);
    if ('goTo' in what) location.replace(what.goTo);
    else await openRegion(region.main, what.parts, base64Key, what.path, show);
  };
  try {
    await openWith(key);
  } catch (error) {
    if (error instanceof EntryFetchError || error instanceof RestOfPageError) {
      // Neither is the key's: the entry's file did not come, or the key opened the first part
      // and the rest of this copy is damaged.
      console.error('Could not open this members page', error);
      setMembersState('failed', error instanceof RestOfPageError ? 'damaged' : 'network');
      return;
    }
    if (!(error instanceof SealError)) throw error;
    // A kept key from before a deploy that changed it: ask once for the current one.
    if (kept === null) {
      console.error('Could not open this members page', error);
      setMembersState('failed', 'damaged');
      return;
    }
    if (stored.expired) {
      setMembersState('failed', 'refresh');
      return;
    }
    // Waiting on the network again: the spinner shows (src/styles/global.css).
    setMembersState('stored');
    const fresh = await askForKey(stored.session.access_token);
    if (!fresh) return;
    try {
      await openWith(fresh);
    } catch (again) {
      console.error('Could not open this members page', again);
      setMembersState('failed', again instanceof EntryFetchError ? 'network' : 'damaged');
    }
  }
}

open()
  .catch((error: unknown) => {
    console.error('Could not open this members page', error);
    setMembersState('failed', 'damaged');
  })
  .finally(() => {
    const run = () =>
      afterLoad(() => void runPageModules(script.getAttribute(DEFERRED_MODULES_ATTRIBUTE)));
    // Once the content put in has been presented, not only painted: an entry page opens its one
    // part and returns at once, and its modules, requested in the frames after, were counted on
    // the way to its largest paint (a catalogue page's rest already waited for it: this resolves
    // at once there).
    if (shown === undefined) run();
    else void contentPainted(shown.at, shown.root).then(run);
  });
