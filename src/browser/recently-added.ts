import { loadSearchFile } from '../search/loader.ts';
import { recentlyAdded } from '../search/documents.ts';

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Fills the members' home's recently added list (src/components/RecentlyAdded.astro) from the
 * sealed search index, cloning the list's <template> per entry. Loaded for members only.
 */
export async function showRecentlyAdded(element: HTMLElement): Promise<void> {
  // The What's new link's count beside the heading, from its own sealed file, meanwhile.
  const count = element.querySelector<HTMLElement>('[data-whats-new-count]');
  if (count)
    void import('./whats-new-count.ts').then(({ showWhatsNewCount }) => showWhatsNewCount(count));
  const list = element.querySelector<HTMLElement>('[data-recent-list]');
  const template = element.querySelector('template');
  if (!list || !template) return;
  try {
    const { docs } = await loadSearchFile({ prompts: false });
    const items = recentlyAdded(docs, Number(element.dataset.count ?? 6)).map((doc) => {
      const item = template.content.cloneNode(true) as DocumentFragment;
      const link = item.querySelector('a');
      if (link) link.href = doc.id;
      item.querySelector('[data-title]')!.textContent = doc.title;
      item.querySelector('[data-where]')!.textContent = doc.pageLabel;
      const time = item.querySelector('time');
      if (time && doc.added) {
        time.dateTime = doc.added;
        time.textContent = `added ${DAY.format(new Date(`${doc.added}T00:00:00Z`))}`;
      }
      return item;
    });
    list.replaceChildren(...items);
    if (items.length === 0) element.hidden = true;
    element.dataset.state = 'loaded';
  } catch {
    // The section's CSS shows the failure message in place of the list.
    element.dataset.state = 'failed';
  } finally {
    list.removeAttribute('aria-busy');
  }
}
