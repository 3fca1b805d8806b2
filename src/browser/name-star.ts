/**
 * Names the star and the collection button of a card made in the browser (search results, the
 * library: src/components/FavouriteButton.astro cloned from a template) after its entry.
 */
export function nameStar(element: HTMLElement, key: string, title: string): void {
  element.dataset.key = key;
  element.dataset.name = title;
  element.querySelector('button')?.setAttribute('aria-label', `Save ${title}`);
  element
    .querySelector('button[data-collect]')
    ?.setAttribute('aria-label', `Add ${title} to a collection`);
}
