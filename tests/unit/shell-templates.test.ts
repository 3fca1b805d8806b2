import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  namedParts,
  partTokens,
  SHELL_TEMPLATES_FILE,
  ShellParts,
} from '../../scripts/shell-templates.ts';
import { parsePage } from '../../scripts/html.ts';

const FILE =
  '<!DOCTYPE html>' +
  '<template data-shell-template="header-menus"><template id="menu-tools-items"><a class="menu-link" href="/toolstack">Tools</a></template></template>' +
  '<template data-shell-template="collection-picker"><div id="collection-picker" class="picker-box"><template data-picker-option><label class="picker-option"></label></template></div></template>';

describe('the shell parts a page names', () => {
  it('are its templates with a part name, not its other templates', () => {
    const page = parsePage(
      '<!doctype html><html><body><main><template id="x"><p>own</p></template></main>' +
        '<template data-shell-template="header-menus"></template>' +
        '<template data-shell-template="search-dialog"></template></body></html>',
    );
    expect(namedParts(page)).toEqual(['header-menus', 'search-dialog']);
  });

  it('show the tokens of their markup, templates within them included', () => {
    const parts = partTokens(FILE);
    expect([...parts.keys()]).toEqual(['header-menus', 'collection-picker']);
    expect(parts.get('header-menus')).toEqual(expect.arrayContaining(['menu-link', 'a']));
    expect(parts.get('header-menus')).not.toContain('picker-box');
    expect(parts.get('collection-picker')).toEqual(
      expect.arrayContaining(['picker-box', 'picker-option']),
    );
  });

  it('are each in the file once', () => {
    expect(() =>
      partTokens(
        '<template data-shell-template="a"></template><template data-shell-template="a"></template>',
      ),
    ).toThrow(`${SHELL_TEMPLATES_FILE}: the part "a" twice`);
  });
});

describe('ShellParts', () => {
  it('reads the build’s file, and refuses a part it does not hold', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'shell-parts-'));
    try {
      const file = join(dist, SHELL_TEMPLATES_FILE);
      await writeFile(file, FILE);
      const parts = await ShellParts.of(pathToFileURL(`${dist}/`));
      const page = parsePage(
        '<!doctype html><body><template data-shell-template="collection-picker"></template></body>',
      );
      expect(parts.tokensOf(page, 'toolstack.html')).toEqual(
        expect.arrayContaining(['picker-box', 'picker-option']),
      );
      const wrong = parsePage(
        '<!doctype html><body><template data-shell-template="search-dialog"></template></body>',
      );
      expect(() => parts.tokensOf(wrong, 'account.html')).toThrow(
        `account.html: names the shell part "search-dialog", which ${SHELL_TEMPLATES_FILE} does not hold (header-menus, collection-picker)`,
      );
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
