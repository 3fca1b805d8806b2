import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A payload's size as shipped uncompressed, as gzip -9 and as brotli (quality 11). */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export const NO_BYTES: Sizes = { raw: 0, gzip: 0, brotli: 0 };

/**
 * Sizes a file the way a CDN would serve it at best. Figures use the strongest settings so they
 * do not depend on whichever compression level a host happens to pick.
 */
export function sizesOf(content: string | Uint8Array): Sizes {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }).byteLength,
  };
}

/** gzip -9 size alone, for when thousands of files are sized. */
export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content, { level: 9 }).byteLength;
}

/** Sum of sizes; each file is compressed on its own, as each is its own HTTP response. */
export function totalSizes(all: readonly Sizes[]): Sizes {
  return all.reduce(
    (sum, sizes) => ({
      raw: sum.raw + sizes.raw,
      gzip: sum.gzip + sizes.gzip,
      brotli: sum.brotli + sizes.brotli,
    }),
    NO_BYTES,
  );
}
