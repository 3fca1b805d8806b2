/*
 * The service worker's copies of sealed members' pages (ciphertext only: the key and the opened
 * content are never cached). Sign-out removes them with every other member artefact.
 */

/** Cache Storage name of the members' pages (scripts/service-worker-config.ts). */
export const MEMBERS_PAGES_CACHE = 'members-pages';

/** Deletes the cached members' pages; nothing to do where the Cache API is missing. */
export async function forgetMembersPages(): Promise<void> {
  try {
    if ('caches' in globalThis) await caches.delete(MEMBERS_PAGES_CACHE);
  } catch (error) {
    console.error('Could not remove the cached members pages', error);
  }
}
