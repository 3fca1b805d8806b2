import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import simpleIcons from 'simple-icons/icons.json' with { type: 'json' };
import { buildContentDir } from '../content-dir.ts';
import { LOGO_FILE, LOGO_FILE_MAX_BYTES } from '../../lib/logos.ts';
import { text } from './fields.ts';

const SIMPLE_ICON_SLUGS = new Set(simpleIcons.map((icon) => icon.slug));

/**
 * A tool's logo: the slug of a brand in the simple-icons set, or an SVG, PNG or WebP file under
 * content/logos/ of at most 8 KB (it is inlined into the sealed page).
 */
export const logoField = text()
  .trim()
  .superRefine((value, context) => {
    if (LOGO_FILE.test(value)) {
      const path = join(buildContentDir, value);
      if (!existsSync(path)) {
        context.addIssue({
          code: 'custom',
          message: `"${value}" names a file that does not exist; put it at ${path} or use a simple-icons slug`,
        });
      } else if (statSync(path).size > LOGO_FILE_MAX_BYTES) {
        context.addIssue({
          code: 'custom',
          message: `"${value}" is ${statSync(path).size} bytes; a logo file may be at most ${LOGO_FILE_MAX_BYTES} bytes (simplify the SVG or shrink the image)`,
        });
      }
    } else if (!SIMPLE_ICON_SLUGS.has(value)) {
      context.addIssue({
        code: 'custom',
        message: `"${value}" is neither a simple-icons slug (see https://simpleicons.org, e.g. "cursor") nor a file such as "logos/my-tool.svg" (SVG, PNG or WebP under content/logos/)`,
      });
    }
  });
