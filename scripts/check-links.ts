// npm run check-links [-- --json | --markdown] [--timeout 15] [--concurrency 8] [--per-host 2]:
// checks every external URL of the content (src/catalogue/content-links.ts) with the rules of
// src/lib/link-check.ts over undici (src/lib/link-probe.ts). Exits 1 when a link is dead, so CI
// can tell; moved links are reported, not failed.
import { parseArgs } from 'node:util';
import { readContentOrExit } from './read-content.ts';
import { contentLinks } from '../src/catalogue/content-links.ts';
import type { ReportFormat } from '../src/catalogue/content-report.ts';
import { formatLinkReport, linkReport } from '../src/catalogue/link-report.ts';
import {
  checkLinks,
  DEFAULT_CONCURRENCY,
  DEFAULT_PER_HOST,
  linkCheckerUserAgent,
} from '../src/lib/link-check.ts';
import { createProbe } from '../src/lib/link-probe.ts';
import { loadSiteConfig } from './load-site-config.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean' },
    markdown: { type: 'boolean' },
    timeout: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: String(DEFAULT_CONCURRENCY) },
    'per-host': { type: 'string', default: String(DEFAULT_PER_HOST) },
  },
});

/** A positive number option, or exit naming it. */
function positive(name: string, value: string, integer: boolean): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0 || (integer && !Number.isInteger(number))) {
    console.error(
      `--${name} must be a positive ${integer ? 'whole number' : 'number'}; got "${value}".`,
    );
    process.exit(2);
  }
  return number;
}

const timeoutMs = positive('timeout', values.timeout, false) * 1000;
const concurrency = positive('concurrency', values.concurrency, true);
const perHost = positive('per-host', values['per-host'], true);
const format: ReportFormat = values.json ? 'json' : values.markdown ? 'markdown' : 'text';

const sources = readContentOrExit(2);
const links = contentLinks(sources);
const { probe, close } = createProbe({
  timeoutMs,
  userAgent: linkCheckerUserAgent(loadSiteConfig().siteUrl),
  connectionsPerHost: perHost,
});
try {
  const results = await checkLinks(
    links.map((link) => link.url),
    probe,
    { concurrency, perHost },
  );
  const report = linkReport(links, results, new Date().toISOString().slice(0, 10));
  process.stdout.write(formatLinkReport(report, format));
  process.exitCode = report.dead.length > 0 ? 1 : 0;
} finally {
  await close();
}
