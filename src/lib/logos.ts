/*
 * How a tool's logo is drawn (src/components/ToolLogo.astro): a brand icon from the simple-icons
 * set in its brand colour, an editor's file from content/logos/, or initials on a colour derived
 * from the name. Every logo sits on a light tile in both themes, as app icons do, so a brand's
 * own colours never have to be re-tuned for the dark theme.
 */

/** A logo field naming an editor's file under content/logos/. */
export const LOGO_FILE = /^logos\/[a-z0-9]+(?:[-.][a-z0-9]+)*\.(svg|png|webp)$/;

/** Largest logo file an editor may add: it is inlined into every page that shows the tool. */
export const LOGO_FILE_MAX_BYTES = 8 * 1024;

/** Up to two initials: the first letters of the first two words, or the name's first letter. */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters = words.slice(0, 2).map((word) => word[0] ?? '');
  return (letters.join('') || '?').toUpperCase();
}

/**
 * Background colours for initials, each at least 4.5:1 against white text (Tailwind's 700
 * shades, as classes so the stylesheet has them).
 */
export const INITIALS_TONES = [
  'bg-indigo-700',
  'bg-sky-700',
  'bg-emerald-700',
  'bg-rose-700',
  'bg-fuchsia-700',
  'bg-orange-700',
  'bg-teal-700',
  'bg-violet-700',
] as const;

/** The same name always gets the same colour (FNV-1a of the name). */
export function initialsTone(name: string): (typeof INITIALS_TONES)[number] {
  let hash = 0x811c9dc5;
  for (const char of name.toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return INITIALS_TONES[hash % INITIALS_TONES.length] ?? INITIALS_TONES[0];
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channels = [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark grey for brand colours too pale to see on the white tile (zinc-900). */
export const PALE_BRAND_FILL = '#18181b';

/**
 * The fill of a simple-icons brand icon (hex without '#'): its brand colour, unless that is so
 * pale on the white tile (under 1.6:1) that the mark would vanish.
 */
export function brandFill(hex: string): string {
  const contrast = 1.05 / (luminance(hex) + 0.05);
  return contrast < 1.6 ? PALE_BRAND_FILL : `#${hex.toUpperCase()}`;
}
