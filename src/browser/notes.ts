import { NOTE_DRAFT_PREFIX } from '../lib/constants.ts';
import { membersDatabase, refusal } from '../members/database.ts';
import { currentSession } from '../members/session.ts';
import { afterLoad } from './paint-timing.ts';
import { createNoteEditor, NOTE_LIMIT, noteStateText } from '../stores/note.ts';

/*
 * A member's private note on an entry (src/components/EntryNote.astro), kept in the database's
 * public.notes (supabase/migrations/), read after the page has loaded and saved as the member
 * types (src/stores/note.ts). What is typed and not yet saved waits in this browser's
 * localStorage under the member's id and the entry's key; sign-out removes it.
 */

/** Makes the note in `element` work; returns what stops it. */
export function wireNote(element: HTMLElement): () => void {
  const key = element.dataset.key;
  const field = element.querySelector('textarea');
  const status = element.querySelector<HTMLElement>('[data-note-state]');
  const count = element.querySelector<HTMLElement>('[data-note-count]');
  const userId = currentSession()?.session.user.id;
  if (!key || !field || !status || !count || !userId) return () => {};
  const draftKey = `${NOTE_DRAFT_PREFIX}${userId}:${key}`;
  const editor = createNoteEditor({
    async load() {
      const database = await membersDatabase();
      const {
        data,
        error,
        status: code,
      } = await database.from('notes').select('body').eq('entry_key', key).maybeSingle();
      if (error) throw refusal(error, code);
      return data?.body ?? '';
    },
    async save(body) {
      const database = await membersDatabase();
      const { error, status: code } =
        body === ''
          ? await database.from('notes').delete().eq('entry_key', key)
          : await database
              .from('notes')
              .upsert(
                { entry_key: key, body, updated_at: new Date().toISOString() },
                { onConflict: 'user_id,entry_key' },
              );
      if (error) throw refusal(error, code);
    },
    draft: {
      read: () => localStorage.getItem(draftKey),
      write: (body) => {
        try {
          localStorage.setItem(draftKey, body);
        } catch {
          // A full or blocked storage: the note is still saved as it is typed.
        }
      },
      remove: () => localStorage.removeItem(draftKey),
    },
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });

  const stops = [
    editor.$state.subscribe((state) => {
      status.textContent = noteStateText(state);
      status.dataset.state = state.kind;
      field.disabled = state.kind === 'loading' || state.kind === 'failed-to-load';
      field.setAttribute('aria-invalid', String(state.kind === 'not-saved'));
    }),
    editor.$body.subscribe((body) => {
      if (field.value !== body) field.value = body;
      count.textContent = `${body.length.toLocaleString('en')} / ${NOTE_LIMIT.toLocaleString('en')}`;
      count.dataset.over = String(body.length > NOTE_LIMIT);
    }),
  ];
  const onInput = () => editor.input(field.value);
  const onBlur = () => void editor.flush();
  const onLeave = () => editor.leave();
  field.addEventListener('input', onInput);
  field.addEventListener('blur', onBlur);
  addEventListener('pagehide', onLeave);
  afterLoad(() => void editor.start());
  return () => {
    stops.forEach((stop) => stop());
    field.removeEventListener('input', onInput);
    field.removeEventListener('blur', onBlur);
    removeEventListener('pagehide', onLeave);
  };
}
