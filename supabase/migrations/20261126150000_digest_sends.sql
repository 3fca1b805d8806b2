-- The weekly digest's ledger (supabase/functions/whats-new-digest/): one row per week and member
-- it was sent to, so nothing is ever sent twice to a member for the same week, however often the
-- schedule or a person runs the function, and a run that stopped half way resumes where it was.
--
-- How the function uses it, and why in this order:
-- 1. It claims the row before it sends: an insert with sent_at null that does nothing when the
--    row exists (PostgREST's resolution=ignore-duplicates). Only the run whose insert made the
--    row sends; two runs at once cannot both send, since the primary key lets one insert win.
-- 2. After the mail provider accepted the mail, it sets sent_at.
-- 3. When the provider refused or could not be reached, it deletes its claim, so the next run
--    tries that member again.
-- A claim left with sent_at null means a run died between claiming and hearing back: the mail
-- may or may not have gone out. The next run skips it (at most once: a missed digest is better
-- than a duplicate), and the function also sends the provider an idempotency key per week and
-- member, so even a retried request is delivered once. Rows with sent_at null are what to look
-- at after a crash.
--
-- Members never read or write it: only the service role (the function, with the project's secret
-- key, which bypasses row-level security) is granted anything; for members and visitors the grants
-- are revoked and the one policy, written out so the intent is on record, refuses every row.

create table public.digest_sends (
  week date not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  sent_at timestamptz,
  primary key (week, user_id),
  -- Weeks are ISO weeks, named by their Monday (supabase/functions/_shared/digest.ts).
  constraint digest_sends_week_monday check (extract(isodow from week) = 1)
);

comment on table public.digest_sends is 'Which member got the weekly What''s new digest of which week (sent_at null: claimed, sending or unknown). Service role only.';

alter table public.digest_sends enable row level security;

create policy "Nobody but the service role reaches digest sends"
  on public.digest_sends as restrictive for all to anon, authenticated
  using (false)
  with check (false);

-- The schema's default privileges grant every new table to anon and authenticated
-- (supabase/local/bootstrap.sql, as on hosted Supabase): take them back, so even a permissive
-- policy added by mistake would open nothing.
revoke all on public.digest_sends from anon;
revoke all on public.digest_sends from authenticated;
grant select, insert, update, delete on public.digest_sends to service_role;

-- Deleting a member's rows (on delete cascade) looks them up by member.
create index digest_sends_user_idx on public.digest_sends (user_id);
