/**
 * The public path of a built page. With build.format 'file', Astro reports /toolstack.html and
 * /index.html during the build; members and crawlers see /toolstack and /.
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path === '' ? '/' : path;
}
