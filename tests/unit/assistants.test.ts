import { describe, expect, it } from 'vitest';
import {
  ASSISTANTS,
  DIRECT_ASSISTANTS,
  assistantLink,
  assistantsFor,
  clipboardFallback,
  formatCount,
  type Assistant,
} from '../../src/lib/assistants.ts';

const byId = (id: string): Assistant => {
  const found = ASSISTANTS.find((assistant) => assistant.id === id);
  if (!found) throw new Error(`no assistant ${id}`);
  return found;
};

/** A text of plain letters whose prefill address for `assistant` is exactly `length` long. */
const textForLength = (assistant: Assistant, length: number) =>
  'a'.repeat(length - (assistant.prefill ?? '').length);

const prefilling = ASSISTANTS.filter((assistant) => assistant.prefill !== undefined);

describe('the assistants table', () => {
  it.each([
    ['chatgpt', 'https://chatgpt.com/?q=', 7500],
    ['claude', 'https://claude.ai/new?q=', 8000],
    ['ai-studio', 'https://aistudio.google.com/prompts/new_chat?prompt=', 2000],
    ['copilot', 'https://copilot.microsoft.com/?q=', 2000],
    ['perplexity', 'https://www.perplexity.ai/search?q=', 2000],
    ['le-chat', 'https://chat.mistral.ai/chat?q=', 2000],
    ['grok', 'https://grok.com/?q=', 2000],
    ['cursor', 'https://cursor.com/link/prompt?text=', 8000],
    ['vscode', 'vscode://GitHub.Copilot-Chat/chat?prompt=', 2000],
    ['github-copilot', 'https://github.com/copilot?prompt=', 2000],
    ['v0', 'https://v0.app/chat?q=', 2000],
    ['bolt', 'https://bolt.new/?prompt=', 2000],
    ['lovable', 'https://lovable.dev/?autosubmit=true#prompt=', 2000],
  ])('%s prefills %s up to %i characters', (id, prefill, limit) => {
    expect(byId(id)).toMatchObject({ prefill, limit });
  });

  it('has Gemini and DeepSeek without a prefill: they open a new chat', () => {
    for (const id of ['gemini', 'deepseek']) {
      expect(byId(id).prefill).toBeUndefined();
      expect(assistantLink(byId(id), 'Write a haiku')).toEqual({
        href: byId(id).home,
        prefilled: false,
        reason: 'no-prefill',
      });
    }
  });

  it('has unique ids, and every address is https except an app’s own scheme', () => {
    expect(new Set(ASSISTANTS.map(({ id }) => id)).size).toBe(ASSISTANTS.length);
    for (const assistant of ASSISTANTS) {
      const scheme = assistant.app ? 'vscode:' : 'https:';
      expect(new URL(assistant.home).protocol).toBe(scheme);
      if (assistant.prefill) expect(new URL(assistant.prefill).protocol).toBe(scheme);
    }
  });

  it('keeps ChatGPT and Claude one click away', () => {
    expect(DIRECT_ASSISTANTS.map(({ name }) => name)).toEqual(['ChatGPT', 'Claude']);
  });
});

describe('opening a prompt in an assistant', () => {
  it.each([
    ['chatgpt', 'Write a haiku', 'https://chatgpt.com/?q=Write%20a%20haiku'],
    ['claude', 'Write a haiku', 'https://claude.ai/new?q=Write%20a%20haiku'],
    ['cursor', 'Fix it', 'https://cursor.com/link/prompt?text=Fix%20it'],
    ['lovable', 'A to-do app', 'https://lovable.dev/?autosubmit=true#prompt=A%20to-do%20app'],
    // Everything the query string could misread is encoded: & would start a new parameter, #
    // would end the query, + would read as a space, and line breaks survive.
    [
      'chatgpt',
      'A & B #1 + {{NAME}}\nnext',
      'https://chatgpt.com/?q=A%20%26%20B%20%231%20%2B%20%7B%7BNAME%7D%7D%0Anext',
    ],
  ])('%s carries the encoded text: %j', (id, text, href) => {
    expect(assistantLink(byId(id), text)).toEqual({ href, prefilled: true });
  });

  describe.each(prefilling.map((assistant) => [assistant.name, assistant] as const))(
    '%s',
    (_, assistant) => {
      it.each([
        ['one under its limit: prefilled', -1, true],
        ['exactly at its limit: prefilled', 0, true],
        ['one over its limit: a new chat', 1, false],
      ])('an address %s', (__, offset, prefilled) => {
        const text = textForLength(assistant, assistant.limit + offset);
        const link = assistantLink(assistant, text);
        expect(link.prefilled).toBe(prefilled);
        expect(link.href).toBe(prefilled ? assistant.prefill + text : assistant.home);
        if (!link.prefilled) expect(link.reason).toBe('too-long');
      });
    },
  );

  it('measures the encoded address, not the text: é is six characters in a URL', () => {
    const claude = byId('claude');
    const fits = Math.floor((claude.limit - (claude.prefill ?? '').length) / 6);
    expect(assistantLink(claude, 'é'.repeat(fits)).prefilled).toBe(true);
    expect(assistantLink(claude, 'é'.repeat(fits + 1))).toEqual({
      href: claude.home,
      prefilled: false,
      reason: 'too-long',
    });
  });
});

describe('the assistants a prompt offers', () => {
  const names = (list: Assistant[]) => list.map(({ id }) => id);

  it('lists chat assistants for text and video prompts', () => {
    expect(names(assistantsFor('chat'))).toEqual([
      'chatgpt',
      'claude',
      'gemini',
      'ai-studio',
      'copilot',
      'perplexity',
      'le-chat',
      'grok',
      'deepseek',
    ]);
  });

  it('lists coding assistants, then app builders, then chat assistants for dev prompts', () => {
    expect(names(assistantsFor('code'))).toEqual([
      'cursor',
      'vscode',
      'github-copilot',
      'v0',
      'bolt',
      'lovable',
      'chatgpt',
      'claude',
      'gemini',
      'ai-studio',
      'copilot',
      'perplexity',
      'le-chat',
      'grok',
      'deepseek',
    ]);
  });

  it.each([
    ['chat', 'perplexity', 'perplexity'],
    ['code', 'claude', 'claude'],
    ['chat', 'chatgpt', 'chatgpt'],
    // A choice the list does not hold (a coding assistant for a text prompt), or none, changes
    // nothing.
    ['chat', 'cursor', 'chatgpt'],
    ['chat', null, 'chatgpt'],
    ['code', 'no-such-assistant', 'cursor'],
  ] as const)('for %s prompts, last used %s: %s first', (audience, last, first) => {
    const listed = assistantsFor(audience, last);
    expect(listed[0]?.id).toBe(first);
    expect(new Set(names(listed))).toEqual(new Set(names(assistantsFor(audience))));
  });
});

describe('the clipboard fallback', () => {
  it.each([
    [
      'perplexity',
      'too-long',
      true,
      'Copied: paste it into Perplexity',
      'This prompt is longer than a link to Perplexity can carry (2,000 characters), so it is on your clipboard. Paste it into the new chat.',
    ],
    [
      'gemini',
      'no-prefill',
      true,
      'Copied: paste it into Gemini',
      'Gemini cannot be opened with a prompt filled in, so it is on your clipboard. Paste it into the new chat.',
    ],
    [
      'claude',
      'too-long',
      false,
      'Copy the prompt, then paste it into Claude',
      'This prompt is longer than a link to Claude can carry (8,000 characters), and the browser refused the clipboard: use Copy, then paste it into the new chat.',
    ],
  ] as const)('%s, %s, copied %s', (id, reason, copied, title, description) => {
    expect(clipboardFallback(byId(id), reason, copied)).toEqual({ title, description });
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [2000, '2,000'],
    [1234567, '1,234,567'],
  ])('formats %i as %s', (count, text) => expect(formatCount(count)).toBe(text));
});
