import { atom } from 'nanostores';
import {
  refusalField,
  validateDetails,
  type DetailsForm,
  type MyDetails,
} from '../lib/my-details.ts';
import { failureReason } from '../lib/refusals.ts';
import { IDLE, runAction, type ActionState } from './action.ts';

/*
 * /account's "My details" (src/islands/MyDetails.tsx): the member's row of
 * public.member_details, read once and saved whole (an upsert). Prompts read the same row on
 * their own pages (src/browser/my-details.ts); nothing of it is kept in the browser.
 */

/**
 * What the section takes from the browser, passed in so unit tests run it without a server
 * (src/stores/my-details-browser.ts wires the page).
 */
export interface MyDetailsWorld {
  /** The member's details; NO_DETAILS when they have no row. */
  load(): Promise<MyDetails>;
  /** Saves the member's whole row; answers it as stored (trimmed by the database). */
  save(details: MyDetails): Promise<MyDetails>;
}

/** What the section shows. */
export type DetailsView =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; details: MyDetails };

/** The section's stores and actions bound to one world. */
export function createMyDetails(world: MyDetailsWorld) {
  const $details = atom<DetailsView>({ kind: 'loading' });
  const $detailsAction = atom<ActionState>(IDLE);
  /** True from a save that worked until the member changes something ("Saved."). */
  const $saved = atom(false);
  let loading: Promise<void> | undefined;

  const failed = (error: unknown) => {
    console.error('My details: the request failed', error);
    return failureReason(error);
  };

  /** Reads the member's details once (again after a failure). */
  function load(): Promise<void> {
    loading ??= world.load().then(
      (details) => $details.set({ kind: 'ready', details }),
      (error: unknown) => {
        loading = undefined;
        $details.set({ kind: 'failed', message: failed(error) });
      },
    );
    return loading;
  }

  /**
   * Checks the form and saves it: messages under the fields for what the form or the database
   * refuses (the database's by its hint), a failure above the form for anything else.
   */
  function save(form: DetailsForm): Promise<boolean> {
    $saved.set(false);
    return runAction(
      $detailsAction,
      async () => {
        const checked = validateDetails(form);
        if (!checked.ok) return { fieldErrors: checked.errors };
        let stored: MyDetails;
        try {
          stored = await world.save(checked.details);
        } catch (error) {
          const { hint, message } = (error ?? {}) as { hint?: unknown; message?: unknown };
          const field = refusalField(typeof hint === 'string' ? hint : null);
          if (field && typeof message === 'string') return { fieldErrors: { [field]: message } };
          throw error;
        }
        $details.set({ kind: 'ready', details: stored });
        $saved.set(true);
        return null;
      },
      failed,
    );
  }

  /** The member changed the form: "Saved." and messages of the last save no longer apply. */
  function edited(): void {
    $saved.set(false);
    if (!$detailsAction.get().pending) $detailsAction.set(IDLE);
  }

  return { $details, $detailsAction, $saved, load, save, edited };
}

export type MyDetailsSection = ReturnType<typeof createMyDetails>;
