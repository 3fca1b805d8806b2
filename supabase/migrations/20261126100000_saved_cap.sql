-- At most 1,000 saved entries per member, held by the database itself, so no client (an old
-- page, a script with the member's token) can grow a member's list without end. The count and
-- the insert are serialised per member, so two saves racing at 999 cannot both pass.

create function public.saved_within_cap() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('public.saved:' || new.user_id::text, 0));
  if (select count(*) from public.saved where user_id = new.user_id) >= 1000 then
    raise exception 'You have saved 1,000 entries, as many as can be kept. Remove one you no longer need, then save this again.'
      using errcode = 'P0001', hint = 'saved_cap';
  end if;
  return new;
end
$$;

-- Only the trigger calls it; nobody calls it through the API.
revoke execute on function public.saved_within_cap() from public, anon, authenticated;

create trigger saved_within_cap before insert on public.saved
  for each row execute function public.saved_within_cap();
