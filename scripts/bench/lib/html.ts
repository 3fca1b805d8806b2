/** A script written into the HTML itself. */
export interface InlineScript {
  code: string;
  /** A classic inline script runs as the parser meets it, so before first paint. */
  beforePaint: boolean;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const JAVASCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The JavaScript inline in a page: data blocks such as JSON-LD are not code and are left out,
 * and so are external scripts, which the network log counts.
 */
export function inlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const [, attributes = '', code = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = (TYPE.exec(attributes)?.[1] ?? '').toLowerCase();
    if (!JAVASCRIPT_TYPES.has(type)) continue;
    scripts.push({ code, beforePaint: type !== 'module' });
  }
  return scripts;
}

/** The text of every <style> element: the site inlines its stylesheet into each page. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(STYLE)].map(([, css = '']) => css);
}
