import { DETAIL_COLUMNS, detailValues, parseDetails } from '../lib/my-details.ts';
import { membersDatabase, refusal } from '../members/database.ts';
import { currentSession } from '../members/session.ts';

/*
 * The member's details (/account's "My details", public.member_details) as a prompt page's
 * fill-in forms use them: the value of every variable they fill, read from the database at most
 * once per page and kept in memory only, so another device's change shows on the next page and
 * sign-out has nothing of it to remove. Prefill precedence is src/lib/my-details.ts prefill().
 */

let values: Promise<Record<string, string>> | undefined;

/** The member's row as variable values; {} without a stored session, with no request. */
async function read(): Promise<Record<string, string>> {
  if (!currentSession()) return {};
  const database = await membersDatabase();
  const { data, error, status } = await database
    .from('member_details')
    .select(DETAIL_COLUMNS)
    .maybeSingle();
  if (error) throw refusal(error, status);
  return detailValues(parseDetails(data));
}

/**
 * The values the member's details give prompt variables, by variable name (NAME, YOUR_PRODUCT,
 * MY_CITY …). One request per page, however often it is called; never rejects: a visitor, a
 * member without details and a failed read all resolve to {}, so a form simply fills nothing.
 */
export function loadDetailValues(): Promise<Record<string, string>> {
  values ??= read().catch((error: unknown) => {
    console.error('Could not load your details for the prompts', error);
    return {};
  });
  return values;
}
