import { atom, type ReadableAtom } from 'nanostores';
import { failureReason } from '../lib/refusals.ts';

/** Most characters a note holds (as public.notes's constraint has it). */
export const NOTE_LIMIT = 2000;

/** How long typing must pause before the note is saved. */
export const NOTE_SAVE_DELAY_MS = 700;

/** Where a note stands, as the page shows it beside the field. */
export type NoteState =
  | { kind: 'loading' }
  | { kind: 'failed-to-load'; reason: string }
  | { kind: 'idle' }
  | { kind: 'editing' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'not-saved'; reason: string };

/** What a note needs from the world, passed in so tests run it with a fake clock and server. */
export interface NoteWorld {
  /** The note the database holds ('' for none). */
  load(): Promise<string>;
  /** Keeps `body` as the note ('' removes it). `leaving`: the page is going, send it anyway. */
  save(body: string, leaving: boolean): Promise<void>;
  /** This browser's copy of what was typed and not yet saved, kept until it is. */
  draft: { read(): string | null; write(body: string): void; remove(): void };
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The words a refused save is shown with. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '23514')
    return `a note holds at most ${NOTE_LIMIT.toLocaleString('en')} characters.`;
  const reason = failureReason(error);
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}

/**
 * One entry's private note, saved as the member types: a pause in typing saves it, leaving the
 * page saves at once, and what is typed is kept in this browser until the database has it, so
 * closing the tab mid-sentence loses nothing (the next visit saves it). A note over the limit
 * is never sent; the state says why.
 */
export function createNoteEditor(world: NoteWorld) {
  const $state = atom<NoteState>({ kind: 'loading' });
  const $body = atom('');
  let saved = '';
  let timer: unknown;
  let saving: Promise<void> | undefined;
  let dirty = false;

  async function saveNow(leaving = false): Promise<void> {
    if (timer !== undefined) world.clearTimer(timer);
    timer = undefined;
    if (saving) await saving;
    const body = $body.get().trim() === '' ? '' : $body.get();
    if (body === saved) {
      dirty = false;
      world.draft.remove();
      if ($state.get().kind !== 'not-saved')
        $state.set(body ? { kind: 'saved' } : { kind: 'idle' });
      return;
    }
    if (body.length > NOTE_LIMIT) {
      $state.set({
        kind: 'not-saved',
        reason: `a note holds at most ${NOTE_LIMIT.toLocaleString('en')} characters.`,
      });
      return;
    }
    $state.set({ kind: 'saving' });
    saving = world
      .save(body, leaving)
      .then(() => {
        saved = body;
        // Typed on while this was being saved: that is saved next.
        if ($body.get() === body || ($body.get().trim() === '' && body === '')) {
          dirty = false;
          world.draft.remove();
          $state.set(body ? { kind: 'saved' } : { kind: 'idle' });
        } else {
          $state.set({ kind: 'editing' });
          schedule();
        }
      })
      .catch((error: unknown) => {
        $state.set({ kind: 'not-saved', reason: reasonOf(error) });
      })
      .finally(() => {
        saving = undefined;
      });
    await saving;
  }

  function schedule(): void {
    if (timer !== undefined) world.clearTimer(timer);
    timer = world.setTimer(() => {
      timer = undefined;
      void saveNow();
    }, NOTE_SAVE_DELAY_MS);
  }

  return {
    $state: $state as ReadableAtom<NoteState>,
    $body: $body as ReadableAtom<string>,

    /** Loads the note; a draft this browser kept from a page left mid-typing wins, and is saved. */
    async start(): Promise<void> {
      $state.set({ kind: 'loading' });
      try {
        saved = await world.load();
      } catch (error) {
        $state.set({ kind: 'failed-to-load', reason: reasonOf(error) });
        return;
      }
      const draft = world.draft.read();
      if (draft !== null && draft !== saved) {
        $body.set(draft);
        dirty = true;
        await saveNow();
        return;
      }
      world.draft.remove();
      $body.set(saved);
      $state.set(saved ? { kind: 'saved' } : { kind: 'idle' });
    },

    /** The member typed: shown at once, kept in the browser, saved when typing pauses. */
    input(body: string): void {
      $body.set(body);
      dirty = body !== saved;
      if (dirty) world.draft.write(body);
      else world.draft.remove();
      if (body.length > NOTE_LIMIT) {
        if (timer !== undefined) world.clearTimer(timer);
        timer = undefined;
        $state.set({
          kind: 'not-saved',
          reason: `a note holds at most ${NOTE_LIMIT.toLocaleString('en')} characters; this one has ${body.length.toLocaleString('en')}.`,
        });
        return;
      }
      $state.set({ kind: 'editing' });
      schedule();
    },

    /** The page is going: whatever is not saved is sent now, in a request that outlives it. */
    leave(): void {
      if (dirty) void saveNow(true);
    },

    /** Saves at once (the field lost focus, or a retry). */
    flush(): Promise<void> {
      return dirty ? saveNow() : Promise.resolve();
    },
  };
}

/** The words beside the field for each state. */
export function noteStateText(state: NoteState): string {
  switch (state.kind) {
    case 'loading':
      return 'Loading your note…';
    case 'failed-to-load':
      return `Your note could not be loaded: ${state.reason}`;
    case 'idle':
      return 'Only you can see it.';
    case 'editing':
      return 'Not saved yet';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'not-saved':
      return `Not saved: ${state.reason}`;
  }
}
