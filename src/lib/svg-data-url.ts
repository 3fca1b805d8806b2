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
