import { config } from '../config.ts';
import { functionPath } from '../members/contract.ts';

/** What the function answers the page (supabase/functions/newsletter-unsubscribe/handler.ts). */
interface Answer {
  unsubscribed?: boolean;
  title?: string;
  message?: string;
}

/**
 * Wires the /unsubscribe page (src/pages/unsubscribe.astro): its button posts the address's id
 * and token to the newsletter-unsubscribe function and shows the outcome in the page's heading
 * and message, the heading focused so a screen reader reads it.
 */
export function wireUnsubscribe(root: HTMLElement): void {
  const heading = root.querySelector<HTMLElement>('h1');
  const message = root.querySelector<HTMLElement>('[data-message]');
  const button = root.querySelector<HTMLButtonElement>('[data-unsubscribe]');
  if (!heading || !message || !button) return;
  const params = new URLSearchParams(location.search);
  const show = (title: string, text: string, done: boolean) => {
    heading.textContent = title;
    message.textContent = text;
    button.hidden = done;
    button.disabled = false;
    button.textContent = 'Unsubscribe';
    heading.focus();
  };
  if (!params.get('u') || !params.get('t')) {
    show(
      'This unsubscribe link is not valid',
      'The link may have been cut short: open the whole link from the e-mail, or turn the newsletter off on your account page.',
      true,
    );
    return;
  }
  button.disabled = false;
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = 'Unsubscribing…';
    const url = new URL(`${config.supabaseUrl}${functionPath('newsletter-unsubscribe')}`);
    url.searchParams.set('u', params.get('u') ?? '');
    url.searchParams.set('t', params.get('t') ?? '');
    void fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
      .then(async (response) => {
        const answer = (await response.json()) as Answer;
        show(
          answer.title ?? 'You could not be unsubscribed just now',
          answer.message ?? 'Nothing was changed. Try again in a moment.',
          answer.unsubscribed === true || response.status === 400,
        );
      })
      .catch(() =>
        show(
          'You could not be unsubscribed just now',
          'The site could not be reached: nothing was changed. Check your connection and try again.',
          false,
        ),
      );
  });
}
