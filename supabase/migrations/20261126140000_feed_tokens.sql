-- A member's private feed of What's new (supabase/functions/whats-new-feed/): one secret token
-- per member, in the feed's address, so a feed reader can fetch it without signing in.
--
-- Only the token's SHA-256 (hex) is kept: a leak of this table gives nobody a working address.
-- The raw token is made here, in the database, and answered once by public.reset_feed_token;
-- nothing stores it. A member reads only when their own token was made (the hash column is not
-- granted to them at all) and changes it only through the two functions below; the feed
-- function finds a token's member through public.feed_member, which only the service role may
-- call. A new token replaces the old one, which stops working at once; deleting the member
-- deletes the row (on delete cascade), so their address stops too.
--
-- Tokens come from two gen_random_uuid() (core Postgres since 13, on hosted Supabase and in the
-- local stack alike): 64 hexadecimal characters holding 244 random bits. sha256() is core
-- Postgres too (11+), so neither needs pgcrypto, which hosted Supabase keeps in its own schema.

create table public.feed_tokens (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token_hash text not null,
  created_at timestamptz not null default now(),
  constraint feed_tokens_hash_is_sha256_hex check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint feed_tokens_hash_key unique (token_hash)
);

comment on table public.feed_tokens is 'The SHA-256 of each member''s private feed token; never the token itself.';

alter table public.feed_tokens enable row level security;

create policy "Members read when their own feed token was made"
  on public.feed_tokens for select to authenticated
  using ((select auth.uid()) = user_id);

-- Members read two columns of their own row and write nothing directly: the functions below
-- make and remove tokens, so no client can plant a hash of its choosing.
revoke all on public.feed_tokens from anon, authenticated;
grant select (user_id, created_at) on public.feed_tokens to authenticated;
grant all on public.feed_tokens to service_role;

-- Makes the caller's feed token, replacing any they had, and answers it once with when it was
-- made: {"token": "<64 hex>", "created_at": "..."}. Security definer because members may not
-- write the table; it writes only the caller's own row (auth.uid()).
create function public.reset_feed_token() returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  member uuid := (select auth.uid());
  token text;
  made timestamptz;
begin
  if member is null then
    raise exception 'Sign in to make your feed address.'
      using errcode = 'P0001', hint = 'feed_signed_out';
  end if;
  token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  begin
    insert into public.feed_tokens (user_id, token_hash, created_at)
    values (member, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now())
    on conflict (user_id) do update
      set token_hash = excluded.token_hash, created_at = excluded.created_at
    returning created_at into made;
  exception when foreign_key_violation then
    -- A token still valid for an account deleted meanwhile.
    raise exception 'Your account no longer exists, so it cannot have a feed.'
      using errcode = 'P0001', hint = 'feed_no_account';
  end;
  return json_build_object('token', token, 'created_at', made);
end
$$;

-- Stops the caller's feed: the address answers 404 from now on. True when there was one.
create function public.remove_feed_token() returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  member uuid := (select auth.uid());
begin
  if member is null then
    raise exception 'Sign in to turn your feed off.'
      using errcode = 'P0001', hint = 'feed_signed_out';
  end if;
  delete from public.feed_tokens where user_id = member;
  return found;
end
$$;

-- The member a feed token's hash belongs to, or null: for the feed function only, called with
-- the project's secret key. A member whose account is deleted (soft deletes included) or banned
-- has no feed.
create function public.feed_member(token_hash text) returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select t.user_id
  from public.feed_tokens t
  join auth.users u on u.id = t.user_id
  where t.token_hash = feed_member.token_hash
    and u.deleted_at is null
    and (u.banned_until is null or u.banned_until <= now())
$$;

-- The schema's default privileges grant every new function to anon and authenticated: take
-- them back, then give each function to whom it is for.
revoke execute on function public.reset_feed_token() from public, anon, authenticated;
revoke execute on function public.remove_feed_token() from public, anon, authenticated;
revoke execute on function public.feed_member(text) from public, anon, authenticated;
grant execute on function public.reset_feed_token() to authenticated;
grant execute on function public.remove_feed_token() to authenticated;
grant execute on function public.feed_member(text) to service_role;
