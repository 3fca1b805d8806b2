/*
 * JSON written as the text of a <script> element (JSON-LD, speculation rules). The HTML parser
 * ends a script at the first '</script' whatever the JSON means, and '<!--' changes how it
 * looks for that end; JSON.stringify escapes neither. Written as \u003c and so on, the same
 * value parses back, and no text inside it can close the element or read as markup.
 */

const UNSAFE = /[<>&\u2028\u2029]/g;

/** Each character that may not appear raw, as its JSON escape. */
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  // Line and paragraph separators are valid in JSON strings but ended JavaScript string literals
  // before ES2019, so a script that evaluates the text as code would break on them.
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * `value` as JSON safe to put between <script> and </script>: '<', '>', '&', U+2028 and U+2029
 * are written as \u escapes. Throws on a value JSON cannot represent (undefined, a function).
 */
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) throw new TypeError('scriptJson: the value has no JSON form');
  return json.replace(UNSAFE, (character) => ESCAPES[character] ?? character);
}
