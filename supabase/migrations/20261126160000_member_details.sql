-- A member's details, given once on /account ("My details") and filled into every prompt that
-- asks for the same thing: name, role, company, product, audience, site URL, tone, and up to 20
-- details of the member's own, each named as a prompt variable (MY_CITY). One row per member,
-- seen and changed by the member alone. Which variables each column fills is the site's
-- business (src/lib/my-details.ts); this table only keeps what the member wrote.
--
-- Limits held here, whatever client sends the request: names, roles and companies of up to 200
-- characters, the product, audience and tone up to 500, the site URL up to 2,000 and starting
-- with http:// or https://; the member's own details at most 20, each named as a prompt
-- variable that is not one of the named fields' (src/lib/placeholders.ts isVariableName), each
-- value up to 500 characters. The trigger trims every value (an empty one is stored as null,
-- an empty own detail refused) and refuses with messages a member can read and a hint the site
-- recognises (src/lib/my-details.ts, which checks the same before sending); the check
-- constraints stay behind it for anything it misses.

create table public.member_details (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  name text,
  role text,
  company text,
  product text,
  audience text,
  site_url text,
  tone text,
  extra jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  constraint member_details_name_length check (char_length(name) between 1 and 200),
  constraint member_details_role_length check (char_length(role) between 1 and 200),
  constraint member_details_company_length check (char_length(company) between 1 and 200),
  constraint member_details_product_length check (char_length(product) between 1 and 500),
  constraint member_details_audience_length check (char_length(audience) between 1 and 500),
  constraint member_details_tone_length check (char_length(tone) between 1 and 500),
  constraint member_details_site_url_length check (char_length(site_url) between 1 and 2000),
  constraint member_details_site_url_is_http check (site_url ~* '^https?://[^\s/?#]+([/?#]\S*)?$'),
  constraint member_details_extra_is_object check (jsonb_typeof(extra) = 'object')
);

comment on table public.member_details is 'What a member fills into every prompt that asks for it; only the member sees it.';

-- Every kind of whitespace String.prototype.trim() removes, as public.collections_check trims
-- a name (supabase/migrations/20261126120000_collections.sql), so the form and the database
-- agree on what is empty and how long a value is.
create function private.trim_member_text(value text) returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(btrim(value, E' \t\n\x0b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'), '')
$$;

-- Trims and checks the row on its way in. Security invoker: it reads nothing but the row it is
-- given, so it tells the caller nothing of another member's, and row-level security still
-- decides whose row it may be.
create function public.member_details_check() returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  field record;
  value text;
  pair record;
  cleaned jsonb := '{}'::jsonb;
begin
  new.name := private.trim_member_text(new.name);
  new.role := private.trim_member_text(new.role);
  new.company := private.trim_member_text(new.company);
  new.product := private.trim_member_text(new.product);
  new.audience := private.trim_member_text(new.audience);
  new.site_url := private.trim_member_text(new.site_url);
  new.tone := private.trim_member_text(new.tone);

  for field in
    select * from (values
      ('name', 'name', new.name, 200),
      ('role', 'role', new.role, 200),
      ('company', 'company', new.company, 200),
      ('product', 'product', new.product, 500),
      ('audience', 'audience', new.audience, 500),
      ('tone', 'tone', new.tone, 500),
      ('site_url', 'site URL', new.site_url, 2000)
    ) as f (col, label, val, most)
  loop
    if char_length(field.val) > field.most then
      raise exception 'Your % can be at most % characters; this one has %.',
        field.label, field.most, char_length(field.val)
        using errcode = 'P0001', hint = 'member_details_' || field.col || '_long';
    end if;
  end loop;

  if new.site_url is not null and new.site_url !~* '^https?://[^\s/?#]+([/?#]\S*)?$' then
    raise exception 'Your site URL must be a web address starting with http:// or https://, like https://example.com.'
      using errcode = 'P0001', hint = 'member_details_site_url_invalid';
  end if;

  new.extra := coalesce(new.extra, '{}'::jsonb);
  if jsonb_typeof(new.extra) <> 'object' then
    raise exception 'Your own details must each be a name and a text.'
      using errcode = 'P0001', hint = 'member_details_extra_shape';
  end if;
  if (select count(*) from jsonb_object_keys(new.extra)) > 20 then
    raise exception 'You can keep at most 20 details of your own; these are %.',
      (select count(*) from jsonb_object_keys(new.extra))
      using errcode = 'P0001', hint = 'member_details_extra_count';
  end if;
  for pair in select key, val from jsonb_each(new.extra) as e (key, val) order by key loop
    if pair.key !~ '^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$' or char_length(pair.key) > 60 then
      raise exception '“%” cannot name a prompt variable: use up to 60 capital letters, digits and single underscores, starting with a letter, like MY_CITY.',
        pair.key
        using errcode = 'P0001', hint = 'member_details_extra_key';
    end if;
    -- The named fields' variables, as src/lib/my-details.ts DETAIL_FIELDS lists them: a detail
    -- of the member's own under one of them would fight the field for the same placeholder.
    if pair.key in ('NAME', 'ROLE', 'COMPANY', 'PRODUCT', 'YOUR_PRODUCT', 'AUDIENCE', 'SITE_URL', 'TONE') then
      raise exception '{{%}} is filled from a field above: use that field, or give this detail another name.',
        pair.key
        using errcode = 'P0001', hint = 'member_details_extra_reserved';
    end if;
    if jsonb_typeof(pair.val) <> 'string' then
      raise exception 'Your own details must each be a name and a text.'
        using errcode = 'P0001', hint = 'member_details_extra_shape';
    end if;
    value := private.trim_member_text(pair.val #>> '{}');
    if value is null then
      raise exception 'Give {{%}} a value, or remove it.', pair.key
        using errcode = 'P0001', hint = 'member_details_extra_value_empty';
    end if;
    if char_length(value) > 500 then
      raise exception 'The value of {{%}} can be at most 500 characters; this one has %.',
        pair.key, char_length(value)
        using errcode = 'P0001', hint = 'member_details_extra_value_long';
    end if;
    cleaned := cleaned || jsonb_build_object(pair.key, value);
  end loop;
  new.extra := cleaned;

  new.updated_at := now();
  return new;
end
$$;

create trigger member_details_check before insert or update on public.member_details
  for each row execute function public.member_details_check();

revoke execute on function public.member_details_check() from public, anon, authenticated;
revoke execute on function private.trim_member_text(text) from public, anon;
grant execute on function private.trim_member_text(text) to authenticated, service_role;

alter table public.member_details enable row level security;

create policy "Members read their own details"
  on public.member_details for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Members write details for themselves"
  on public.member_details for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Members change their own details"
  on public.member_details for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Members delete their own details"
  on public.member_details for delete to authenticated
  using ((select auth.uid()) = user_id);

-- A member never moves their row to another id, nor sets when it changed: only the details.
revoke all on public.member_details from anon, authenticated;
grant select, insert, delete on public.member_details to authenticated;
grant update (name, role, company, product, audience, site_url, tone, extra)
  on public.member_details to authenticated;
grant all on public.member_details to service_role;
