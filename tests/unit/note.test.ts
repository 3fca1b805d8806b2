import { describe, expect, it } from 'vitest';
import {
  createNoteEditor,
  NOTE_LIMIT,
  NOTE_SAVE_DELAY_MS,
  noteStateText,
  type NoteWorld,
} from '../../src/stores/note.ts';

/** A fake clock's timers, a database holding one note, and this browser's draft. */
function fakeWorld(initial = '', draft: string | null = null) {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const saves: {
    body: string;
    leaving: boolean;
    resolve: () => void;
    reject: (e: unknown) => void;
  }[] = [];
  const state = { stored: initial, draft };
  const world: NoteWorld = {
    load: () => Promise.resolve(state.stored),
    save: (body, leaving) =>
      new Promise<void>((resolve, reject) => {
        saves.push({
          body,
          leaving,
          resolve: () => {
            state.stored = body;
            resolve();
          },
          reject,
        });
      }),
    draft: {
      read: () => state.draft,
      write: (body) => {
        state.draft = body;
      },
      remove: () => {
        state.draft = null;
      },
    },
    setTimer: (run, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.run();
      }
    }
  };
  return { world, saves, state, advance };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('a private note', () => {
  it('loads, then saves once typing pauses, and says so', async () => {
    const { world, saves, state, advance } = fakeWorld('First thoughts');
    const note = createNoteEditor(world);
    await note.start();
    expect(note.$body.get()).toBe('First thoughts');
    expect(noteStateText(note.$state.get())).toBe('Saved');
    note.input('First thoughts, and more');
    expect(noteStateText(note.$state.get())).toBe('Not saved yet');
    expect(state.draft).toBe('First thoughts, and more');
    advance(NOTE_SAVE_DELAY_MS - 1);
    expect(saves).toHaveLength(0);
    note.input('First thoughts, and more.');
    advance(NOTE_SAVE_DELAY_MS - 1);
    expect(saves).toHaveLength(0);
    advance(1);
    await settle();
    expect(saves.map((save) => save.body)).toEqual(['First thoughts, and more.']);
    expect(noteStateText(note.$state.get())).toBe('Saving…');
    saves[0]!.resolve();
    await settle();
    expect(noteStateText(note.$state.get())).toBe('Saved');
    expect(state.stored).toBe('First thoughts, and more.');
    expect(state.draft).toBeNull();
  });

  it('saves what was typed while a save was under way, after it', async () => {
    const { world, saves, advance } = fakeWorld();
    const note = createNoteEditor(world);
    await note.start();
    note.input('one');
    advance(NOTE_SAVE_DELAY_MS);
    await settle();
    note.input('one two');
    saves[0]!.resolve();
    await settle();
    expect(noteStateText(note.$state.get())).toBe('Not saved yet');
    advance(NOTE_SAVE_DELAY_MS);
    await settle();
    expect(saves.map((save) => save.body)).toEqual(['one', 'one two']);
  });

  it('says why a save was refused, and keeps the text and the draft', async () => {
    const { world, saves, state, advance } = fakeWorld();
    const note = createNoteEditor(world);
    await note.start();
    note.input('kept');
    advance(NOTE_SAVE_DELAY_MS);
    await settle();
    saves[0]!.reject(Object.assign(new Error('JWT expired'), { status: 401 }));
    await settle();
    expect(noteStateText(note.$state.get())).toBe(
      'Not saved: your session has ended: sign in again to save.',
    );
    expect(note.$body.get()).toBe('kept');
    expect(state.draft).toBe('kept');
  });

  it('never sends a note over the limit, and says by how much', async () => {
    const { world, saves, advance } = fakeWorld();
    const note = createNoteEditor(world);
    await note.start();
    note.input('x'.repeat(NOTE_LIMIT + 5));
    advance(NOTE_SAVE_DELAY_MS * 2);
    await settle();
    expect(saves).toHaveLength(0);
    expect(noteStateText(note.$state.get())).toBe(
      'Not saved: a note holds at most 2,000 characters; this one has 2,005.',
    );
  });

  it('removes the note when it is emptied', async () => {
    const { world, saves, advance } = fakeWorld('old');
    const note = createNoteEditor(world);
    await note.start();
    note.input('   ');
    advance(NOTE_SAVE_DELAY_MS);
    await settle();
    expect(saves.map((save) => save.body)).toEqual(['']);
    saves[0]!.resolve();
    await settle();
    expect(noteStateText(note.$state.get())).toBe('Only you can see it.');
  });

  it('sends at once, as a request that outlives the page, when the page is left mid-typing', async () => {
    const { world, saves } = fakeWorld();
    const note = createNoteEditor(world);
    await note.start();
    note.input('typed just before closing');
    note.leave();
    await settle();
    expect(saves).toEqual([
      expect.objectContaining({ body: 'typed just before closing', leaving: true }),
    ]);
  });

  it('saves on the next visit what a closed tab kept as a draft', async () => {
    const { world, saves, state } = fakeWorld('', 'written, then the tab was closed');
    const note = createNoteEditor(world);
    const started = note.start();
    await settle();
    expect(note.$body.get()).toBe('written, then the tab was closed');
    expect(saves.map((save) => save.body)).toEqual(['written, then the tab was closed']);
    saves[0]!.resolve();
    await started;
    expect(noteStateText(note.$state.get())).toBe('Saved');
    expect(state.draft).toBeNull();
  });

  it('drops a draft the database already has', async () => {
    const { world, saves, state } = fakeWorld('same', 'same');
    const note = createNoteEditor(world);
    await note.start();
    expect(saves).toHaveLength(0);
    expect(state.draft).toBeNull();
  });
});
