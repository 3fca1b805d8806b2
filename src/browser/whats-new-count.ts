import { WHATS_NEW_PATH } from '../lib/constants.ts';
import { seenAt, whatsNewCount } from '../lib/whats-new.ts';
import { fetchSealedJson } from '../members/sealed-file.ts';
import { currentSession } from '../members/session.ts';

/**
 * Fills the members' home's What's new count (src/components/RecentlyAdded.astro): the changes
 * of the sealed /whats-new.json after the member's last visit to What's new, or of the past
 * week before their first. Left empty (and hidden) when the file cannot be read.
 */
export async function showWhatsNewCount(element: HTMLElement): Promise<void> {
  try {
    const file = (await fetchSealedJson(WHATS_NEW_PATH)) as { changes?: { at?: unknown }[] };
    const times = (file.changes ?? []).flatMap(({ at }) => (typeof at === 'string' ? [at] : []));
    const { count, label } = whatsNewCount(
      times,
      seenAt(currentSession()?.session.user.user_metadata),
      Date.now(),
    );
    element.dataset.count = String(count);
    element.textContent = label;
  } catch (error) {
    console.error("Could not count what's new", error);
  }
}
