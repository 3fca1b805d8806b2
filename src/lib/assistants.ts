/*
 * The AI assistants a prompt can be opened in, each with the prefill address it documents and
 * the longest address it takes. The text rides in the address, so a long prompt can make one no
 * server accepts: past an assistant's limit its link opens a new chat instead and the card copies
 * the prompt for the member to paste (src/browser/prompt-panels.ts). Assistants with no reliable
 * prefill open their new chat, the prompt on the clipboard. docs/prompts.md says where each
 * address and limit comes from.
 */

/** What an assistant is for: the order a prompt's menu lists them in depends on it. */
export type AssistantRole = 'chat' | 'code' | 'builder';

/** An assistant a prompt can be opened in. */
export interface Assistant {
  id: string;
  name: string;
  role: AssistantRole;
  /** The address the encoded prompt is appended to; none when it has no reliable prefill. */
  prefill?: string | undefined;
  /** Where a prompt opens when it cannot ride in the address: a new, empty chat. */
  home: string;
  /** The longest prefill address, in characters, after encoding. */
  limit: number;
  /** An app's own scheme (vscode:): the link hands over to the app, no new tab. */
  app?: boolean | undefined;
  /** What opening it does beyond filling a chat, said beside its name in the menu. */
  note?: string | undefined;
}

/**
 * Where documentation or measurement gives no figure, 2,000 characters: the limit Perplexity
 * answers past with 414 and the one old browsers and proxies kept. ChatGPT and Claude are
 * served through Cloudflare (16 KB) and keep below common 8 KB request-line limits; ChatGPT has
 * been seen to drop longer q= values, so 7,500. Cursor documents 8,000 after encoding.
 */
const UNMEASURED = 2000;

/** Every assistant, in the order chat prompts list them. */
export const ASSISTANTS: readonly Assistant[] = [
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    role: 'chat',
    prefill: 'https://chatgpt.com/?q=',
    home: 'https://chatgpt.com/',
    limit: 7500,
  },
  {
    id: 'claude',
    name: 'Claude',
    role: 'chat',
    prefill: 'https://claude.ai/new?q=',
    home: 'https://claude.ai/new',
    limit: 8000,
  },
  {
    id: 'gemini',
    name: 'Gemini',
    role: 'chat',
    home: 'https://gemini.google.com/app',
    limit: 0,
  },
  {
    id: 'ai-studio',
    name: 'Google AI Studio',
    role: 'chat',
    prefill: 'https://aistudio.google.com/prompts/new_chat?prompt=',
    home: 'https://aistudio.google.com/prompts/new_chat',
    limit: UNMEASURED,
  },
  {
    id: 'copilot',
    name: 'Microsoft Copilot',
    role: 'chat',
    prefill: 'https://copilot.microsoft.com/?q=',
    home: 'https://copilot.microsoft.com/',
    limit: UNMEASURED,
  },
  {
    id: 'perplexity',
    name: 'Perplexity',
    role: 'chat',
    prefill: 'https://www.perplexity.ai/search?q=',
    home: 'https://www.perplexity.ai/',
    limit: UNMEASURED,
  },
  {
    id: 'le-chat',
    name: 'Le Chat (Mistral)',
    role: 'chat',
    prefill: 'https://chat.mistral.ai/chat?q=',
    home: 'https://chat.mistral.ai/chat',
    limit: UNMEASURED,
  },
  {
    id: 'grok',
    name: 'Grok',
    role: 'chat',
    prefill: 'https://grok.com/?q=',
    home: 'https://grok.com/',
    limit: UNMEASURED,
  },
  {
    id: 'deepseek',
    name: 'DeepSeek',
    role: 'chat',
    home: 'https://chat.deepseek.com/',
    limit: 0,
  },
  {
    id: 'cursor',
    name: 'Cursor',
    role: 'code',
    prefill: 'https://cursor.com/link/prompt?text=',
    home: 'https://cursor.com/',
    limit: 8000,
    note: 'asks before it runs',
  },
  {
    id: 'vscode',
    name: 'VS Code (Copilot Chat)',
    role: 'code',
    prefill: 'vscode://GitHub.Copilot-Chat/chat?prompt=',
    home: 'vscode://GitHub.Copilot-Chat/chat',
    limit: UNMEASURED,
    app: true,
    note: 'opens the app',
  },
  {
    id: 'github-copilot',
    name: 'GitHub Copilot',
    role: 'code',
    prefill: 'https://github.com/copilot?prompt=',
    home: 'https://github.com/copilot',
    limit: UNMEASURED,
  },
  {
    id: 'v0',
    name: 'v0',
    role: 'builder',
    prefill: 'https://v0.app/chat?q=',
    home: 'https://v0.app/chat',
    limit: UNMEASURED,
  },
  {
    id: 'bolt',
    name: 'Bolt',
    role: 'builder',
    prefill: 'https://bolt.new/?prompt=',
    home: 'https://bolt.new/',
    limit: UNMEASURED,
  },
  {
    id: 'lovable',
    name: 'Lovable',
    role: 'builder',
    prefill: 'https://lovable.dev/?autosubmit=true#prompt=',
    home: 'https://lovable.dev/',
    limit: UNMEASURED,
    note: 'starts building at once',
  },
];

/** The two assistants every prompt card links to directly, one click away. */
export const DIRECT_ASSISTANTS: readonly Assistant[] = ASSISTANTS.filter(
  ({ id }) => id === 'chatgpt' || id === 'claude',
);

/** What a prompt is written for: dev prompts want coding assistants and app builders first. */
export type PromptAudience = 'chat' | 'code';

const ROLE_ORDER: Record<PromptAudience, readonly AssistantRole[]> = {
  chat: ['chat'],
  code: ['code', 'builder', 'chat'],
};

/**
 * The assistants a prompt's menu offers, in order: chat assistants for text and video prompts;
 * coding assistants, then app builders, then chat assistants for dev prompts. The member's last
 * choice, when it is among them, comes first.
 */
export function assistantsFor(audience: PromptAudience, lastUsed?: string | null): Assistant[] {
  const roles = ROLE_ORDER[audience];
  const listed: Assistant[] = roles.flatMap((role) =>
    ASSISTANTS.filter((assistant) => assistant.role === role),
  );
  const last = listed.findIndex(({ id }) => id === lastUsed);
  if (last > 0) listed.unshift(...listed.splice(last, 1));
  return listed;
}

/** Why a link does not carry the prompt, when it does not. */
export type NotPrefilled = 'too-long' | 'no-prefill';

/** Where a link to `assistant` goes for `text`, and whether the text travels with it. */
export function assistantLink(
  assistant: Assistant,
  text: string,
): { href: string; prefilled: true } | { href: string; prefilled: false; reason: NotPrefilled } {
  if (!assistant.prefill) return { href: assistant.home, prefilled: false, reason: 'no-prefill' };
  const href = assistant.prefill + encodeURIComponent(text);
  return href.length <= assistant.limit
    ? { href, prefilled: true }
    : { href: assistant.home, prefilled: false, reason: 'too-long' };
}

/** '8,000': formatted by hand, as Intl's first use costs tens of milliseconds on a phone. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The toast a member sees when the prompt went to the clipboard instead of the address. */
export function clipboardFallback(
  assistant: Assistant,
  reason: NotPrefilled,
  copied: boolean,
): { title: string; description: string } {
  const why =
    reason === 'too-long'
      ? `This prompt is longer than a link to ${assistant.name} can carry (${formatCount(assistant.limit)} characters)`
      : `${assistant.name} cannot be opened with a prompt filled in`;
  return copied
    ? {
        title: `Copied: paste it into ${assistant.name}`,
        description: `${why}, so it is on your clipboard. Paste it into the new chat.`,
      }
    : {
        title: `Copy the prompt, then paste it into ${assistant.name}`,
        description: `${why}, and the browser refused the clipboard: use Copy, then paste it into the new chat.`,
      };
}
