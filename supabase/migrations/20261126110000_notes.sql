-- A member's private note on a catalogue entry: plain text, at most 2,000 characters, one per
-- member and entry (by the entry's key, as public.saved), seen and changed by the member alone.

create table public.notes (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  entry_key text not null,
  body text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, entry_key),
  constraint notes_entry_key_format check (entry_key ~ '^[0-9a-z]{6}$'),
  constraint notes_body_length check (char_length(body) between 1 and 2000)
);

comment on table public.notes is 'Private notes members keep on catalogue entries; only the member sees them.';

alter table public.notes enable row level security;

create policy "Members read their own notes"
  on public.notes for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Members write notes for themselves"
  on public.notes for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Members change their own notes"
  on public.notes for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Members delete their own notes"
  on public.notes for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.notes from anon;
revoke all on public.notes from authenticated;
grant select, insert, update, delete on public.notes to authenticated;
grant all on public.notes to service_role;
