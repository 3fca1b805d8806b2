/**
 * supabase-js hands the QR code over as 'data:image/svg+xml;utf-8,' followed by raw SVG; a '#'
 * in a colour would end that URL early, so the markup is percent-encoded for the <img>.
 */
export function svgDataUrl(qrCode: string): string {
  const prefix = /^data:image\/svg\+xml;utf-8,/;
  return prefix.test(qrCode)
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.replace(prefix, ''))}`
    : qrCode;
}

/**
 * An SVG of the build's own (the favicon) as a short data: URL for an attribute: only what would
 * end or corrupt the URL is percent-encoded ('%', '#', and anything but printable ASCII), double
 * quotes become single ones and runs of white space one space. encodeURIComponent would also
 * encode every space, quote, '<', '=' and '/' (the favicon's 404 B grew to 655).
 */
export function compactSvgDataUrl(svg: string): string {
  return svgUrl(svg.trim().replace(/\s+/g, ' ').replaceAll('"', "'"), /[^ -~]|[%#]/gu);
}

/** An SVG data: URL of `text` with the characters `encoded` matches percent-encoded. */
function svgUrl(text: string, encoded: RegExp): string {
  // encodeURIComponent leaves ' as it is.
  return `data:image/svg+xml,${text.replace(encoded, (character) =>
    character === "'" ? '%27' : encodeURIComponent(character),
  )}`;
}

/**
 * An SVG file as a data: URL of its text rather than base64: an editor's logo (content/logos/)
 * drawn into the sealed pages, which are compressed before they are encrypted (scripts/seal.ts).
 * Base64 hides the markup's repetitions from the compressor: /toolstack's first sealed part,
 * with one logo, compressed to 6,619 B, of which the logo was 1,742. Percent-encoded: '%' and
 * '#' (they would end or corrupt the URL), quotes, '<', '>' and '&' (so the attribute holds no
 * character HTML escapes), and anything but printable ASCII (the URL parser drops tabs and
 * line breaks, which may separate an SVG's attributes). The text is otherwise the file's own:
 * a third party's markup is not rewritten.
 */
export function svgTextDataUrl(svg: string): string {
  return svgUrl(svg, /[^ -~]|[%#"'<>&]/gu);
}
