import type { SearchDoc } from '../search/documents.ts';

/**
 * Fills the parts every listed entry of the library, a collection and a shared collection has
 * (cloned from their templates): its title linked to its page, "Catalogue · Category" and its
 * description.
 */
export function fillEntryCard(root: ParentNode, doc: SearchDoc, titleLink = '[data-title]'): void {
  const link = root.querySelector<HTMLAnchorElement>(titleLink)!;
  link.href = doc.id;
  link.textContent = doc.title;
  root.querySelector('[data-where]')!.textContent = doc.category
    ? `${doc.pageLabel} · ${doc.category}`
    : doc.pageLabel;
  root.querySelector('[data-description]')!.textContent = doc.description;
}
