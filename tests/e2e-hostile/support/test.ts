import type { BrowserContext } from '@playwright/test';
import { expect, test as visitorBase } from '../../e2e/support/test.ts';
import { test as memberBase } from '../../e2e/support/member.ts';

/*
 * The hostile build's tests, as a visitor and as a signed-in member (tests/e2e/support/member.ts:
 * one real member per worker). Both fail on any Content-Security-Policy violation
 * (tests/e2e/support/test.ts) and on any dialog a page opens: the fixture's text calls alert(),
 * so a dialog means some field ran as code.
 */

/** Collects every dialog of the test's pages, dismissing each so the page goes on. */
async function dialogs(
  { context }: { context: BrowserContext },
  use: (dialogs: string[]) => Promise<void>,
): Promise<void> {
  const opened: string[] = [];
  context.on('dialog', (dialog) => {
    opened.push(`${dialog.page()?.url() ?? 'a page'}: ${dialog.type()}(${dialog.message()})`);
    void dialog.dismiss().catch(() => {});
  });
  await use(opened);
  expect(opened, 'dialogs opened by the content (a field ran as code)').toEqual([]);
}

/** A visitor: no session stored. */
export const visitorTest = visitorBase.extend<{ dialogs: string[] }>({
  dialogs: [dialogs, { auto: true }],
});

/** A signed-in member, with the members' key kept as after a sign-in. */
export const memberTest = memberBase.extend<{ dialogs: string[] }>({
  dialogs: [dialogs, { auto: true }],
});

export { expect };
