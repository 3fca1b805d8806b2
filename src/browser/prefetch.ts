import { PRERENDER_ATTRIBUTE } from '../lib/speculation-rules.ts';

/**
 * Where the browser has no Speculation Rules (src/lib/speculation-rules.ts), a marked link's page
 * is prefetched into the HTTP cache when the pointer rests on it or it takes focus, once per
 * page; nothing when the visitor asked to save data.
 */
export function prefetchOnHover(): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const done = new Set<string>();
  const prefetch = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(
      `a[${PRERENDER_ATTRIBUTE}]`,
    );
    if (!link || done.has(link.href)) return;
    done.add(link.href);
    const hint = document.createElement('link');
    hint.rel = 'prefetch';
    hint.href = link.href;
    document.head.append(hint);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, prefetch, { passive: true });
  }
}
