/**
 * A configuration that cannot be used, with every problem found, each naming its variable, so
 * one run shows the whole fix. The site's (src/lib/site-config.ts) and the local auth server's
 * (local-auth-server/config.ts) configurations both throw it.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';

  /** `title` says whose configuration it is; each problem becomes one "- " line. */
  constructor(title: string, problems: readonly string[]) {
    super(`${title}:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  }
}
