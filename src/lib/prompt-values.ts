/*
 * What a member typed into a prompt's fill-in form, remembered in this browser per prompt so a
 * prompt they come back to is filled as they left it. Sign-out removes it with every other
 * member record (src/stores/auth-session.ts).
 */

/** Values by variable name, for one prompt. */
export type VariableValues = Record<string, string>;

/** Longest value kept, in characters (a pasted document would fill the storage quota). */
export const MAX_VALUE_LENGTH = 5000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored values of every prompt, from the raw storage string: anything malformed (not
 * JSON, not an object of objects of strings) is dropped rather than trusted.
 */
export function parsePromptValues(raw: string | null): Record<string, VariableValues> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const prompts: Record<string, VariableValues> = {};
  for (const [prompt, values] of Object.entries(value)) {
    if (!isRecord(values)) continue;
    const kept = Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    );
    if (kept.length > 0) prompts[prompt] = Object.fromEntries(kept);
  }
  return prompts;
}

/** The remembered values of `prompt` under `key` in `storage`; none when storage is blocked. */
export function readPromptValues(
  storage: Pick<Storage, 'getItem'>,
  key: string,
  prompt: string,
): VariableValues {
  try {
    return parsePromptValues(storage.getItem(key))[prompt] ?? {};
  } catch {
    return {};
  }
}

/**
 * Remembers `values` for `prompt` (empty ones are forgotten, long ones cut); returns whether
 * storage took them (a full or blocked storage keeps the form working, just not remembered).
 */
export function writePromptValues(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  key: string,
  prompt: string,
  values: VariableValues,
): boolean {
  try {
    const all = parsePromptValues(storage.getItem(key));
    const kept = Object.entries(values)
      .filter(([, value]) => value.trim() !== '')
      .map(([name, value]) => [name, value.slice(0, MAX_VALUE_LENGTH)] as const);
    if (kept.length > 0) all[prompt] = Object.fromEntries(kept);
    else delete all[prompt];
    if (Object.keys(all).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(all));
    return true;
  } catch {
    return false;
  }
}
