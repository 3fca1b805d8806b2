import { DEFERRED_MODULES_ATTRIBUTE } from '../contract.ts';
import { runPageModules } from '../page-modules.ts';
import { afterFirstContentfulPaint } from '../../browser/paint-timing.ts';

/*
 * The module loader of a page that defers its modules (the home page, /account: BaseLayout's
 * deferModules), inlined at the end of its body by src/components/DeferredModules.astro and
 * compiled by scripts/inline-scripts.ts. The build moves the page's module scripts into this
 * script's attribute (scripts/page-modules.ts); it runs them once the page has loaded and its
 * first content is on screen, so nothing they request competes with that paint.
 */

// An inline module script, so that it waits for nothing and nothing waits for it: it runs once
// the page is parsed, and has no document.currentScript.
const modules = document
  .querySelector(`script[${DEFERRED_MODULES_ATTRIBUTE}]`)
  ?.getAttribute(DEFERRED_MODULES_ATTRIBUTE);
// Empty in `npm run dev`, where the build's last step does not run and the scripts stay put.
if (modules) afterFirstContentfulPaint(() => void runPageModules(modules));
