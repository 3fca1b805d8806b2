import type { FactorRecord } from './store/factors.ts';
import type { Store } from './store/index.ts';
import type { IdentityRecord, UserRecord, UserRelated } from './store/users.ts';

/** Go's time.Time JSON: RFC 3339 with the fraction's trailing zeros dropped. */
export function goTime(iso: string): string {
  return iso.replace(/\.(\d*?)0*Z$/, (_, digits: string) => (digits ? `.${digits}Z` : 'Z'));
}

function optionalTime(key: string, iso: string | null): Record<string, string> {
  return iso === null ? {} : { [key]: goTime(iso) };
}

/** An MFA factor as GoTrue's models.Factor serialises it. */
function factorJson(factor: FactorRecord): Record<string, unknown> {
  return {
    id: factor.id,
    created_at: goTime(factor.createdAt),
    updated_at: goTime(factor.updatedAt),
    status: factor.status,
    ...(factor.friendlyName ? { friendly_name: factor.friendlyName } : {}),
    factor_type: factor.factorType,
    phone: '',
    last_challenged_at: factor.lastChallengedAt === null ? null : goTime(factor.lastChallengedAt),
  };
}

/** An identity as GoTrue's models.Identity serialises it (note the swapped `id`/`identity_id`). */
function identityJson(identity: IdentityRecord): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    ...optionalTime('last_sign_in_at', identity.lastSignInAt),
    created_at: goTime(identity.createdAt),
    updated_at: goTime(identity.updatedAt),
    email: typeof identity.identityData.email === 'string' ? identity.identityData.email : '',
  };
}

/** The User object of GoTrue's API (models.User), with identities and factors loaded. */
export function userJson(
  user: UserRecord,
  identities: readonly IdentityRecord[],
  factors: readonly FactorRecord[],
): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    ...optionalTime('email_confirmed_at', user.emailConfirmedAt),
    phone: '',
    ...optionalTime('invited_at', user.invitedAt),
    ...optionalTime('confirmation_sent_at', user.confirmationSentAt),
    ...optionalTime('confirmed_at', user.emailConfirmedAt),
    ...optionalTime('recovery_sent_at', user.recoverySentAt),
    ...(user.emailChange ? { new_email: user.emailChange } : {}),
    ...optionalTime('email_change_sent_at', user.emailChangeSentAt),
    ...optionalTime('reauthentication_sent_at', user.reauthenticationSentAt),
    ...optionalTime('last_sign_in_at', user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    ...(factors.length > 0 ? { factors: factors.map(factorJson) } : {}),
    identities: identities.map(identityJson),
    created_at: goTime(user.createdAt),
    updated_at: goTime(user.updatedAt),
    is_anonymous: false,
  };
}

/**
 * Serialises the whole user, with their identities and factors: `related` when the caller read
 * them already (requireAuthentication's `related`), else loaded here.
 */
export async function loadUserJson(
  store: Store,
  user: UserRecord,
  related?: UserRelated,
): Promise<Record<string, unknown>> {
  const { identities, factors } = related ?? (await store.users.identitiesAndFactors(user.id));
  return userJson(user, identities, factors);
}
