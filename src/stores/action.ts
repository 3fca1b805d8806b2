import type { WritableAtom } from 'nanostores';
import type { FieldErrors } from '../schemas/auth-forms.ts';

/*
 * The one helper for a store's actions (/auth's forms, /account's sections): one request at a
 * time, pending while it runs, then what it ended with.
 */

/** Where an action stands: running, and what its last run left to show. */
export interface ActionState {
  pending: boolean;
  /** The failure, in words, shown above the form. */
  error: string | null;
  /** Messages under the fields. */
  fieldErrors: FieldErrors;
}

/** An action at rest with nothing to show. */
export const IDLE: ActionState = { pending: false, error: null, fieldErrors: {} };

/** How a task ended: done (null), with fields to correct, or with a failure in words. */
export type Outcome = null | { fieldErrors: FieldErrors } | { error: string };

/**
 * Runs `task` as the action of `$state`: a second call while one runs is dropped; the state is
 * pending meanwhile, then shows the outcome. What the task throws is worded by `thrown` when
 * given, and otherwise rethrown once the state is back at rest. Resolves to whether it worked.
 */
export async function runAction(
  $state: WritableAtom<ActionState>,
  task: () => Promise<Outcome>,
  thrown?: (error: unknown) => string,
): Promise<boolean> {
  if ($state.get().pending) return false;
  $state.set({ ...IDLE, pending: true });
  let outcome: Outcome;
  try {
    outcome = await task();
  } catch (error) {
    if (!thrown) {
      $state.set(IDLE);
      throw error;
    }
    outcome = { error: thrown(error) };
  }
  $state.set({ ...IDLE, ...outcome });
  return !outcome;
}
