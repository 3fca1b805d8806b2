/*
 * The compiled inline scripts (scripts/inline-scripts.ts), handed over by astro.config.ts as
 * __MEMBERS_INLINE__ so that the code the pages carry is exactly the code the policy hashes.
 */
declare const __MEMBERS_INLINE__: { head: string; opener: string; modules: string };

/** The code of one inline script. */
export function inlineScript(name: keyof typeof __MEMBERS_INLINE__): string {
  return __MEMBERS_INLINE__[name];
}
