import { test as base, expect, type BrowserContext } from '@playwright/test';
import { LOCAL_SITE_URL } from '../../../src/lib/local-defaults.ts';

/*
 * Every browser test imports `test` and `expect` from here (or from ./member.ts, which extends
 * this): a test fails when any of its pages reports a Content-Security-Policy violation, so the
 * suite runs with the policy enforced, as production serves it (dist/_headers, the pages' meta).
 */

/**
 * How Chromium words a violation in the console: "Refused to …", or "Loading the image … violates
 * the following Content Security Policy directive …".
 */
const CSP_MESSAGE = /Refused to |Content[- ]Security[- ]Policy/i;
const BINDING = '__reportCspViolation';

/**
 * Collects a context's violations from both sides: the console messages Chromium writes for
 * them, and the securitypolicyviolation events the site's own documents receive. Third-party
 * frames (the video embed) keep their own policies and are not judged here.
 */
async function watchViolations(
  context: BrowserContext,
  siteOrigin: string,
  violations: string[],
): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }, report: string) => {
    violations.push(`${page.url()}: ${report}`);
  });
  await context.addInitScript(
    ({ origin, binding }) => {
      if (location.origin !== origin) return;
      const report = (window as unknown as Record<string, (text: string) => Promise<void>>)[
        binding
      ];
      addEventListener(
        'securitypolicyviolation',
        (event) => {
          const blocked = event.blockedURI || 'inline';
          const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
          void report?.(`${event.effectiveDirective} blocked ${blocked}${where}`);
        },
        true,
      );
    },
    { origin: siteOrigin, binding: BINDING },
  );
  context.on('console', (message) => {
    if (!CSP_MESSAGE.test(message.text())) return;
    const from = message.location().url;
    if (from && URL.canParse(from) && new URL(from).origin !== siteOrigin) return;
    violations.push(`${from || message.page()?.url() || 'console'}: ${message.text()}`);
  });
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, baseURL }, use) => {
      const violations: string[] = [];
      await watchViolations(context, new URL(baseURL ?? LOCAL_SITE_URL).origin, violations);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
