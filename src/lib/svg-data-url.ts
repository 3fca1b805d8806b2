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
  const text = svg.trim().replace(/\s+/g, ' ').replaceAll('"', "'");
  return `data:image/svg+xml,${text.replace(/[^ -~]|[%#]/gu, (character) => encodeURIComponent(character))}`;
}
