import { seenAt, WHATS_NEW_SEEN_FIELD } from '../lib/whats-new.ts';
import { authFetch } from '../members/server.ts';
import { currentSession, storeMemberMetadata } from '../members/session.ts';

/**
 * Marks the changes (`[data-change][data-at]`) that came after the member's last visit as New,
 * then records this visit in the member's user metadata (src/lib/whats-new.ts), so the members'
 * home counts from now, on this device and every other.
 */
export async function markSinceLastVisit(page: HTMLElement): Promise<void> {
  // A page prerendered on hover (Speculation Rules) is no visit until it is shown, if ever.
  if ((document as { prerendering?: boolean }).prerendering) {
    await new Promise((shown) =>
      document.addEventListener('prerenderingchange', shown, { once: true }),
    );
  }
  const stored = currentSession();
  if (!stored) return;
  const seen = seenAt(stored.session.user.user_metadata);
  if (seen !== undefined) {
    const after = Date.parse(seen);
    for (const item of page.querySelectorAll<HTMLElement>('[data-change][data-at]')) {
      item.toggleAttribute('data-new', Date.parse(item.dataset.at ?? '') > after);
    }
  }
  try {
    const response = await authFetch('/auth/v1/user', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { [WHATS_NEW_SEEN_FIELD]: new Date().toISOString() } }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const user = (await response.json()) as { user_metadata?: Record<string, unknown> };
    storeMemberMetadata(user.user_metadata ?? {});
    page.dataset.visit = 'recorded';
  } catch (error) {
    // The page is read all the same; the home's count simply starts from the last recorded visit.
    console.error("Could not record this visit to What's new", error);
    page.dataset.visit = 'failed';
  }
}
