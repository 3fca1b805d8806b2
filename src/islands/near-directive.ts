import type { ClientDirective } from 'astro';
import { afterFirstContentfulPaint } from '../browser/paint-timing.ts';

/*
 * `client:near`: Astro's client:visible (hydrate once the island comes within `rootMargin` of
 * the viewport), and also at the first Tab key press anywhere on the page. /account's lower
 * sections render their controls disabled until their island runs, and a disabled control takes
 * no focus: without this a keyboard user tabbing down from the top would pass them by before
 * scrolling brought them near. Watching starts once the page's first content is on screen
 * (as client:painted, src/islands/painted-directive.ts): sections near the top of a tall screen
 * would otherwise start their code before that paint. Registered in astro.config.ts.
 */
const nearDirective: ClientDirective = (load, options, element) => {
  let started = false;
  const keys = new AbortController();
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    keys.abort();
    void load().then((hydrate) => hydrate());
  };
  const value = options.value as { rootMargin?: string } | boolean | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) start();
    },
    { rootMargin: typeof value === 'object' ? value.rootMargin : undefined },
  );
  afterFirstContentfulPaint(() => {
    if (started) return;
    for (const child of element.children) observer.observe(child);
  });
  addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Tab') start();
    },
    { capture: true, signal: keys.signal },
  );
};

export default nearDirective;
