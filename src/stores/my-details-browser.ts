import { DETAIL_COLUMNS, parseDetails } from '../lib/my-details.ts';
import { membersDatabase, refusal } from '../members/database.ts';
import { createMyDetails } from './my-details.ts';

/**
 * /account's "My details" in the browser: the member's row through PostgREST
 * (src/members/database.ts, the member's token; row-level security keeps it theirs).
 */
export const myDetailsSection = createMyDetails({
  async load() {
    const database = await membersDatabase();
    const { data, error, status } = await database
      .from('member_details')
      .select(DETAIL_COLUMNS)
      .maybeSingle();
    if (error) throw refusal(error, status);
    return parseDetails(data);
  },
  async save(details) {
    const database = await membersDatabase();
    const { data, error, status } = await database
      .from('member_details')
      .upsert(details, { onConflict: 'user_id' })
      .select(DETAIL_COLUMNS)
      .single();
    if (error) throw refusal(error, status);
    return parseDetails(data);
  },
});
