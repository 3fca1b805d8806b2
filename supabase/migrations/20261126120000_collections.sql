-- A member's collections: named, ordered groups of their saved entries ("Launch stack", "Video
-- workflow"), each entry in as many as the member likes, in an order of the member's own. A
-- collection can be shared: any signed-in member who has its link can open it, read-only, with
-- the owner's display name; nobody signed out can, and nobody can list other members' shared
-- collections (see public.open_collection below).
--
-- Limits held here, whatever client sends the request: 50 collections a member, 200 entries a
-- collection, names of 1 to 80 characters, unique per member (case aside). The triggers refuse
-- with messages a member can read and a hint the site recognises (src/lib/collections.ts); the
-- check constraints and the unique index stay behind them for anything the triggers miss.

create table public.collections (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  position integer not null default 0,
  shared boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint collections_name_length check (char_length(name) between 1 and 80),
  constraint collections_name_trimmed check (name = btrim(name))
);

comment on table public.collections is 'Named, ordered groups of a member''s saved entries; shared ones open to members with the link.';

create unique index collections_user_name_key on public.collections (user_id, lower(name));
create index collections_user_position_idx on public.collections (user_id, position);

-- An entry of a collection. The entry must be one the member saved: the foreign key to
-- public.saved makes removing the star remove it from the member's collections too, so a
-- collection never holds what the library does not.
create table public.collection_entries (
  collection_id uuid not null references public.collections (id) on delete cascade,
  user_id uuid not null default auth.uid(),
  entry_key text not null,
  position integer not null default 0,
  added_at timestamptz not null default now(),
  primary key (collection_id, entry_key),
  foreign key (user_id, entry_key) references public.saved (user_id, entry_key) on delete cascade,
  constraint collection_entries_entry_key_format check (entry_key ~ '^[0-9a-z]{6}$')
);

comment on table public.collection_entries is 'The entries of a member''s collections, in the member''s order.';

create index collection_entries_order_idx on public.collection_entries (collection_id, position);
create index collection_entries_saved_idx on public.collection_entries (user_id, entry_key);

-- Names, the cap of 50 and the place of a new collection (after the member's last), checked
-- with the member's collections locked, so two tabs creating at once cannot pass 50 or make
-- two of one name.
--
-- Security invoker, like the trigger below: it runs before row-level security refuses a row in
-- another member's name, so as definer its answers would tell the caller what that member has
-- (a name taken, 50 collections). As invoker it counts what the caller may see: for a member
-- their own rows, the only ones they may write; for the service role every row.
create function public.collections_check() returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('public.collections:' || new.user_id::text, 0));
  -- Every kind of whitespace String.prototype.trim() removes (\x0b is the vertical tab: E''
  -- strings have no \v), not only the spaces btrim() removes by default: a name pasted with a
  -- tab or a no-break space would otherwise pass when it is only whitespace, and stand beside
  -- the same name without it.
  new.name := btrim(new.name, E' \t\n\x0b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff');
  if new.name = '' then
    raise exception 'Give the collection a name.'
      using errcode = 'P0001', hint = 'collection_name_empty';
  end if;
  if char_length(new.name) > 80 then
    raise exception 'A collection''s name can be at most 80 characters; this one has %.', char_length(new.name)
      using errcode = 'P0001', hint = 'collection_name_long';
  end if;
  if exists (
    select 1 from public.collections
    where user_id = new.user_id and lower(name) = lower(new.name) and id <> new.id
  ) then
    raise exception 'You already have a collection called “%”. Choose another name.', new.name
      using errcode = 'P0001', hint = 'collection_name_taken';
  end if;
  if tg_op = 'INSERT' then
    if (select count(*) from public.collections where user_id = new.user_id) >= 50 then
      raise exception 'You have 50 collections, as many as can be kept. Delete one you no longer need, then create this again.'
        using errcode = 'P0001', hint = 'collections_cap';
    end if;
    new.position := coalesce(
      (select max(position) + 1 from public.collections where user_id = new.user_id), 0);
  else
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger collections_check before insert or update on public.collections
  for each row execute function public.collections_check();

-- The cap of 200 entries a collection and a new entry's place (last), with the collection
-- locked while counting. Security invoker, for the reason above: as definer, a member adding an
-- entry in another member's name would learn from the refusal whether that member saved it.
create function public.collection_entries_check() returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('public.collection_entries:' || new.collection_id::text, 0));
  if not exists (
    select 1 from public.saved where user_id = new.user_id and entry_key = new.entry_key
  ) then
    raise exception 'Save this entry (its star) before adding it to a collection.'
      using errcode = 'P0001', hint = 'collection_entry_unsaved';
  end if;
  if (select count(*) from public.collection_entries where collection_id = new.collection_id) >= 200 then
    raise exception 'This collection holds 200 entries, as many as one can. Remove one, or start another collection.'
      using errcode = 'P0001', hint = 'collection_cap';
  end if;
  new.position := coalesce(
    (select max(position) + 1 from public.collection_entries where collection_id = new.collection_id), 0);
  return new;
end
$$;

create trigger collection_entries_check before insert on public.collection_entries
  for each row execute function public.collection_entries_check();

revoke execute on function public.collections_check() from public, anon, authenticated;
revoke execute on function public.collection_entries_check() from public, anon, authenticated;

-- Row-level security. A member reads and changes their own collections and entries. A shared
-- collection is read by another member only inside public.open_collection, which names it in a
-- setting of the transaction (app.open_collection): so a member opens a shared collection by
-- its link and cannot list anyone else's.
alter table public.collections enable row level security;
alter table public.collection_entries enable row level security;

-- Helpers the policies and functions below call, in a schema the API does not expose: no
-- client calls them through /rest/v1/rpc.
create schema if not exists private;
revoke all on schema private from public, anon;
grant usage on schema private to authenticated, service_role;

create function private.opened_collection() returns uuid
language sql
stable
set search_path = ''
as $$
  select nullif(current_setting('app.open_collection', true), '')::uuid
$$;

create policy "Members read their own collections, and a shared one they open"
  on public.collections for select to authenticated
  using (
    (select auth.uid()) = user_id
    or (shared and id = (select private.opened_collection()))
  );

create policy "Members create collections for themselves"
  on public.collections for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Members change their own collections"
  on public.collections for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Members delete their own collections"
  on public.collections for delete to authenticated
  using ((select auth.uid()) = user_id);

create policy "Members read their collections' entries, and a shared one's they open"
  on public.collection_entries for select to authenticated
  using (
    (select auth.uid()) = user_id
    or exists (
      select 1 from public.collections c
      where c.id = collection_id and c.shared and c.id = (select private.opened_collection())
    )
  );

create policy "Members add entries to their own collections"
  on public.collection_entries for insert to authenticated
  with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.collections c
      where c.id = collection_id and c.user_id = (select auth.uid())
    )
  );

create policy "Members reorder their own collections' entries"
  on public.collection_entries for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Members remove entries from their own collections"
  on public.collection_entries for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.collections from anon, authenticated;
revoke all on public.collection_entries from anon, authenticated;
grant select, insert, delete on public.collections to authenticated;
grant update (name, position, shared) on public.collections to authenticated;
grant select, insert, delete on public.collection_entries to authenticated;
grant update (position) on public.collection_entries to authenticated;
grant all on public.collections to service_role;
grant all on public.collection_entries to service_role;
revoke execute on function private.opened_collection() from public, anon;
grant execute on function private.opened_collection() to authenticated, service_role;

-- A member's display name, for the owner line of a shared collection: in the private schema, so
-- it is called only from public.open_collection, never by a client with any id.

create function private.display_name(member uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(u.raw_user_meta_data ->> 'display_name'), ''),
    'A member'
  )
  from auth.users u
  where u.id = member
$$;

revoke execute on function private.display_name(uuid) from public, anon;
grant execute on function private.display_name(uuid) to authenticated;

-- Opens one collection by its id: the member's own, or another member's shared one. Runs as
-- the caller, so row-level security decides what it sees; null when nothing is visible (not
-- shared, deleted, or never there: the caller cannot tell which).
create function public.open_collection(collection_id uuid) returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  opened public.collections;
begin
  perform set_config('app.open_collection', collection_id::text, true);
  select * into opened from public.collections c where c.id = open_collection.collection_id;
  if opened.id is null then
    return null;
  end if;
  return json_build_object(
    'id', opened.id,
    'name', opened.name,
    'shared', opened.shared,
    'owned', opened.user_id = (select auth.uid()),
    'owner', private.display_name(opened.user_id),
    'updated_at', opened.updated_at,
    'entries', coalesce((
      select json_agg(e.entry_key order by e.position, e.added_at)
      from public.collection_entries e
      where e.collection_id = opened.id
    ), '[]'::json)
  );
end
$$;

revoke execute on function public.open_collection(uuid) from public, anon;
grant execute on function public.open_collection(uuid) to authenticated;

-- Puts the member's collections in the order given (their ids); ids not theirs change nothing.
create function public.order_collections(ids uuid[]) returns void
language sql
volatile
set search_path = ''
as $$
  update public.collections c
  set position = o.place
  from unnest(ids) with ordinality as o(id, place)
  where c.id = o.id and c.user_id = (select auth.uid())
$$;

-- Puts one collection's entries in the order given (their keys).
create function public.order_collection_entries(collection_id uuid, keys text[]) returns void
language sql
volatile
set search_path = ''
as $$
  update public.collection_entries e
  set position = o.place
  from unnest(keys) with ordinality as o(entry_key, place)
  where e.collection_id = order_collection_entries.collection_id
    and e.entry_key = o.entry_key
    and e.user_id = (select auth.uid())
$$;

revoke execute on function public.order_collections(uuid[]) from public, anon;
revoke execute on function public.order_collection_entries(uuid, text[]) from public, anon;
grant execute on function public.order_collections(uuid[]) to authenticated;
grant execute on function public.order_collection_entries(uuid, text[]) to authenticated;
