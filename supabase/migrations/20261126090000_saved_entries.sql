-- A member's saved entries, one row per member and entry (until now they lived in the member's
-- user_metadata, inside every access token). `entry_key` is the key the site already gives each
-- catalogue entry (src/lib/favourites.ts: six base-36 characters, a hash of catalogue and id),
-- so no public file and no row here names an entry in clear.

create table public.saved (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  entry_key text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, entry_key),
  constraint saved_entry_key_format check (entry_key ~ '^[0-9a-z]{6}$')
);

comment on table public.saved is 'Catalogue entries a member saved (starred); only the member sees and changes them.';

-- Row-level security: a member reads, adds and removes only their own rows; nobody signed out
-- reaches the table at all. A saved row has nothing to update, so there is no update policy.
alter table public.saved enable row level security;

create policy "Members read their own saved entries"
  on public.saved for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Members save entries for themselves"
  on public.saved for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Members remove their own saved entries"
  on public.saved for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.saved from anon;
revoke all on public.saved from authenticated;
grant select, insert, delete on public.saved to authenticated;
grant all on public.saved to service_role;

-- A member's list, newest first, is read by member.
create index saved_user_created_idx on public.saved (user_id, created_at desc);
