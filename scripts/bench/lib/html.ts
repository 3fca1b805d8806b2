import { attribute, elements, parsePage, text } from '../../html.ts';

/** A script written into the HTML itself. */
export interface InlineScript {
  code: string;
  /** A classic inline script runs as the parser meets it, so before first paint. */
  beforePaint: boolean;
}

const JAVASCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The JavaScript inline in a page: data blocks such as JSON-LD are not code and are left out,
 * and so are external scripts, which the network log counts. Read with the build's parser
 * (scripts/html.ts), so text that spells a script inside an attribute is not one.
 */
export function inlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const element of elements(parsePage(html))) {
    if (element.tagName !== 'script' || attribute(element, 'src') !== undefined) continue;
    const type = (attribute(element, 'type') ?? '').trim().toLowerCase();
    if (!JAVASCRIPT_TYPES.has(type)) continue;
    scripts.push({ code: text(element), beforePaint: type !== 'module' });
  }
  return scripts;
}

/** The text of every <style> element: the site inlines its stylesheet into each page. */
export function inlineStyles(html: string): string[] {
  return [...elements(parsePage(html))]
    .filter((element) => element.tagName === 'style')
    .map((element) => text(element));
}
