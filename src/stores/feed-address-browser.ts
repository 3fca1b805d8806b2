import { writeClipboard } from '../lib/clipboard.ts';
import { functionPath } from '../members/contract.ts';
import { membersDatabase, refusal } from '../members/database.ts';
import { projectUrl } from '../members/server.ts';
import { createFeedAddress, feedAddress } from './feed-address.ts';

/**
 * /account's private feed in the browser: the member's row and functions through PostgREST
 * (src/members/database.ts, the member's token), the project's function address, the clipboard.
 */
export const feedAddressSection = createFeedAddress({
  async load() {
    const database = await membersDatabase();
    const { data, error, status } = await database
      .from('feed_tokens')
      .select('created_at')
      .maybeSingle();
    if (error) throw refusal(error, status);
    return data?.created_at ?? null;
  },
  async reset() {
    const database = await membersDatabase();
    const { data, error, status } = await database.rpc('reset_feed_token');
    if (error) throw refusal(error, status);
    return data;
  },
  async remove() {
    const database = await membersDatabase();
    const { error, status } = await database.rpc('remove_feed_token');
    if (error) throw refusal(error, status);
  },
  address: (token) => feedAddress(projectUrl(functionPath('whats-new-feed')), token),
  copy: (text) => writeClipboard(text, { clipboard: navigator.clipboard, document }),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});
