import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/*
 * Where a value of a Markdown file's front matter is written, so a build error can name the
 * line and column an editor's cursor goes to (src/catalogue/prompt-loader.ts). Astro and the
 * content check read the front matter with js-yaml, which keeps no positions; the `yaml`
 * package's document keeps each node's range, and LineCounter turns an offset into a line and
 * column. Only positions come from here, never the values checked.
 */

/** A 1-based line and column in the file as the editor sees it. */
export interface Position {
  line: number;
  column: number;
}

/**
 * Finds a path of the front matter (`['variables', 'TONE', 'choices', 2]`): `'key'` gives where
 * the last name is written (`TONE:`), `'value'` where its value starts (`formal` of
 * `default: formal`; for a list item, the item). A path that goes further than the file does
 * gives the deepest part that is written; a file without front matter gives undefined.
 */
export type FrontMatterLocator = (
  path: readonly PropertyKey[],
  at?: 'key' | 'value',
) => Position | undefined;

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A locator over the front matter of `raw`, a Markdown file's whole text. */
export function frontMatterLocator(raw: string): FrontMatterLocator {
  const match = FRONT_MATTER.exec(raw);
  if (!match) return () => undefined;
  const lineCounter = new LineCounter();
  const document = parseDocument(match[1] ?? '', { lineCounter });
  // The front matter's text starts on the file's second line, after '---'.
  const place = (node: Node | null | undefined): Position | undefined => {
    if (!node?.range) return undefined;
    const { line, col } = lineCounter.linePos(node.range[0]);
    return { line: line + 1, column: col };
  };
  return (path, at = 'value') => {
    let node: unknown = document.contents;
    let key: Node | undefined;
    let found: Position | undefined = place(document.contents);
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (!pair) return found;
        key = pair.key as Node;
        node = pair.value;
        found = place(key);
      } else if (isSeq(node) && typeof segment === 'number' && node.items[segment]) {
        key = node.items[segment] as Node;
        node = key;
        found = place(key);
      } else {
        return found;
      }
    }
    if (at === 'key') return key ? place(key) : found;
    return place(node as Node | null) ?? found;
  };
}
