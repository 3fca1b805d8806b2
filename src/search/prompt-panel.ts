import { isLongPrompt, promptFields, segments, type VariableNotes } from '../lib/placeholders.ts';

/*
 * A prompt panel for a prompt known only in the browser (a search result), from the
 * <template> of src/components/PromptPanel.astro drawn with every part (`skeleton`): the same
 * markup the pages render, given this prompt's text, variables and ids. The <prompt-panel>
 * element then works as on the pages.
 */

/** What a panel shows, and where its values are remembered. */
export interface PanelPrompt {
  /** Unique on the page: the panel's element ids start with it. */
  uid: string;
  /** The prompt's entry id: a download is named after it. */
  id: string;
  /** Catalogue and entry id, as the prompt's own card remembers its values. */
  storageKey: string;
  title: string;
  prompt: string;
  /** The prompt's front-matter hints and defaults, as its own card has them. */
  variables?: VariableNotes | undefined;
  /** Dev prompts say 'Copied!'; text and video prompts show the toast. */
  feedback: 'toast' | 'label';
  /** What it produces, for the exports. */
  description?: string | undefined;
}

const one = <T extends Element>(root: ParentNode, selector: string): T => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`prompt panel template: no ${selector}`);
  return found;
};

/** Fills a fresh copy of the panel template with this prompt, and returns it. */
export function promptPanel(panel: DocumentFragment, prompt: PanelPrompt): DocumentFragment {
  const root = one<HTMLElement>(panel, 'prompt-panel');
  root.dataset.storageKey = prompt.storageKey;
  root.dataset.file = `${prompt.id}.md`;

  const text = one<HTMLElement>(panel, '[data-prompt-text]');
  const mark = one<HTMLElement>(text, 'mark');
  text.id = `${prompt.uid}-text`;
  text.replaceChildren(
    ...segments(prompt.prompt).map((part) => {
      if (!part.variable) return document.createTextNode(part.text);
      const placeholder = mark.cloneNode() as HTMLElement;
      placeholder.dataset.variable = part.variable;
      placeholder.textContent = part.text;
      return placeholder;
    }),
  );
  const expand = one<HTMLElement>(panel, '[data-expand]');
  if (isLongPrompt(prompt.prompt)) {
    expand.setAttribute('aria-controls', text.id);
  } else {
    text.removeAttribute('data-collapsed');
    expand.remove();
  }

  const copy = one<HTMLElement>(panel, '[data-copy-source]');
  copy.dataset.copySource = text.id;
  copy.setAttribute('aria-label', `Copy prompt: ${prompt.title}`);
  if (prompt.feedback === 'label') {
    copy.dataset.copiedLabel = 'Copied!';
    delete copy.dataset.copyToast;
  } else {
    copy.dataset.copiedLabel = 'Copied';
    copy.dataset.copyToast = '';
  }

  const fields = promptFields(prompt.prompt, prompt.variables);
  if (prompt.variables && Object.keys(prompt.variables).length > 0) {
    root.dataset.variables = JSON.stringify(prompt.variables);
  }
  root.dataset.title = prompt.title;
  root.dataset.description = prompt.description ?? '';
  root.dataset.audience = prompt.feedback === 'label' ? 'code' : 'chat';
  // The form itself is drawn when the member opens it (src/browser/prompt-panels.ts).
  const toggle = one<HTMLElement>(panel, '[data-fill-toggle]');
  if (fields.length === 0) toggle.remove();
  else one(toggle, '[data-fill-count]').textContent = String(fields.length);
  return panel;
}
