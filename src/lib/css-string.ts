/**
 * `text` as a CSS string token, for a custom property a stylesheet reads with `content:
 * var(...)` (src/browser/member-name.ts): every character a string cannot hold as itself (its
 * quote, the backslash, line breaks, NUL and other controls) as a hexadecimal escape, so a
 * member's name is shown as they typed it and can end nothing but its own string.
 */
export function cssString(text: string): string {
  // Controls and the two characters that end or escape a string; the space after an escape
  // ends it, so a hex digit that follows is not read as part of it.
  const escaped = text.replace(
    // eslint-disable-next-line no-control-regex -- the controls are what it must find
    /[\u0000-\u001f\u007f"\\]/g,
    (character) => `\\${(character.codePointAt(0) ?? 0).toString(16)} `,
  );
  return `"${escaped}"`;
}
