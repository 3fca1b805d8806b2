import { nextTask } from '../browser/paint-timing.ts';

/*
 * The module scripts a page runs late: the build (scripts/page-modules.ts) takes them out of a
 * sealed members' page, and out of a public page that asks for it, and writes them into the
 * DEFERRED_MODULES_ATTRIBUTE of the inline script that runs them after load: the opener
 * (src/members/inline/opener.ts) or the loader (src/members/inline/modules.ts). A module
 * script left in the page would be fetched by the preload scanner while the page still
 * downloads, competing with the document, its typeface and the paint of its first screen.
 */

/**
 * Fetches the whole graph (the attribute's `run`, the modules in document order, and `preload`,
 * every chunk they import) at once, then runs the scripts in order, as the page would have. Each
 * preload link goes in its own task: starting a fetch costs about a millisecond, and sixteen in
 * one task were /text-prompts' longest after its content.
 */
export async function runPageModules(value: string | null): Promise<void> {
  // The build writes the value (scripts/page-modules.ts): what it holds is never the page's
  // visitor's, and a value it could not parse would be a build's bug, logged as this rejection.
  const { run = [], preload = [] } = JSON.parse(value || '{}') as {
    run?: string[];
    preload?: string[];
  };
  for (const href of [...run, ...preload]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
    await nextTask();
  }
  for (const url of run) {
    await import(/* @vite-ignore */ url).catch((error: unknown) => {
      console.error('Could not load', url, error);
    });
  }
}
