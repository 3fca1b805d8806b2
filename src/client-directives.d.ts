/* The project's own client directive (src/islands/near-directive.ts), typed for `astro check`. */
declare module 'astro' {
  interface AstroClientDirectives {
    'client:near'?: { rootMargin?: string } | boolean;
  }
}

export {};
