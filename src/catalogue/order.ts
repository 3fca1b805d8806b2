/** Anchor id for a category heading: 'Design & UI Tools' -> 'design-ui-tools'. */
export function categoryAnchor(category: string): string {
  return category
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Entries of one category, in the page's category order. */
export interface CategoryGroup<T> {
  category: string;
  anchor: string;
  entries: T[];
}

/**
 * Groups entries under the page's categories in their declared order, keeping the given order
 * within each group; categories with no entries are left out so no empty heading is shown.
 */
export function groupByCategory<T extends { category: string }>(
  entries: readonly T[],
  categories: readonly string[],
): CategoryGroup<T>[] {
  return categories
    .map((category) => ({
      category,
      anchor: categoryAnchor(category),
      entries: entries.filter((entry) => entry.category === category),
    }))
    .filter((group) => group.entries.length > 0);
}

/**
 * Entries in the order their page shows them: category by category, in the page's category
 * order (pages split into pages of cards, and the search index lists entries, in this order).
 */
export function inCategoryOrder<T extends { category: string }>(
  entries: readonly T[],
  categories: readonly string[],
): T[] {
  return groupByCategory(entries, categories).flatMap((group) => group.entries);
}

/** Prompt order within a category: explicit `order` first (lowest first), then by title. */
export function comparePrompts(
  a: { order?: number | undefined; title: string },
  b: { order?: number | undefined; title: string },
): number {
  return (
    (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) ||
    a.title.localeCompare(b.title, 'en')
  );
}

/** Card order within a category: by name, ignoring case, so the order never depends on the loader. */
export function byName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}

/**
 * An entry as the orders below read it; each order reads only the fields its kinds have (a
 * video has no name, a repository no category).
 */
export interface Orderable {
  name: string;
  title: string;
  order?: number | undefined;
  category: string;
}

/**
 * A kind's order on its page (`order` in kinds.ts), given the page's categories: tools by
 * category then name, prompts by category then `order` and title, repositories by name, videos
 * as the editor wrote them.
 */
export const ORDERS: Record<
  'category-name' | 'category-prompt' | 'name' | 'as-written',
  <T extends Orderable>(entries: readonly T[], categories: readonly string[]) => T[]
> = {
  'category-name': (entries, categories) => inCategoryOrder([...entries].sort(byName), categories),
  'category-prompt': (entries, categories) =>
    inCategoryOrder([...entries].sort(comparePrompts), categories),
  name: (entries) => [...entries].sort(byName),
  'as-written': (entries) => [...entries],
};
