import { referenceOf, type ContentSource } from './content-files.ts';

/*
 * Every external URL the content holds, for `npm run check-links` (scripts/check-links.ts): any
 * field of an entry that is an http(s) URL (a tool's url, a video's url and thumbnail, a
 * repository's url, a prompt's front matter but its example output), and the URLs written in a
 * prompt's text. Each URL once, with every place it is written.
 */

/** Where a URL is written. */
export interface LinkPlace {
  file: string;
  /** The entry's "catalogue/id". */
  entry: string;
  /** `url`, `thumbnail`, `variables.SITE.default`, or `text` for a prompt's body. */
  field: string;
}

/** One URL to check and every place that writes it. */
export interface ContentLink {
  url: string;
  places: LinkPlace[];
}

/**
 * Hosts reserved for examples and local use (RFC 2606, RFC 6761): prompts write
 * https://www.example.com to show a shape, and nothing answers there.
 */
const RESERVED = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost|local)$/i;

/** The URL, normalised, when `value` is an absolute http(s) URL of a public host; else null. */
export function externalUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed) || trimmed.includes('{')) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  // A host of real labels with a top-level domain of letters: not "...", not an IP literal's guess.
  const labels = url.hostname.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  if (!/^[a-z]{2,}$|^xn--/i.test(labels[labels.length - 1] ?? '')) return null;
  if (RESERVED.test(url.hostname)) return null;
  return url.href;
}

/** Characters that end a URL written in running text. */
const URL_END = /[\s<>"'`]/;
/** Characters a sentence puts after a URL, which are not part of it. */
const TRAILING = /[.,;:!?*_]+$/;

/**
 * The URLs written in plain text (a prompt's body, which members copy as it is): each
 * `http://` or `https://` run up to a space or quote, without the sentence's closing punctuation
 * or a bracket it did not open (Markdown's `[text](url)` and `<url>`), checked by the WHATWG
 * URL parser.
 */
export function urlsInText(text: string): string[] {
  const found: string[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (;;) {
    const http = lower.indexOf('http://', from);
    const https = lower.indexOf('https://', from);
    const start = http < 0 ? https : https < 0 ? http : Math.min(http, https);
    if (start < 0) break;
    let end = start;
    while (end < text.length && !URL_END.test(text[end] ?? ' ')) end += 1;
    let candidate = text.slice(start, end);
    for (;;) {
      const before = candidate;
      candidate = candidate.replace(TRAILING, '');
      for (const [open, close] of [
        ['(', ')'],
        ['[', ']'],
      ] as const) {
        if (
          candidate.endsWith(close) &&
          candidate.split(open).length < candidate.split(close).length
        ) {
          candidate = candidate.slice(0, -1);
        }
      }
      if (candidate === before) break;
    }
    const url = externalUrl(candidate);
    if (url) found.push(url);
    from = end;
  }
  return found;
}

/** Every string of a value with its path (`variables.SITE.default`). */
function strings(value: unknown, path: string): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value))
    return value.flatMap((item, index) => strings(item, `${path}.${index}`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      strings(item, path ? `${path}.${key}` : key),
    );
  }
  return [];
}

/** Every external URL of the content read by content-files.ts, once each, in content order. */
export function contentLinks(sources: readonly ContentSource[]): ContentLink[] {
  const links = new Map<string, ContentLink>();
  const add = (url: string, place: LinkPlace) => {
    const link = links.get(url) ?? { url, places: [] };
    link.places.push(place);
    links.set(url, link);
  };
  for (const entry of sources.flatMap((source) => source.entries)) {
    const base = { file: entry.file, entry: referenceOf(entry.catalogue, entry.id ?? '?') };
    for (const { path, text } of strings(entry.data, '')) {
      // A prompt's example output is what a model wrote, shown as text, not a link of the site.
      if (path === 'example') continue;
      for (const url of new Set(urlsInText(text))) add(url, { ...base, field: path });
    }
    for (const url of new Set(urlsInText(entry.body ?? ''))) add(url, { ...base, field: 'text' });
  }
  return [...links.values()];
}
