// subset-font ships no types: this declares the call scripts/subset-font.ts makes, as its README
// documents it. Not named subset-font.d.ts: TypeScript would take that file for the declaration of
// scripts/subset-font.ts and leave it out of the program.
declare module 'subset-font' {
  /** An axis pinned to one value, or narrowed to a range (the default clamped into it if not given). */
  type AxisLimit = number | { min: number; max: number; default?: number };

  interface SubsetFontOptions {
    /** Output format; the input's format when not given. */
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    /** Variation axes to instance, by tag; the others are kept as they are. */
    variationAxes?: Record<string, AxisLimit>;
  }

  /** The font cut down to the glyphs that draw `text`. */
  function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;

  export = subsetFont;
}
