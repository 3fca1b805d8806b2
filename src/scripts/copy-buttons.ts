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
    // The spec keeps clipboard failures out of the member's way: console only.
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

/*
 * One delegated listener, so buttons in content inserted later (decrypted members' content)
 * work without re-wiring. The copy starts inside the click handler, as the Clipboard API needs.
 */
document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLElement>('[data-copy-source]');
  if (button) void copyFrom(button);
});
/** Enables the copy buttons in `root`, rendered disabled (src/components/CopyButton.astro). */
function enable(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>('button[data-copy-source]').forEach((button) => {
    button.disabled = false;
  });
}
// They work from now on, those on the page and those added later (a page reopened after a
// failure, search results).
enable(document);
new MutationObserver((mutations) => {
  for (const mutation of mutations) {
    for (const node of mutation.addedNodes) {
      if (node instanceof HTMLButtonElement && node.dataset.copySource !== undefined) {
        node.disabled = false;
      } else if (node instanceof Element) enable(node);
    }
  }
}).observe(document.body, { childList: true, subtree: true });
