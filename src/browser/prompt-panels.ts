/*
 * The <prompt-panel> element of src/components/PromptPanelView.astro: fills a prompt's variables
 * as the member types, and opens, downloads and (for long prompts) copies it. Loaded by
 * PromptPanel.astro on the prompt pages, and by the landing page's sample card as it nears the
 * screen (src/components/SamplePromptCard.astro).
 */
import { ASSISTANTS, MAX_PREFILL_URL_LENGTH, assistantLink } from '../lib/assistants.ts';
import { writeClipboard } from '../lib/clipboard.ts';
import { PROMPT_VALUES_KEY } from '../lib/constants.ts';
import { readPromptValues, writePromptValues } from '../lib/prompt-values.ts';
import { showToast } from '../stores/toasts.ts';
// Every panel holds a Copy button (CopyButtonView.astro): whoever loads the panel loads it too.
import './copy-buttons.ts';
import './toaster.ts';

/** '8,000': formatted by hand, as Intl's first use costs tens of milliseconds on a phone. */
const LIMIT = String(MAX_PREFILL_URL_LENGTH).replace(/\B(?=(\d{3})+$)/g, ',');

/** The prompt's text, filled as the member types, with what to do with it. */
class PromptPanel extends HTMLElement {
  #text: HTMLElement | null = null;
  #form: HTMLFormElement | null = null;

  connectedCallback(): void {
    this.#text = this.querySelector('[data-prompt-text]');
    this.#form = this.querySelector('form[data-fill]');
    const form = this.#form;
    if (form) {
      const stored = readPromptValues(localStorage, PROMPT_VALUES_KEY, this.#key);
      for (const field of this.#fields()) {
        if (stored[field.name] !== undefined) field.value = stored[field.name]!;
      }
      form.addEventListener('input', () => this.#changed());
      form.addEventListener('submit', (event) => event.preventDefault());
      // After the reset has put back the defaults.
      form.addEventListener('reset', () => setTimeout(() => this.#changed()));
    }
    this.#fill();
    this.querySelector('[data-expand]')?.addEventListener('click', (event) =>
      this.#toggleExpanded(event.currentTarget as HTMLButtonElement),
    );
    this.querySelector('[data-fill-toggle]')?.addEventListener('click', (event) =>
      this.#toggleForm(event.currentTarget as HTMLButtonElement),
    );
    this.querySelector('[data-download]')?.addEventListener('click', () => this.#download());
    // The links' addresses are made when a member may use them (pointer, focus, context menu,
    // click) and as they type: encoding forty long prompts as the page opens blocked it.
    this.querySelectorAll<HTMLAnchorElement>('a[data-assistant]').forEach((link) => {
      for (const type of ['pointerenter', 'focus', 'contextmenu']) {
        link.addEventListener(type, () => this.#link(link));
      }
      link.addEventListener('click', () => {
        this.#link(link);
        this.#openingLongPrompt(link);
      });
      // A member may already be pointing at the link, or be on it, when this script arrives.
      if (link.matches(':hover, :focus')) this.#link(link);
    });
    this.querySelectorAll<HTMLButtonElement>('button[disabled]').forEach((button) => {
      if (!button.hasAttribute('data-copy-source')) button.disabled = false;
    });
  }

  get #key(): string {
    return this.dataset.storageKey ?? '';
  }

  #fields(): HTMLTextAreaElement[] {
    return this.#form ? [...this.#form.querySelectorAll('textarea')] : [];
  }

  #values(): Record<string, string> {
    return Object.fromEntries(this.#fields().map((field) => [field.name, field.value]));
  }

  #changed(): void {
    this.#fill();
    this.querySelectorAll<HTMLAnchorElement>('a[data-assistant]').forEach((link) =>
      this.#link(link),
    );
    writePromptValues(localStorage, PROMPT_VALUES_KEY, this.#key, this.#values());
  }

  /** Puts the values into the text. */
  #fill(): void {
    const values = this.#values();
    const marks = this.querySelectorAll<HTMLElement>('mark[data-variable]');
    for (const mark of marks) {
      const name = mark.dataset.variable ?? '';
      const value = values[name] ?? '';
      const filled = value.trim() !== '';
      const text = filled ? value : `{{${name}}}`;
      if (mark.textContent !== text) mark.textContent = text;
      mark.toggleAttribute('data-filled', filled);
    }
    const names = Object.keys(values);
    const status = this.querySelector('[data-fill-status]');
    if (status) {
      const done = names.filter((name) => values[name]!.trim() !== '').length;
      status.textContent = `${done} of ${names.length} filled`;
    }
  }

  /** Points an assistant's link at the (filled) prompt, or at a new chat when too long. */
  #link(link: HTMLAnchorElement): void {
    const assistant = ASSISTANTS.find(({ id }) => id === link.dataset.assistant);
    if (!assistant) return;
    const { href, prefilled } = assistantLink(assistant, this.#text?.textContent ?? '');
    if (link.href !== href) link.href = href;
    link.dataset.prefilled = String(prefilled);
  }

  #toggleExpanded(button: HTMLButtonElement): void {
    const expanded = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(expanded));
    this.#text?.toggleAttribute('data-collapsed', !expanded);
    const label = button.querySelector('[data-expand-label]');
    if (label) label.textContent = expanded ? 'Collapse' : 'Expand';
    // Collapsing a long prompt read to its end must not leave the member far below its card.
    if (!expanded && this.getBoundingClientRect().top < 0) {
      this.scrollIntoView({ block: 'start' });
    }
  }

  #toggleForm(button: HTMLButtonElement): void {
    if (!this.#form) return;
    const open = this.#form.hidden;
    this.#form.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) this.#fields()[0]?.focus();
  }

  #download(): void {
    const text = this.#text?.textContent ?? '';
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/markdown' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = this.dataset.file ?? 'prompt.md';
    link.click();
    // The download has its own copy of the bytes once it starts.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** A prompt too long for the address: the link opens a new chat, the clipboard has the text. */
  #openingLongPrompt(link: HTMLAnchorElement): void {
    if (link.dataset.prefilled !== 'false') return;
    const name = link.dataset.assistantName ?? 'the assistant';
    void writeClipboard(this.#text?.textContent ?? '', {
      clipboard: navigator.clipboard,
      document,
    }).then((copied) =>
      showToast({
        title: copied
          ? `Copied: paste it into ${name}`
          : `Copy the prompt, then paste it into ${name}`,
        description: copied
          ? `This prompt is longer than a link can carry (${LIMIT} characters), so it is on your clipboard. Paste it into the new chat.`
          : `This prompt is longer than a link can carry (${LIMIT} characters), and the browser refused the clipboard: use Copy, then paste it into the new chat.`,
      }),
    );
  }
}
customElements.define('prompt-panel', PromptPanel);
