/*
 * What a page must never hold when its text comes from editors: markup that runs code. The same
 * rule judges the built HTML (parsed with parse5) and the live document of an opened members'
 * page (read in the browser), so a sealed region is judged once the browser has parsed it too.
 */

/** What the rule needs to know of one element. */
export interface ElementFacts {
  tag: string;
  attributes: readonly (readonly [name: string, value: string])[];
  /** A script's code; empty for other elements. */
  text: string;
}

/** Attributes a browser follows as a URL, where javascript: would run. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data']);
/** Elements the site never renders and a field could only smuggle in. */
const NEVER_RENDERED = new Set(['base', 'object', 'embed', 'iframe', 'frame', 'frameset']);

/** Why an element could run the fixture's code: an empty list when it cannot. */
export function activeContent({ tag, attributes, text }: ElementFacts): string[] {
  const problems: string[] = [];
  if (tag === 'script' && text.includes('alert(')) problems.push(`<script> running ${text}`);
  if (NEVER_RENDERED.has(tag)) problems.push(`a <${tag}> element`);
  for (const [name, value] of attributes) {
    if (/^on/i.test(name)) problems.push(`<${tag} ${name}="${value}">`);
    // Browsers drop tabs, newlines and leading controls before reading a URL's scheme.
    const scheme = [...value]
      .filter((character) => character.charCodeAt(0) > 0x20)
      .join('')
      .toLowerCase();
    if (URL_ATTRIBUTES.has(name) && scheme.startsWith('javascript:')) {
      problems.push(`<${tag} ${name}="${value}">`);
    }
  }
  return problems;
}

/**
 * The facts of every element of the live document, template contents included; run in the
 * page (page.evaluate), so it refers to nothing outside itself.
 */
export function documentFacts(): ElementFacts[] {
  const facts: ElementFacts[] = [];
  const visit = (root: ParentNode) => {
    for (const element of root.querySelectorAll('*')) {
      facts.push({
        tag: element.localName,
        attributes: [...element.attributes].map((one) => [one.name, one.value] as const),
        text: element.localName === 'script' ? (element.textContent ?? '') : '',
      });
      if (element instanceof HTMLTemplateElement) visit(element.content);
    }
  };
  visit(document);
  return facts;
}
