// The one way the build reads built pages: parse5, a parser that follows the HTML standard's
// tokenizer and tree builder, so an element is found where a browser would find it and never
// inside an attribute value or a script's text. Astro escapes only `&` and `"` in attribute
// values, so an editor's `</script><script>` stays literal inside an aria-label: a regular
// expression that looks for <script> there finds one; the parser finds an attribute.
//
// Edits are made on the page's own text at the offsets the parser reports, so everything the
// build does not touch stays byte for byte as Astro wrote it (the hashes of inline code among it).
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

export type Document = DefaultTreeAdapterTypes.Document;
export type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/** A range of a page's text: [start, end). */
export interface Span {
  start: number;
  end: number;
}

/** A replacement of one span of a page's text. */
export interface Edit extends Span {
  text: string;
}

/** Parses a whole page, keeping each node's place in the text. */
export function parsePage(html: string): Document {
  return parse(html, { sourceCodeLocationInfo: true });
}

function isElement(node: ChildNode): node is Element {
  return 'tagName' in node;
}

/**
 * Every element under `root`, in document order. Template contents are inert markup (nothing in
 * them runs or shows until a script clones it), so they are visited only when asked.
 */
export function* elements(
  root: ParentNode,
  { templates = false }: { templates?: boolean } = {},
): Generator<Element> {
  const stack: ChildNode[] = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as ChildNode;
    if (!isElement(node)) continue;
    yield node;
    const children =
      node.tagName === 'template' && 'content' in node
        ? templates
          ? node.content.childNodes
          : []
        : node.childNodes;
    for (let index = children.length - 1; index >= 0; index -= 1) {
      stack.push(children[index] as ChildNode);
    }
  }
}

/** The element's direct element children. */
export function children(element: Element): Element[] {
  return element.childNodes.filter(isElement);
}

/** The first element for which `test` holds, or undefined. */
export function find(
  root: ParentNode,
  test: (element: Element) => boolean,
  options?: { templates?: boolean },
): Element | undefined {
  for (const element of elements(root, options)) if (test(element)) return element;
  return undefined;
}

/** An attribute's value as the browser reads it (entities decoded), or undefined. */
export function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** The text of an element's text children: a script's or style's code, exactly as it runs. */
export function text(element: Element): string {
  return element.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
}

/** The text inside a <template> (its content fragment's text nodes), such as a sealed part. */
export function templateText(element: Element): string {
  const content = (element as DefaultTreeAdapterTypes.Template).content;
  return content.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
}

function location(element: Element) {
  const where = element.sourceCodeLocation;
  if (!where) throw new Error(`<${element.tagName}> has no source location`);
  return where;
}

/** The element's whole span, start tag to end tag. */
export function outerSpan(element: Element): Span {
  const where = location(element);
  return { start: where.startOffset, end: where.endOffset };
}

/** The span of the element's start tag. */
export function startTagSpan(element: Element): Span {
  const tag = location(element).startTag;
  if (!tag) throw new Error(`<${element.tagName}> has no start tag in the text`);
  return { start: tag.startOffset, end: tag.endOffset };
}

/** The span between the element's start and end tags; it must have both. */
export function innerSpan(element: Element): Span {
  const where = location(element);
  if (!where.startTag || !where.endTag) {
    throw new Error(`<${element.tagName}> is not closed by an end tag in the text`);
  }
  return { start: where.startTag.endOffset, end: where.endTag.startOffset };
}

/** Applies non-overlapping edits to `html`. */
export function applyEdits(html: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error('Overlapping edits of a page');
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}

/** `html[span]` without the given spans inside it (which must lie within it). */
export function sliceWithout(html: string, span: Span, holes: readonly Span[]): string {
  return applyEdits(
    html.slice(span.start, span.end),
    holes.map((hole) => ({ start: hole.start - span.start, end: hole.end - span.start, text: '' })),
  );
}

/** Text made safe to write inside a double-quoted attribute value. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
