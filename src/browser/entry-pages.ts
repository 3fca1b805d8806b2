import { entryPage } from '../lib/entry-map.ts';

/**
 * On a catalogue split over several pages, a link to /name#entry whose entry is on a later page
 * goes there: the catalogue's entry map says which page. `open` turns the fetched map into JSON
 * text (it unseals it when the build sealed members' content). Loaded only when the hash names
 * nothing on this page.
 */
export async function goToEntry(
  mapUrl: string,
  open: (text: string, path: string) => Promise<string>,
): Promise<void> {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id || document.getElementById(id)) return;
  try {
    const response = await fetch(mapUrl);
    if (!response.ok) throw new Error(`${mapUrl} answered ${response.status}`);
    const page = entryPage(
      JSON.parse(await open(await response.text(), mapUrl)),
      id,
      location.pathname,
    );
    if (page) location.replace(`${page}${location.hash}`);
  } catch (error) {
    // The reader stays on the first page of the catalogue, which is still useful.
    console.error('Could not look up which page holds', id, error);
  }
}
