import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BuiltPage } from '../../scripts/built-pages.ts';
import { attribute, elements, find } from '../../scripts/html.ts';
import { arrangePageModules } from '../../scripts/page-modules.ts';
import { shellScripts } from '../../scripts/shell-scripts.ts';
import { DEFERRED_MODULES_ATTRIBUTE, REGION_ATTRIBUTE } from '../../src/members/contract.ts';

// A build folder: two entry scripts, one importing a chunk the other does not.
const folder = mkdtempSync(join(tmpdir(), 'page-modules-'));
const dist = pathToFileURL(`${folder}/`);
mkdirSync(join(folder, '_astro'));
writeFileSync(join(folder, '_astro', 'shell.js'), 'import"./chunk.js";export const a=1;');
writeFileSync(join(folder, '_astro', 'card.js'), 'export const b=2;');
writeFileSync(join(folder, '_astro', 'chunk.js'), 'export const c=3;');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SCRIPTS =
  '<script type="module" src="/_astro/card.js"></script><script type="module" src="/_astro/shell.js"></script>';

function page(name: string, main: string, after: string): BuiltPage {
  return new BuiltPage(
    name,
    `<!doctype html><html><head><title>t</title></head><body>${main}${SCRIPTS}${after}</body></html>`,
  );
}

const moduleScripts = (built: BuiltPage) =>
  [...elements(built.document)].filter(
    (element) => element.tagName === 'script' && attribute(element, 'src') !== undefined,
  ).length;

const deferred = (built: BuiltPage) => {
  const script = find(
    built.document,
    (element) =>
      element.tagName === 'script' && attribute(element, DEFERRED_MODULES_ATTRIBUTE) !== undefined,
  );
  return (
    script && {
      type: attribute(script, 'type'),
      modules: JSON.parse(attribute(script, DEFERRED_MODULES_ATTRIBUTE) ?? '') as unknown,
      code: script.childNodes.length,
    }
  );
};

/** A public page with its module loader at the end (src/components/DeferredModules.astro). */
const withLoader = () =>
  page(
    'index.html',
    '<main><h1>Home</h1></main>',
    `<script type="module" ${DEFERRED_MODULES_ATTRIBUTE}="">run()</script>`,
  );

const RUN = { run: ['/_astro/card.js', '/_astro/shell.js'], preload: ['/_astro/chunk.js'] };

describe('arrangePageModules', () => {
  it("hands a public page's modules to its loader, keeping the loader's type and code", async () => {
    const home = withLoader();
    expect(await arrangePageModules(dist, [home])).toEqual({ deferred: 1, preloaded: 0 });
    expect(moduleScripts(home)).toBe(0);
    expect(deferred(home)).toEqual({ type: 'module', modules: RUN, code: 1 });
  });

  it("hands a sealed page's modules to its opener, not to anything else", async () => {
    const sealed = page(
      'toolstack.html',
      `<main ${REGION_ATTRIBUTE}="sealed"></main><script ${DEFERRED_MODULES_ATTRIBUTE}="">open()</script>`,
      '',
    );
    await arrangePageModules(dist, [sealed]);
    expect(moduleScripts(sealed)).toBe(0);
    expect(deferred(sealed)).toEqual({ type: undefined, modules: RUN, code: 1 });
  });

  it('names a sealed page without its opener', async () => {
    const sealed = page('lab.html', `<main ${REGION_ATTRIBUTE}="sealed"></main>`, '');
    await expect(arrangePageModules(dist, [sealed])).rejects.toThrow(
      "lab.html: a sealed members' page without its opener script",
    );
  });

  it("announces an open members' page's chunks, and leaves other public pages as they are", async () => {
    const account = page('account.html', `<main ${REGION_ATTRIBUTE}="open"></main>`, '');
    const auth = page('auth.html', '<main><h1>Sign in</h1></main>', '');
    const before = auth.html;
    expect(await arrangePageModules(dist, [account, auth])).toEqual({
      deferred: 0,
      preloaded: 1,
    });
    expect(moduleScripts(account)).toBe(2);
    expect(account.html).toContain('<link rel="modulepreload" href="/_astro/chunk.js">');
    expect(auth.html).toBe(before);
    expect(auth.changed).toBe(false);
  });
});

describe('shellScripts', () => {
  it("counts a page's deferred modules with the chunks they import", async () => {
    const home = withLoader();
    await arrangePageModules(dist, [home]);
    writeFileSync(join(folder, 'index.html'), home.html);
    expect(await shellScripts(dist, ['index.html'])).toEqual([
      '_astro/card.js',
      '_astro/chunk.js',
      '_astro/shell.js',
    ]);
  });
});
