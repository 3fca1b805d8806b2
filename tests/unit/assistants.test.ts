import { describe, expect, it } from 'vitest';
import { ASSISTANTS, assistantLink, MAX_PREFILL_URL_LENGTH } from '../../src/lib/assistants.ts';

const [chatgpt, claude] = ASSISTANTS;
if (!chatgpt || !claude) throw new Error('ChatGPT and Claude are the two assistants');

/** A text whose prefill address for `assistant` is exactly `length` characters. */
const textForLength = (prefix: string, length: number) => 'a'.repeat(length - prefix.length);

describe('opening a prompt in an assistant', () => {
  it.each([
    [chatgpt, 'Write a haiku', 'https://chatgpt.com/?q=Write%20a%20haiku'],
    [claude, 'Write a haiku', 'https://claude.ai/new?q=Write%20a%20haiku'],
    // Everything the query string could misread is encoded: & would start a new parameter, #
    // would end the query, + would read as a space, and line breaks survive.
    [
      chatgpt,
      'A & B #1 + {{NAME}}\nnext',
      'https://chatgpt.com/?q=A%20%26%20B%20%231%20%2B%20%7B%7BNAME%7D%7D%0Anext',
    ],
  ])('%s carries the encoded text: %j', (assistant, text, href) => {
    expect(assistantLink(assistant, text)).toEqual({ href, prefilled: true });
  });

  it.each([
    ['exactly at the limit: prefilled', MAX_PREFILL_URL_LENGTH, true],
    ['one character over: a new chat', MAX_PREFILL_URL_LENGTH + 1, false],
  ])('an address %s', (_, length, prefilled) => {
    for (const assistant of [chatgpt, claude]) {
      const link = assistantLink(assistant, textForLength(assistant.prefill, length));
      expect(link.prefilled).toBe(prefilled);
      expect(link.href).toBe(
        prefilled ? assistant.prefill + textForLength(assistant.prefill, length) : assistant.home,
      );
    }
  });

  it('measures the encoded address, not the text: é is six characters in a URL', () => {
    const fits = Math.floor((MAX_PREFILL_URL_LENGTH - claude.prefill.length) / 6);
    expect(assistantLink(claude, 'é'.repeat(fits)).prefilled).toBe(true);
    expect(assistantLink(claude, 'é'.repeat(fits + 1))).toEqual({
      href: claude.home,
      prefilled: false,
    });
  });

  it('takes a limit for other hosts', () => {
    expect(assistantLink(chatgpt, 'hello', 20)).toEqual({ href: chatgpt.home, prefilled: false });
    expect(assistantLink(chatgpt, 'hello', 28)).toEqual({
      href: 'https://chatgpt.com/?q=hello',
      prefilled: true,
    });
  });
});
