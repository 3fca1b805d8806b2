import { addProblem, createProblem, nameProblem, type Collection } from '../lib/collections.ts';
import { collections, startCollections } from './collections.ts';
import { $favourites, favourites } from './favourites.ts';
import { keepPlaced, placePopover } from './place-popover.ts';
import { shellTemplates } from './shell-templates.ts';

/*
 * The page's one collection picker (src/components/CollectionPicker.astro), opened for one
 * entry by the collection button beside its star: a checkbox per collection adds the entry or
 * takes it out, and a new collection can be made with the entry in it. An entry not yet saved
 * is starred first (a collection holds saved entries only; the database insists).
 */

interface Opened {
  trigger: HTMLButtonElement;
  key: string;
  stop: AbortController;
  unsubscribe: () => void;
}

let opened: Opened | null = null;

function part<T extends HTMLElement = HTMLElement>(popover: HTMLElement, name: string): T {
  return popover.querySelector<T>(`[data-${name}]`)!;
}

/** Stars the entry unless it is saved; true once it is. */
async function ensureSaved(key: string): Promise<boolean> {
  if ($favourites.get()?.includes(key)) return true;
  await favourites.toggle(key, true);
  return $favourites.get()?.includes(key) ?? false;
}

function showProblem(popover: HTMLElement, problem: string | null): void {
  const line = part(popover, 'picker-problem');
  line.textContent = problem ?? '';
  line.hidden = problem === null;
}

/** The picker's checkboxes as `list` says, kept in place so the focus stays where it is. */
function render(popover: HTMLElement, key: string, list: readonly Collection[]): void {
  const fieldset = part<HTMLFieldSetElement>(popover, 'picker-list');
  const template = popover.querySelector<HTMLTemplateElement>('template[data-picker-option]')!;
  const existing = new Map(
    [...fieldset.querySelectorAll<HTMLElement>('label[data-id]')].map((label) => [
      label.dataset.id!,
      label,
    ]),
  );
  const labels = list.map((collection) => {
    let label = existing.get(collection.id);
    if (!label) {
      label = (template.content.cloneNode(true) as DocumentFragment).querySelector('label')!;
      label.dataset.id = collection.id;
      const box = label.querySelector('input')!;
      // The picker serves one entry after another: the entry is the one it is open for now.
      box.addEventListener('change', () => {
        if (opened) void choose(popover, collection.id, opened.key, box);
      });
    }
    label.querySelector('[data-option-name]')!.textContent = collection.name;
    const count = collection.entries.length;
    label.querySelector('[data-option-count]')!.textContent = String(count);
    label.title = `${collection.name}: ${count} ${count === 1 ? 'entry' : 'entries'}`;
    label.querySelector('input')!.checked = collection.entries.includes(key);
    return label;
  });
  const shown = [...fieldset.querySelectorAll('label[data-id]')];
  if (shown.length !== labels.length || shown.some((label, i) => label !== labels[i])) {
    fieldset.querySelectorAll('label[data-id]').forEach((label) => label.remove());
    fieldset.append(...labels);
  }
  fieldset.hidden = list.length === 0;
  part(popover, 'picker-empty').hidden = list.length > 0;
  part(popover, 'picker-loading').hidden = true;
}

/** A checkbox changed: adds the entry to the collection or takes it out. */
async function choose(
  popover: HTMLElement,
  id: string,
  key: string,
  box: HTMLInputElement,
): Promise<void> {
  showProblem(popover, null);
  // Until the database has the change, the option says it is being saved.
  const label = box.closest('label')!;
  label.setAttribute('aria-busy', 'true');
  try {
    await change(popover, id, key, box);
  } finally {
    label.removeAttribute('aria-busy');
  }
}

async function change(
  popover: HTMLElement,
  id: string,
  key: string,
  box: HTMLInputElement,
): Promise<void> {
  if (!box.checked) {
    await collections.take(id, key);
    return;
  }
  const collection = collections.$collections.get()?.find((each) => each.id === id);
  const problem = collection ? addProblem(collection) : null;
  if (problem) {
    box.checked = false;
    showProblem(popover, problem);
    return;
  }
  if (!(await ensureSaved(key))) {
    box.checked = false;
    showProblem(popover, 'The entry could not be saved, so it was not added.');
    return;
  }
  const outcome = await collections.add(id, key);
  if (!outcome.ok) showProblem(popover, outcome.reason);
}

/** The new-collection form: makes the collection with the entry in it. */
async function create(popover: HTMLElement, key: string, form: HTMLFormElement): Promise<void> {
  const input = form.querySelector('input')!;
  const submit = form.querySelector('button')!;
  if (submit.getAttribute('aria-busy') === 'true') return;
  showProblem(popover, null);
  input.removeAttribute('aria-invalid');
  const problem =
    createProblem(collections.$collections.get() ?? []) ??
    nameProblem(input.value, collections.$collections.get() ?? []);
  if (problem) {
    input.setAttribute('aria-invalid', 'true');
    showProblem(popover, problem);
    return;
  }
  submit.setAttribute('aria-busy', 'true');
  try {
    // Checked first, so a name refused does not star the entry.
    const saved = await ensureSaved(key);
    const outcome = await collections.create(input.value, saved ? key : undefined);
    if (outcome.ok) {
      input.value = '';
      if (!saved)
        showProblem(popover, 'The collection was made, but the entry could not be saved.');
    } else {
      input.setAttribute('aria-invalid', 'true');
      showProblem(popover, outcome.reason);
    }
  } finally {
    submit.removeAttribute('aria-busy');
  }
}

/** Closes the picker; `returnFocus` puts the focus back on the button that opened it. */
export function closePicker(returnFocus: boolean): void {
  const popover = document.getElementById('collection-picker');
  if (!opened || !popover) return;
  const { trigger, stop, unsubscribe } = opened;
  opened = null;
  stop.abort();
  unsubscribe();
  if (popover.matches(':popover-open')) popover.hidePopover();
  trigger.setAttribute('aria-expanded', 'false');
  if (returnFocus) trigger.focus();
}

/**
 * Opens the picker for the entry `key` (named `name`) under `trigger`, or closes it there. The
 * picker is one of the shell's parts (src/browser/shell-templates.ts): a press before it came in
 * opens it once it has.
 */
export async function togglePicker(
  trigger: HTMLButtonElement,
  key: string,
  name: string,
): Promise<void> {
  await shellTemplates().catch((error: unknown) =>
    console.error('Could not load the collection picker', error),
  );
  const popover = document.getElementById('collection-picker');
  if (!popover) return;
  const again = opened?.trigger === trigger;
  closePicker(false);
  if (again) return;
  const stop = new AbortController();
  const { signal } = stop;
  part(popover, 'picker-name').textContent = name;
  showProblem(popover, null);
  const form = part<HTMLFormElement>(popover, 'picker-new');
  form.querySelector('input')!.removeAttribute('aria-invalid');
  part(popover, 'picker-failed').hidden = true;
  const known = collections.$collections.get();
  part(popover, 'picker-loading').hidden = known !== null;
  popover.showPopover();
  trigger.setAttribute('aria-expanded', 'true');
  // Until this opening's stop: another star may open the picker again in the same task.
  keepPlaced(popover, trigger, signal);

  opened = {
    trigger,
    key,
    stop,
    unsubscribe: collections.$collections.subscribe((list) => {
      if (list) render(popover, key, list);
      placePopover(popover, trigger);
    }),
  };
  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      void create(popover, key, form);
    },
    { signal },
  );
  part(popover, 'picker-close').addEventListener('click', () => closePicker(true), { signal });
  document.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target as Node;
      if (!popover.contains(target) && !trigger.contains(target)) closePicker(false);
    },
    { signal },
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closePicker(true);
      }
    },
    { signal },
  );
  // Focus leaving the picker (Tab past its end, a click elsewhere) closes it.
  popover.addEventListener(
    'focusout',
    (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !popover.contains(next) && next !== trigger) closePicker(false);
    },
    { signal },
  );
  addEventListener('pagehide', () => closePicker(false), { signal });

  const focusFirst = () => {
    if (opened?.trigger !== trigger) return;
    const first =
      popover.querySelector<HTMLInputElement>('[data-picker-list]:not([hidden]) input') ??
      form.querySelector('input')!;
    first.focus();
  };
  if (known) focusFirst();
  else
    startCollections().then(focusFirst, (error: unknown) => {
      console.error('Could not load the collections', error);
      if (opened?.trigger !== trigger) return;
      part(popover, 'picker-loading').hidden = true;
      part(popover, 'picker-failed').hidden = false;
      part(popover, 'picker-close').focus();
    });
}
