-- The cap on saved entries counted as the definer, before row-level security refused a row in
-- another member's name: the refusal then told whether that member had 1,000 saved. Counted as
-- the caller, a member sees only their own rows (the only ones they may add), so a row in
-- another's name is refused by row-level security alone, saying nothing of theirs; the service
-- role still counts every row.
alter function public.saved_within_cap() security invoker;
