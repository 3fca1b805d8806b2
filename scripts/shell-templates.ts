// The site's shell parts (src/pages/shell-templates.astro): the markup no page carries because no
// one sees it before using it, which a page names with empty templates and the browser brings
// in (src/browser/shell-templates.ts). Read once by scripts/postbuild.ts, for the styles those
// parts need on the pages that name them: scripts/critical-css.ts keeps a page's rules from the
// markup it holds, and these parts are not in it.
import { readFile } from 'node:fs/promises';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { SHELL_TEMPLATE_ATTRIBUTE, SHELL_TEMPLATES_PATH } from '../src/lib/constants.ts';
import { documentTokens } from './critical-css.ts';
import { attribute, elements, parsePage, type Document } from './html.ts';

/** The parts' file in the build output, as Astro writes the page (build.format 'file'). */
export const SHELL_TEMPLATES_FILE = `${SHELL_TEMPLATES_PATH.slice(1)}.html`;

/** The empty templates of `document` that name a part, by name. */
export function namedParts(document: Document): string[] {
  return [...elements(document)]
    .filter((element) => element.tagName === 'template')
    .map((element) => attribute(element, SHELL_TEMPLATE_ATTRIBUTE))
    .filter((name): name is string => name !== undefined);
}

/** Each part of the parts' file `html`, with the tokens of its markup (documentTokens). */
export function partTokens(html: string): Map<string, string[]> {
  const parts = new Map<string, string[]>();
  for (const element of elements(parsePage(html))) {
    const name = element.tagName === 'template' && attribute(element, SHELL_TEMPLATE_ATTRIBUTE);
    if (!name) continue;
    if (parts.has(name)) throw new Error(`${SHELL_TEMPLATES_FILE}: the part "${name}" twice`);
    // A template's markup is its content, not its children.
    parts.set(name, documentTokens((element as DefaultTreeAdapterTypes.Template).content));
  }
  return parts;
}

/** The shell's parts of the build in `dist`, and what each page that names them shows of them. */
export class ShellParts {
  readonly #parts: Map<string, string[]>;

  private constructor(parts: Map<string, string[]>) {
    this.#parts = parts;
  }

  static async of(dist: URL): Promise<ShellParts> {
    return new ShellParts(partTokens(await readFile(new URL(SHELL_TEMPLATES_FILE, dist), 'utf8')));
  }

  /**
   * The tokens of the parts `document` names (the page `name`); throws, naming the page, for a
   * part the file does not hold, which the page could never show.
   */
  tokensOf(document: Document, name: string): string[] {
    return namedParts(document).flatMap((part) => {
      const tokens = this.#parts.get(part);
      if (!tokens) {
        throw new Error(
          `${name}: names the shell part "${part}", which ${SHELL_TEMPLATES_FILE} does not hold (${[...this.#parts.keys()].join(', ')})`,
        );
      }
      return tokens;
    });
  }
}
