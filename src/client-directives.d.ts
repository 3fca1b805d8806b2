/* The project's own client directives (src/islands/), typed for `astro check`. */
declare module 'astro' {
  interface AstroClientDirectives {
    'client:near'?: { rootMargin?: string } | boolean;
    'client:painted'?: boolean;
  }
}

export {};
