import { writeClipboard } from '../lib/clipboard.ts';
import { COPY_FEEDBACK_MS } from '../lib/constants.ts';
import { showToast } from '../stores/toasts.ts';
import './toaster.ts';

const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

function setCopied(button: HTMLElement, copied: boolean): void {
  const label = button.querySelector('[data-copy-label]');
  button.dataset.state = copied ? 'copied' : 'idle';
  if (label) {
    label.textContent = copied
      ? (button.dataset.copiedLabel ?? 'Copied')
      : (button.dataset.label ?? 'Copy');
  }
}

/** What a button copies: the page's address (an entry's 'Copy link') or its source's text. */
function textOf(button: HTMLElement): string | undefined {
  if ('copyLink' in button.dataset) return location.origin + location.pathname;
  return document.getElementById(button.dataset.copySource ?? '')?.textContent ?? undefined;
}

async function copyFrom(button: HTMLElement): Promise<void> {
  const text = textOf(button);
  if (text === undefined) {
    console.error(`Copy failed: no element #${button.dataset.copySource ?? ''}`);
    return;
  }
  const copied = await writeClipboard(text, {
    clipboard: navigator.clipboard,
    document,
  });
  if (!copied) {
    // A refused copy stays out of the member's way (the button simply does not confirm): console only.
    console.error('Copy failed: the browser refused clipboard access');
    return;
  }
  setCopied(button, true);
  clearTimeout(timers.get(button));
  timers.set(
    button,
    setTimeout(() => setCopied(button, false), COPY_FEEDBACK_MS),
  );
  if ('copyToast' in button.dataset) {
    showToast({
      title: 'Copied to clipboard',
      description: 'The prompt has been copied to your clipboard.',
    });
  }
}

/**
 * A copy button (src/components/CopyButton.astro). Buttons in content inserted later (decrypted
 * members' content, search results) are upgraded as they are inserted, so they work without
 * re-wiring. The copy starts inside the click handler, as the Clipboard API needs.
 */
class CopyButton extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector<HTMLButtonElement>('button[data-copy-source]');
    if (!button) return;
    button.onclick = () => void copyFrom(button);
    // Rendered disabled: a click before this ran was lost.
    button.disabled = false;
  }
}

customElements.define('copy-button', CopyButton);
