/**
 * The public path of a built page. With build.format 'file', Astro reports /toolstack.html and
 * /index.html during the build; members and crawlers see /toolstack and /.
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path === '' ? '/' : path;
}

/**
 * The pages a visitor can read: the sitemap lists these and nothing else (astro.config.ts), and
 * the build fails if one of them turns out to be a members' page (scripts/postbuild.ts).
 * Every other page is a members' page, whose URL a public file has no reason to name.
 */
export const PUBLIC_PAGES: readonly string[] = ['/', '/auth'];
