/** The auth and account forms' max lengths, set as maxlength on the fields and checked by their schemas. */
export const MAX_LENGTH = { email: 255, password: 128, displayName: 100 } as const;
