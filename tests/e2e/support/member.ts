import type { Session } from '@supabase/supabase-js';
import { createMember, storeSession } from '../../../scripts/fixtures/members.ts';
import { test as base } from './test.ts';

/**
 * Tests that browse members' pages as a signed-in member: one real member per worker, created
 * through the local auth server, whose session every page of the test starts with. Built on
 * ./test.ts, so these tests too fail on any Content-Security-Policy violation.
 */
export const test = base.extend<
  { signedIn: void },
  { member: { email: string; session: Session } }
>({
  member: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await createMember('Test Member'));
    },
    { scope: 'worker' },
  ],
  signedIn: [
    async ({ page, member }, use) => {
      await storeSession(page, member.session);
      await use();
    },
    { auto: true },
  ],
});

export { expect } from './test.ts';
