import { resolveTheme, THEME_STORAGE_KEY } from '../../lib/theme.ts';
import { TYPEFACE_ATTRIBUTE, TYPEFACE_STORAGE_KEY, typefaceHeld } from '../../lib/typeface.ts';
import {
  tokenAal,
  verifiedFactorWithoutAal2,
} from '../../../supabase/functions/_shared/members-key.ts';
import { GATE_REGION_ATTRIBUTE, MEMBER_ATTRIBUTE } from '../contract.ts';
import { storedKey } from '../key.ts';
import { nameBeforePaint } from '../../browser/member-name.ts';
import { displayName } from '../../lib/display-name.ts';
import { currentSession } from '../session.ts';
import { goToSignIn, setMembersState } from '../state.ts';

/*
 * Every page's head script, inlined by src/components/PrePaintScript.astro and compiled by
 * scripts/inline-scripts.ts. Render-blocking on purpose: it must run before first paint, or the
 * page would flash the wrong theme or typeface, the visitors' shell for a returning member, or a
 * members' page for a visitor.
 *
 * On a members' page it is the first half of the route guard: no stored session, or a session
 * short of the aal2 its verified factor requires, goes to /auth; otherwise the page is 'stored',
 * and an open region (/account) with an unexpired token is 'open' at once. A sealed region is
 * opened by the opener script right after it (src/members/inline/opener.ts).
 */

const root = document.documentElement;
const script = document.currentScript as HTMLScriptElement | null;
const region = script?.getAttribute(GATE_REGION_ATTRIBUTE);

let theme: unknown = null;
let typeface: string | null = null;
try {
  theme = localStorage.getItem(THEME_STORAGE_KEY);
  typeface = localStorage.getItem(TYPEFACE_STORAGE_KEY);
} catch {
  // Storage blocked: the system setting decides, and the text stays in the fallback.
}
root.classList.toggle(
  'dark',
  resolveTheme(theme, matchMedia('(prefers-color-scheme: light)').matches) === 'dark',
);
// This browser fetched the page's typeface file on an earlier page (src/browser/typeface.ts).
root.toggleAttribute(
  TYPEFACE_ATTRIBUTE,
  typefaceHeld(typeface, script?.getAttribute(TYPEFACE_ATTRIBUTE) ?? null),
);

function guard(): void {
  const stored = currentSession();
  root.toggleAttribute(MEMBER_ATTRIBUTE, stored !== null);
  if (stored) nameBeforePaint(displayName(stored.session.user), root);
  if (!region) return;
  if (
    !stored ||
    verifiedFactorWithoutAal2(stored.session.user, tokenAal(stored.session.access_token))
  ) {
    goToSignIn();
    return;
  }
  if (region === 'open') setMembersState(stored.expired ? 'stored' : 'open');
  // With the key at hand the opener needs nothing from the network: no spinner, not even for
  // the frames before it runs.
  else setMembersState(storedKey() ? 'key' : 'stored');
}

guard();
// A page prerendered on hover (Speculation Rules) is shown later: the member may have signed
// out meanwhile, in which case it goes to /auth instead of showing.
if ((document as { prerendering?: boolean }).prerendering) {
  document.addEventListener(
    'prerenderingchange',
    () => {
      if (!currentSession() && region) {
        goToSignIn();
      }
    },
    { once: true },
  );
}
