/*
 * Opening a prompt in an AI assistant through the prefill address each documents: the text
 * rides in the query string, so a long prompt can make an address no server takes. Past
 * MAX_PREFILL_URL_LENGTH the link opens the assistant's new-chat page instead and the card
 * copies the prompt for the member to paste (src/components/PromptPanel.astro).
 */

/** An assistant a prompt can be opened in. */
export interface Assistant {
  id: 'chatgpt' | 'claude';
  name: string;
  /** The address the encoded prompt is appended to. */
  prefill: string;
  /** Where a prompt too long to prefill opens: a new, empty chat. */
  home: string;
}

export const ASSISTANTS: readonly Assistant[] = [
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    prefill: 'https://chatgpt.com/?q=',
    home: 'https://chatgpt.com/',
  },
  {
    id: 'claude',
    name: 'Claude',
    prefill: 'https://claude.ai/new?q=',
    home: 'https://claude.ai/new',
  },
];

/**
 * The longest prefill address a link carries, in characters. Both assistants are served
 * through Cloudflare, whose documented limit for a URL is 16 KB; common web servers and CDNs
 * stop at 8 KB for a request line (nginx's large_client_header_buffers, Fastly's URL limit).
 * The stricter figure leaves room for redirects that repeat the address (a signed-out member
 * is sent to log in with the address as a parameter). docs/prompts.md says how it was chosen.
 */
export const MAX_PREFILL_URL_LENGTH = 8000;

/** Where a link to `assistant` goes for `text`, and whether the text travels with it. */
export function assistantLink(
  assistant: Assistant,
  text: string,
  limit = MAX_PREFILL_URL_LENGTH,
): { href: string; prefilled: boolean } {
  const href = assistant.prefill + encodeURIComponent(text);
  return href.length <= limit
    ? { href, prefilled: true }
    : { href: assistant.home, prefilled: false };
}
