/** The parts of a Supabase user the display name is drawn from. */
export interface NamedUser {
  email?: string | null;
  user_metadata?: Record<string, unknown> | null;
}

/** The name shown in the user menu: display name, else the e-mail before the @, else 'User'. */
export function displayName(user: NamedUser | null | undefined): string {
  const fromMetadata = user?.user_metadata?.display_name;
  if (typeof fromMetadata === 'string' && fromMetadata.trim() !== '') return fromMetadata.trim();
  const local = user?.email?.split('@')[0]?.trim();
  if (local) return local;
  return 'User';
}
