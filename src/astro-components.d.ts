/*
 * Plain `tsc` and typed ESLint do not read .astro files, so a .ts module that imports components
 * as values (src/catalogue/kind-views.ts) would not type-check there; `astro check` resolves the
 * real components instead and checks their props.
 */
declare module '*.astro' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}
