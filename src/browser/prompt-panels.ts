/*
 * The <prompt-panel> element of src/components/PromptPanelView.astro: fills a prompt's variables,
 * and copies, opens and exports it. A page of forty prompts pays for none of the forms and menus
 * until a member uses one: they are cloned then from the page's templates
 * (src/components/PromptPanelParts.astro), and each panel's start is a few attribute reads. Loaded
 * by PromptPanel.astro on the prompt pages, and by the landing page's sample card as it nears the
 * screen (src/components/SamplePromptCard.astro).
 */
import {
  assistantLink,
  assistantsFor,
  clipboardFallback,
  type Assistant,
  ASSISTANTS,
  type PromptAudience,
} from '../lib/assistants.ts';
import { writeClipboard } from '../lib/clipboard.ts';
import { PROMPT_ASSISTANT_KEY, PROMPT_VALUES_KEY } from '../lib/constants.ts';
import {
  builtInValues,
  promptFields,
  type PromptField,
  type VariableNotes,
} from '../lib/placeholders.ts';
import { prefill, type PrefillSource } from '../lib/my-details.ts';
import { parsePromptValues, writePromptValues, type VariableValues } from '../lib/prompt-values.ts';
import { afterLoad } from './paint-timing.ts';
import { inBatches } from './batches.ts';
import { showToast } from '../stores/toasts.ts';
import { download } from './download.ts';
import { keepPlaced } from './place-popover.ts';
// Every panel holds a Copy button (CopyButtonView.astro): whoever loads the panel loads it too.
import './copy-buttons.ts';
import './toaster.ts';

/** Every prompt's remembered values, read from storage once per page, not once per card. */
let stored: Record<string, VariableValues> | undefined;
function storedValues(key: string): VariableValues {
  if (!stored) {
    try {
      stored = parsePromptValues(localStorage.getItem(PROMPT_VALUES_KEY));
    } catch {
      stored = {};
    }
  }
  return { ...stored[key] };
}

/** The member's details (/account), read once per page after it has loaded; {} for a visitor. */
let details: Promise<Readonly<Record<string, string>>> | undefined;
function memberDetails(): Promise<Readonly<Record<string, string>>> {
  details ??= new Promise<void>((resolve) => afterLoad(resolve))
    .then(() => import('./my-details.ts'))
    .then((module) => module.loadDetailValues())
    .catch(() => ({}));
  return details;
}

function lastAssistant(): string | null {
  try {
    return localStorage.getItem(PROMPT_ASSISTANT_KEY);
  } catch {
    return null;
  }
}

function part(name: string): HTMLElement {
  const template = document.querySelector<HTMLTemplateElement>(
    `template[data-prompt-part="${name}"]`,
  );
  const element = template?.content.firstElementChild?.cloneNode(true);
  if (!(element instanceof HTMLElement)) throw new Error(`prompt panel: no ${name} template`);
  return element;
}

let serial = 0;

/** Panels started a few a task: forty at once made one of a prompt page's long tasks. */
const queueStart = inBatches<PromptPanel>(4, (panel) => panel.start());

/** The prompt's text, filled as the member types, with what to do with it. */
class PromptPanel extends HTMLElement {
  #text: HTMLElement | null = null;
  #form: HTMLFormElement | null = null;
  /** What the member typed into this prompt, by variable. */
  #typed: VariableValues = {};
  #details: Readonly<Record<string, string>> = {};
  #builtIns: Readonly<Record<string, string>> = {};
  #listening: AbortController | undefined;
  #uid = `prompt-panel-${++serial}`;

  #started = false;

  /**
   * Started a few panels a task (its buttons are rendered disabled until then); a panel moved in
   * the document is not started again.
   */
  connectedCallback(): void {
    if (!this.#started) queueStart(this);
  }

  start(): void {
    if (this.#started || !this.isConnected) return;
    this.#started = true;
    this.#text = this.querySelector('[data-prompt-text]');
    this.#typed = storedValues(this.#key);
    this.#builtIns = builtInValues(new Date());
    this.#listening = new AbortController();
    const { signal } = this.#listening;
    this.addEventListener('click', (event) => this.#clicked(event), { signal });
    // Find in the page revealed words past the preview: the card shows the whole prompt.
    this.addEventListener(
      'beforematch',
      () => {
        const expand = this.querySelector<HTMLButtonElement>('[data-expand]');
        if (expand && expand.getAttribute('aria-expanded') !== 'true') {
          this.#setExpanded(expand, true);
        }
      },
      { signal },
    );
    // The direct links' addresses are made when a member may use them: encoding forty long
    // prompts as the page opens blocked it.
    for (const type of ['pointerover', 'focusin', 'contextmenu', 'pointerdown']) {
      this.addEventListener(type, (event) => this.#approached(event), { signal });
    }
    this.#fill();
    if (this.dataset.details !== 'off') {
      void memberDetails().then((found) => {
        if (Object.keys(found).length === 0 || !this.isConnected) return;
        this.#details = found;
        this.#fill();
        this.#showSources();
      });
    }
    if ('fillOpen' in this.dataset) this.#openForm(false);
    // Rendered disabled: a press before this ran was lost.
    this.querySelectorAll<HTMLButtonElement>('button[disabled]').forEach((button) => {
      if (!button.hasAttribute('data-copy-source')) button.disabled = false;
    });
  }

  disconnectedCallback(): void {
    this.#listening?.abort();
    this.#started = false;
  }

  get #key(): string {
    return this.dataset.storageKey ?? '';
  }

  get #audience(): PromptAudience {
    return this.dataset.audience === 'code' ? 'code' : 'chat';
  }

  #parsedNotes: VariableNotes | undefined;
  /** The front matter's hints, defaults and choices, parsed on first use. */
  get #notes(): VariableNotes {
    if (this.#parsedNotes) return this.#parsedNotes;
    try {
      this.#parsedNotes = JSON.parse(this.dataset.variables ?? '{}') as VariableNotes;
    } catch {
      this.#parsedNotes = {};
    }
    return this.#parsedNotes;
  }

  /** The prompt as written, placeholders and all, whatever is filled in now. */
  get #source(): string {
    const source = (parent: Node): string => {
      let text = '';
      for (const node of parent.childNodes) {
        if (!(node instanceof HTMLElement)) text += node.textContent ?? '';
        else if (node.dataset.variable !== undefined) text += `{{${node.dataset.variable}}}`;
        // The part of a long prompt past its preview (src/components/PromptPanelView.astro).
        else text += source(node);
      }
      return text;
    };
    return this.#text ? source(this.#text) : '';
  }

  /** The prompt as it would be copied now. */
  get #filled(): string {
    return this.#text?.textContent ?? '';
  }

  /** The value a variable has now, and where it came from. */
  #value(name: string): { value: string; source: PrefillSource } {
    const builtIn = this.#builtIns[name];
    if (builtIn !== undefined) return { value: builtIn, source: 'default' };
    return prefill(name, {
      typed: this.#typed[name],
      details: this.#details,
      fallback: this.#notes[name]?.default,
    });
  }

  /** Puts the values into the text. */
  #fill(): void {
    const marks = this.#text?.querySelectorAll<HTMLElement>('mark[data-variable]') ?? [];
    for (const mark of marks) {
      const name = mark.dataset.variable ?? '';
      const { value } = this.#value(name);
      const filled = value.trim() !== '';
      const text = filled ? value : `{{${name}}}`;
      if (mark.textContent !== text) mark.textContent = text;
      mark.toggleAttribute('data-filled', filled);
    }
    this.#showStatus();
  }

  #showStatus(): void {
    const status = this.#form?.querySelector('[data-fill-status]');
    if (!status || !this.#form) return;
    const names = this.#formFields().map((field) => field.name);
    const done = names.filter((name) => this.#value(name).value.trim() !== '').length;
    status.textContent = `${done} of ${names.length} filled`;
  }

  /** Marks the fields whose value comes from the member's details. */
  #showSources(): void {
    for (const field of this.#formFields()) {
      const { value, source: from } = this.#value(field.name);
      this.#markSource(field, from === 'details');
      if (from === 'details' && field.value !== value) field.value = value;
      // Emptied by the member, a field shows what the details put back in the text.
      const detail = this.#details[field.name];
      if (field instanceof HTMLTextAreaElement) field.placeholder = detail ?? '';
    }
  }

  #formFields(): (HTMLTextAreaElement | HTMLSelectElement)[] {
    return this.#form
      ? [
          ...this.#form.querySelectorAll<HTMLTextAreaElement | HTMLSelectElement>(
            'textarea, select',
          ),
        ]
      : [];
  }

  #clicked(event: Event): void {
    const target = event.target as Element;
    const link = target.closest<HTMLAnchorElement>('a[data-assistant]');
    if (link) return this.#opening(link);
    const button = target.closest<HTMLButtonElement>('button');
    if (!button) return;
    if (button.matches('[data-expand]')) this.#toggleExpanded(button);
    else if (button.matches('[data-fill-toggle]')) this.#toggleForm(button);
    else if (button.matches('[data-menu-button]') && !button.hasAttribute('data-attached')) {
      // Pressed without a pointer or focus first (assistive technology): ready it and press it.
      this.#readyMenu(button);
      button.click();
    } else if (button.dataset.export) void this.#export(button.dataset.export);
  }

  /** A pointer or the focus nearing a link or menu: its address and list are made now. */
  #approached(event: Event): void {
    const target = event.target as Element;
    const link = target.closest<HTMLAnchorElement>('a[data-assistant]');
    if (link) this.#link(link);
    const button = target.closest<HTMLButtonElement>('button[data-menu-button]');
    if (button && !button.hasAttribute('data-attached')) this.#readyMenu(button);
  }

  /** Points an assistant's link at the filled prompt, or at a new chat when it cannot carry it. */
  #link(link: HTMLAnchorElement): void {
    const assistant = ASSISTANTS.find(({ id }) => id === link.dataset.assistant);
    if (!assistant) return;
    const opened = assistantLink(assistant, this.#filled);
    if (link.getAttribute('href') !== opened.href) link.href = opened.href;
    link.dataset.prefilled = String(opened.prefilled);
  }

  /** A member opening an assistant: remembered, and the clipboard holds what the link cannot. */
  #opening(link: HTMLAnchorElement): void {
    const assistant = ASSISTANTS.find(({ id }) => id === link.dataset.assistant);
    if (!assistant) return;
    this.#link(link);
    try {
      localStorage.setItem(PROMPT_ASSISTANT_KEY, assistant.id);
    } catch {
      // Not remembered: the menu keeps its own order.
    }
    const opened = assistantLink(assistant, this.#filled);
    if (opened.prefilled) return;
    void writeClipboard(this.#filled, { clipboard: navigator.clipboard, document }).then((copied) =>
      showToast(clipboardFallback(assistant, opened.reason, copied)),
    );
  }

  /**
   * Gives a menu its list, drawn when it opens. The holder is a <nav-menu>
   * (src/browser/menus.ts, on every page), which works it as the navigation's menus.
   */
  #readyMenu(button: HTMLButtonElement): void {
    const holder = button.closest<HTMLElement & { ready?: () => void }>('[data-panel-menu]');
    if (!holder?.ready) return;
    button.dataset.attached = '';
    const list = part('menu');
    list.hidden = true;
    list.id = `${this.#uid}-${holder.dataset.panelMenu}`;
    button.id ||= `${list.id}-button`;
    list.setAttribute('aria-labelledby', button.id);
    button.setAttribute('aria-controls', list.id);
    holder.append(list);
    holder.addEventListener('menu-open', () =>
      holder.dataset.panelMenu === 'export' ? this.#drawExports(list) : this.#drawAssistants(list),
    );
    holder.addEventListener('menu-shown', () => keepPlaced(list, button));
    holder.ready();
  }

  /** The assistants for this prompt, the member's last choice first, each link made now. */
  #drawAssistants(list: HTMLElement): void {
    const last = lastAssistant();
    const assistants = assistantsFor(this.#audience, last);
    const text = this.#filled;
    list.replaceChildren(
      ...assistants.map((assistant, index) => {
        const item = part('menu-link') as HTMLAnchorElement;
        const opened = assistantLink(assistant, text);
        item.href = opened.href;
        item.dataset.assistant = assistant.id;
        item.dataset.prefilled = String(opened.prefilled);
        if (!assistant.app) {
          item.target = '_blank';
          item.rel = 'noopener noreferrer';
        }
        this.#slot(item, 'name', assistant.name);
        this.#slot(item, 'note', this.#assistantNote(assistant, opened.prefilled, index, last));
        return item;
      }),
    );
  }

  #assistantNote(
    assistant: Assistant,
    prefilled: boolean,
    index: number,
    last: string | null,
  ): string {
    const notes: string[] = [];
    if (index === 0 && assistant.id === last) notes.push('last used');
    if (!prefilled) notes.push('copies, then opens');
    else if (assistant.note) notes.push(assistant.note);
    return notes.join(' · ');
  }

  #drawExports(list: HTMLElement): void {
    if (list.childElementCount > 0) return;
    const items: [string, string, string][] = [
      ['markdown', 'Markdown file', '.md'],
      ['raycast', 'Raycast snippet', 'opens Raycast'],
      ['cursor', 'Cursor command', '.md'],
      ['claude-skill', 'Claude Skill', '.zip'],
    ];
    list.replaceChildren(
      ...items.map(([target, name, note]) => {
        const item = part('menu-button');
        item.dataset.export = target;
        this.#slot(item, 'name', name);
        this.#slot(item, 'note', note);
        return item;
      }),
    );
  }

  #slot(item: HTMLElement, name: string, text: string): void {
    const slot = item.querySelector<HTMLElement>(`[data-slot="${name}"]`);
    if (!slot) return;
    slot.textContent = text;
    slot.hidden = text === '';
  }

  #toggleExpanded(button: HTMLButtonElement): void {
    this.#setExpanded(button, button.getAttribute('aria-expanded') !== 'true');
  }

  /** Shows the whole prompt or its preview; the rest stays findable in the page while hidden. */
  #setExpanded(button: HTMLButtonElement, expanded: boolean): void {
    button.setAttribute('aria-expanded', String(expanded));
    this.#text?.toggleAttribute('data-collapsed', !expanded);
    const rest = this.#text?.querySelector('[data-prompt-rest]');
    if (expanded) rest?.removeAttribute('hidden');
    else rest?.setAttribute('hidden', 'until-found');
    const label = button.querySelector('[data-expand-label]');
    if (label) label.textContent = expanded ? 'Collapse' : 'Expand';
    // Collapsing a long prompt read to its end must not leave the member far below its card.
    if (!expanded && this.getBoundingClientRect().top < 0) {
      this.scrollIntoView({ block: 'start' });
    }
  }

  #toggleForm(button: HTMLButtonElement): void {
    if (!this.#form) return this.#openForm(true);
    const open = this.#form.hidden;
    this.#form.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) this.#formFields()[0]?.focus();
  }

  /** Draws the fill-in form, once, from the page's templates, and shows it. */
  #openForm(focus: boolean): void {
    const form = part('form') as HTMLFormElement;
    form.id = `${this.#uid}-fill`;
    form.setAttribute('aria-label', `Fill in: ${this.dataset.title ?? ''}`);
    const fields = promptFields(this.#source, this.#notes);
    form
      .querySelector('[data-slot="fields"]')
      ?.replaceChildren(...fields.map((field) => this.#field(field)));
    form.addEventListener('input', (event) => this.#typedInto(event.target));
    form.addEventListener('change', (event) => this.#typedInto(event.target));
    form.addEventListener('submit', (event) => event.preventDefault());
    form.addEventListener('reset', (event) => {
      event.preventDefault();
      this.#clear();
    });
    this.#form = form;
    this.#text?.parentElement?.before(form);
    const toggle = this.querySelector<HTMLButtonElement>('[data-fill-toggle]');
    toggle?.setAttribute('aria-controls', form.id);
    toggle?.setAttribute('aria-expanded', 'true');
    this.#showStatus();
    this.#showSources();
    if (focus) this.#formFields()[0]?.focus();
  }

  #field({ name, label, hint, choices, long }: PromptField): HTMLElement {
    const wrapper = part('field');
    const input = part(choices ? 'choice' : 'text');
    if (!(input instanceof HTMLTextAreaElement || input instanceof HTMLSelectElement)) {
      throw new Error('prompt panel: a field template holds no control');
    }
    wrapper.querySelector('[data-slot="control"]')?.replaceWith(input);
    // A long text: a wider field and a taller box (src/components/PromptPanelParts.astro).
    if (long && input instanceof HTMLTextAreaElement) {
      wrapper.toggleAttribute('data-long', true);
      input.rows = 4;
    }
    const id = `${this.#uid}-var-${name}`;
    const labelElement = wrapper.querySelector('label');
    if (labelElement) {
      labelElement.htmlFor = id;
      labelElement.textContent = label;
    }
    input.id = id;
    input.name = name;
    const { value } = this.#value(name);
    if (input instanceof HTMLSelectElement) {
      // A value typed before the choices existed stays selectable rather than lost.
      const options = choices && value && !choices.includes(value) ? [...choices, value] : choices;
      for (const choice of options ?? []) input.append(new Option(choice, choice));
    }
    input.value = value;
    const described: string[] = [];
    const hintElement = wrapper.querySelector<HTMLElement>('[data-fill-hint]');
    if (hint && hintElement) {
      hintElement.id = `${id}-hint`;
      hintElement.textContent = hint;
      described.push(hintElement.id);
    } else hintElement?.remove();
    const source = wrapper.querySelector<HTMLElement>('[data-fill-source]');
    if (source) {
      source.id = `${id}-source`;
      source.hidden = true;
    }
    if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
    return wrapper;
  }

  #typedInto(target: EventTarget | null): void {
    if (!(target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) return;
    this.#typed[target.name] = target.value;
    this.#changed();
    this.#markSource(target, this.#value(target.name).source === 'details');
  }

  /**
   * Shows or hides a field's "From My details" line, and names it in the field's description
   * only while shown: a description read from a hidden element is still read out.
   */
  #markSource(field: HTMLTextAreaElement | HTMLSelectElement, fromDetails: boolean): void {
    const source = field
      .closest('[data-fill-field]')
      ?.querySelector<HTMLElement>('[data-fill-source]');
    if (!source) return;
    source.hidden = !fromDetails;
    const ids = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id !== '' && id !== source.id);
    if (fromDetails) ids.push(source.id);
    if (ids.length > 0) field.setAttribute('aria-describedby', ids.join(' '));
    else field.removeAttribute('aria-describedby');
  }

  #changed(): void {
    this.#fill();
    writePromptValues(localStorage, PROMPT_VALUES_KEY, this.#key, this.#typed);
    if (stored) stored[this.#key] = { ...this.#typed };
    this.querySelectorAll<HTMLAnchorElement>('a[data-assistant]').forEach((link) =>
      this.#link(link),
    );
  }

  /** Clear values: forgets what was typed; details and defaults fill in again. */
  #clear(): void {
    this.#typed = {};
    for (const field of this.#formFields()) field.value = this.#value(field.name).value;
    this.#changed();
    this.#showSources();
  }

  async #export(target: string): Promise<void> {
    if (target === 'markdown') return this.#download();
    const { exportPrompts } = await import('./prompt-export.ts');
    const [catalogue = '', id = ''] = this.#key.split('/');
    await exportPrompts(
      target as 'raycast' | 'cursor' | 'claude-skill',
      [
        {
          catalogue,
          id,
          title: this.dataset.title ?? id,
          description: this.dataset.description ?? '',
          prompt: this.#source,
          variables: this.#notes,
        },
      ],
      { [this.#key]: this.#currentValues() },
    );
  }

  /**
   * Every variable's value now, typed, from the details or a default: what an export carries. Not
   * the built-ins: a snippet or a command is used again on later days, so {{TODAY}} stays a
   * placeholder there.
   */
  #currentValues(): Record<string, string> {
    const names = new Set(
      [...(this.#text?.querySelectorAll<HTMLElement>('mark[data-variable]') ?? [])].map(
        (mark) => mark.dataset.variable ?? '',
      ),
    );
    return Object.fromEntries(
      [...names]
        .filter((name) => this.#builtIns[name] === undefined)
        .map((name) => [name, this.#value(name).value] as const)
        .filter(([, value]) => value.trim() !== ''),
    );
  }

  #download(): void {
    download(`${this.#filled}\n`, this.dataset.file ?? 'prompt.md', 'text/markdown');
  }
}
customElements.define('prompt-panel', PromptPanel);
