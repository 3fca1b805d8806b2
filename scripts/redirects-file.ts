// dist/_redirects: the site's rewrite rules, in the format Netlify and Cloudflare Pages read from
// the published folder (`/from/* /to 200`). The build writes it (scripts/postbuild.ts);
// scripts/serve.ts applies it locally, the way those hosts do: a rule is used only when no file
// answers the path, and a 200 rule serves the target's file at the asked URL.

/** One rule: a path, or a prefix ending in `/*`, and the file path that answers it. */
export interface RewriteRule {
  /** `/toolstack/*` or an exact path. */
  from: string;
  /** The path whose file answers, such as `/toolstack/_entry`. */
  to: string;
  /** 200: a rewrite (the URL stays); 301 or 302: a redirect. */
  status: 200 | 301 | 302;
}

const STATUSES = new Set([200, 301, 302]);

/** The text of a _redirects file. */
export function formatRedirectsFile(rules: readonly RewriteRule[]): string {
  const lines = [
    '# Written by scripts/postbuild.ts (scripts/redirects-file.ts); read by Netlify and Cloudflare Pages,',
    '# and applied by scripts/serve.ts. docs/deploying.md gives the same rules for Vercel and nginx.',
  ];
  for (const rule of rules) lines.push(`${rule.from}  ${rule.to}  ${rule.status}`);
  return `${lines.join('\n')}\n`;
}

/** Reads a _redirects file; a line that is not a rule throws, naming it. */
export function parseRedirectsFile(text: string): RewriteRule[] {
  const rules: RewriteRule[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [from = '', to = '', status = '', ...rest] = trimmed.split(/\s+/);
    const code = Number(status);
    if (!from.startsWith('/') || !to.startsWith('/') || !STATUSES.has(code) || rest.length > 0) {
      throw new Error(`_redirects line ${index + 1}: not a rule this site writes: ${trimmed}`);
    }
    rules.push({ from, to, status: code as RewriteRule['status'] });
  }
  return rules;
}

/** The first rule that covers `path`, or undefined. A `/x/*` rule covers /x/anything, not /x. */
export function matchRule(rules: readonly RewriteRule[], path: string): RewriteRule | undefined {
  return rules.find((rule) =>
    rule.from.endsWith('/*')
      ? path.startsWith(rule.from.slice(0, -1)) && path.length > rule.from.length - 1
      : path === rule.from,
  );
}
