import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { REGION_ATTRIBUTE, type RegionKind } from '../../../src/members/contract.ts';
import { HOSTILE_ENV } from '../../../scripts/fixtures/builds.ts';

/*
 * The pages of the hostile build as written to disk, parsed as a browser would parse them
 * (parse5 implements the HTML standard's parser), for the static checks and to know which pages
 * are members' pages.
 */

type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

/** The hostile build's folder. */
export const hostileDist = join(import.meta.dirname, '..', '..', '..', HOSTILE_ENV.SITE_OUT_DIR);

/** One built page. */
export interface BuiltPage {
  /** As served (build.format 'file'): /toolstack for toolstack.html, / for index.html. */
  path: string;
  /** Its file, relative to the build folder. */
  file: string;
  document: DefaultTreeAdapterMap['document'];
  /** Its members' region, when it is a members' page. */
  region: RegionKind | undefined;
}

/** Every element under `node`, template contents included, in document order. */
export function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) {
    yield node;
    if ('content' in node) yield* elements(node.content);
  }
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
}

/** The text of an element's text children (a script's code). */
export const ownText = (element: Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

export const attribute = (element: Element, name: string) =>
  element.attrs.find((one) => one.name === name)?.value;

/** Every .html file of the hostile build; throws, naming the command, when there is none. */
export function builtPages(): BuiltPage[] {
  let files: string[];
  try {
    files = readdirSync(hostileDist, { recursive: true, encoding: 'utf8' });
  } catch {
    throw new Error(`No hostile build in ${HOSTILE_ENV.SITE_OUT_DIR}: run npm run test:hostile`);
  }
  return files
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => {
      const document = parse(readFileSync(join(hostileDist, file), 'utf8'));
      const main = [...elements(document)].find((element) => element.tagName === 'main');
      const region = main && attribute(main, REGION_ATTRIBUTE);
      return {
        path: file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`,
        file,
        document,
        region: region === 'sealed' || region === 'open' ? region : undefined,
      };
    });
}
