import { SHELL_TEMPLATE_ATTRIBUTE, SHELL_TEMPLATES_PATH } from '../lib/constants.ts';
import { canonicalPath } from '../lib/paths.ts';

/*
 * The markup no one sees before using it (the header's menus' items and the mobile menu's panel,
 * the search dialog, the collection picker) is one file for the whole site
 * (src/pages/shell-templates.astro), not part of every page. A page holds an empty <template>
 * for each part it uses; once the site's shell runs (after the content is on screen) the file is
 * fetched, from the service worker's copy after a first visit, and each empty template is
 * replaced by its part's markup, so the page then holds what it would have held from the start,
 * and the code that works the parts finds them by id as before. Who needs a part before then
 * waits for `shellTemplates()`.
 */

let filling: Promise<void> | undefined;

/**
 * Resolves once every part the page names is in it (at once when it names none); rejects if the
 * file could not be fetched, and the next call tries again.
 */
export function shellTemplates(): Promise<void> {
  filling ??= fill().catch((error: unknown) => {
    filling = undefined;
    throw error;
  });
  return filling;
}

/**
 * Calls `use` with the page's template `id`: now if it is in the page, else once the shell's parts
 * have come in (should the template be one of theirs).
 */
export function withTemplate(id: string, use: (template: HTMLTemplateElement) => void): void {
  const template = () => {
    const found = document.getElementById(id);
    return found instanceof HTMLTemplateElement ? found : null;
  };
  const now = template();
  if (now) return use(now);
  void shellTemplates().then(
    () => {
      const later = template();
      if (later) use(later);
    },
    (error: unknown) => console.error(`Could not load the template ${id}`, error),
  );
}

/** Whether the page names `part` and it has not come in yet. */
export function awaitsShellPart(part: string): boolean {
  return document.querySelector(`template[${SHELL_TEMPLATE_ATTRIBUTE}="${part}"]`) !== null;
}

async function fill(): Promise<void> {
  const slots = document.querySelectorAll<HTMLTemplateElement>(
    `template[${SHELL_TEMPLATE_ATTRIBUTE}]`,
  );
  if (slots.length === 0) return;
  const response = await fetch(SHELL_TEMPLATES_PATH);
  if (!response.ok) throw new Error(`${SHELL_TEMPLATES_PATH} answered ${response.status}`);
  // Parsed inert: a template's content runs nothing and loads nothing. Only the parts are taken
  // from it, not what Astro put in the file's <head> (its policy; in development, its scripts).
  const file = document.createElement('template');
  file.innerHTML = await response.text();
  for (const slot of slots) {
    // The part's name is the build's own (SHELL_PARTS), a word: safe in a selector.
    const name = slot.getAttribute(SHELL_TEMPLATE_ATTRIBUTE);
    const part = file.content.querySelector<HTMLTemplateElement>(
      `template[${SHELL_TEMPLATE_ATTRIBUTE}="${name}"]`,
    );
    if (!part) throw new Error(`${SHELL_TEMPLATES_PATH} has no part "${name}"`);
    const markup = document.importNode(part.content, true);
    markCurrentPage(markup);
    slot.replaceWith(markup);
  }
}

/**
 * Marks the links to this page (aria-current) and stops them being prerendered, as the build
 * did for each page's own copy: a link to a part or a state of this page (a #fragment, a query,
 * such as /auth?tab=signup) is not marked.
 */
function markCurrentPage(markup: DocumentFragment): void {
  const here = canonicalPath(location.pathname);
  for (const link of markup.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const url = new URL(link.getAttribute('href') ?? '', location.href);
    if (url.origin !== location.origin || canonicalPath(url.pathname) !== here) continue;
    link.removeAttribute('data-prerender');
    if (!url.hash && !url.search) link.setAttribute('aria-current', 'page');
  }
  // The menus' items are templates within the part.
  for (const template of markup.querySelectorAll('template')) markCurrentPage(template.content);
}
