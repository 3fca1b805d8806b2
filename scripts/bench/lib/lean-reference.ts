/*
 * The lean reference of a members' page (docs/performance.md, "Lean reference"): its first
 * screen's words and links as the smallest static HTML that shows them, with a small stylesheet
 * in the system's typeface and no script. What any rendering of the same content must at least
 * cost, measured by the bench beside the page itself, so that the target is the content's floor
 * rather than our own markup's.
 */

/** One block of the first screen: a heading or a paragraph, with the link it leads to. */
export interface LeanBlock {
  tag: 'h1' | 'h2' | 'h3' | 'p';
  text: string;
  href?: string | undefined;
}

export interface LeanContent {
  title: string;
  site: string;
  blocks: LeanBlock[];
}

const STYLE = [
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#18181b;background:#fff}',
  'header{padding:12px 16px;border-bottom:1px solid #e4e4e7;font-weight:600}',
  'main{max-width:72rem;margin:0 auto;padding:16px}',
  'h1{margin:.5rem 0;font-size:1.75rem;line-height:1.2}',
  'h2,h3{margin:1rem 0 .25rem;font-size:1.0625rem;line-height:1.3}',
  'p{margin:.25rem 0;color:#3f3f46}',
  'a{color:#4338ca}',
].join('');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** A link kept only if it is the site's own path or an http(s) address. */
function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, 'https://site.invalid/');
    return url.protocol === 'https:' || url.protocol === 'http:' ? href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lean reference's HTML: every block in order, each a link when it leads somewhere. Its icon
 * is an empty data: URL, as the site's pages carry theirs inline (src/lib/svg-data-url.ts): a
 * page naming no icon has Chromium fetch /favicon.ico right after its load, and Lighthouse's
 * simulation counted that request on the way to the reference's LCP in some runs and not others
 * (620 or 754 ms for the same page).
 */
export function leanHtml({ title, site, blocks }: LeanContent): string {
  const body = blocks
    .map(({ tag, text, href }) => {
      const words = escape(text);
      const link = safeHref(href);
      return `<${tag}>${link ? `<a href="${escape(link)}">${words}</a>` : words}</${tag}>`;
    })
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<link rel="icon" href="data:,">' +
    `<title>${escape(title)}</title><style>${STYLE}</style></head>` +
    `<body><header>${escape(site)}</header><main>${body}</main></body></html>\n`
  );
}
