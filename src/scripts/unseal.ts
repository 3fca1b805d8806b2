import { config } from '../config.ts';
import { MEMBERS_KEY_STORAGE } from '../lib/constants.ts';
import { canonicalPath } from '../lib/paths.ts';
import { importContentKey, parseContentKey, SealError, unseal } from '../lib/sealing.ts';
import { authClient } from '../stores/auth-client.ts';

const KEY_URL = `${config.supabaseUrl}/functions/v1/members-content-key`;

/** A key-release refusal that means the member must sign in (again, or with their code). */
class SignInNeeded extends Error {}

async function fetchKey(): Promise<string> {
  const { data } = await authClient.getSession();
  if (!data.session) throw new SignInNeeded('no session');
  const response = await fetch(KEY_URL, {
    headers: { apikey: config.supabaseKey, Authorization: `Bearer ${data.session.access_token}` },
  });
  if (response.status === 401 || response.status === 403)
    throw new SignInNeeded(String(response.status));
  if (!response.ok) throw new Error(`the key service answered ${response.status}`);
  const { key } = (await response.json()) as { key: string };
  sessionStorage.setItem(MEMBERS_KEY_STORAGE, key);
  return key;
}

async function decrypt(base64Key: string, sealed: string): Promise<string> {
  const start = performance.now();
  const key = await importContentKey(parseContentKey(base64Key));
  const html = await unseal(key, sealed, canonicalPath(location.pathname));
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

/**
 * Opens a sealed members' page: the key comes from this tab's session storage, or once from the
 * key service; a stale cached key (a new deploy with a new key) is fetched again once. A page
 * that will not open shows what happened and a retry, never a blank page.
 */
export async function unsealPage(main: HTMLElement): Promise<void> {
  const sealed = main.querySelector('template[data-sealed-content]')?.innerHTML.trim();
  if (!sealed) return;
  try {
    const cached = sessionStorage.getItem(MEMBERS_KEY_STORAGE);
    let html: string;
    try {
      html = await decrypt(cached ?? (await fetchKey()), sealed);
    } catch (error) {
      if (!(error instanceof SealError) || !cached) throw error;
      html = await decrypt(await fetchKey(), sealed);
    }
    main.innerHTML = html;
    main.removeAttribute('data-sealed');
    if (location.hash)
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  } catch (error) {
    if (error instanceof SignInNeeded) {
      location.replace('/auth');
      return;
    }
    console.error('Could not open this members page', error);
    showFailure(main, () => void unsealPage(main));
  }
}
