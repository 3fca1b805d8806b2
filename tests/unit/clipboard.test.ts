import { describe, expect, it, vi } from 'vitest';
import { writeClipboard, type ClipboardEnv } from '../../src/lib/clipboard.ts';

function fakeDocument(execResult: boolean | Error) {
  const area = {
    value: '',
    style: {} as Record<string, string>,
    setAttribute: vi.fn(),
    select: vi.fn(),
    remove: vi.fn(),
  };
  const copied: string[] = [];
  const document = {
    createElement: vi.fn(() => area),
    execCommand: vi.fn(() => {
      if (execResult instanceof Error) throw execResult;
      if (execResult) copied.push(area.value);
      return execResult;
    }),
    body: { append: vi.fn() },
  };
  return { document: document as unknown as ClipboardEnv['document'], area, copied };
}

describe('writeClipboard', () => {
  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { document } = fakeDocument(true);
    await expect(writeClipboard('hello', { clipboard: { writeText }, document })).resolves.toBe(
      true,
    );
    expect(writeText).toHaveBeenCalledWith('hello');
    expect(document.createElement).not.toHaveBeenCalled();
  });

  it.each([
    ['refused', { writeText: () => Promise.reject(new Error('NotAllowedError')) }],
    ['missing', undefined],
  ])('falls back to execCommand when the API is %s, and cleans up', async (_case, clipboard) => {
    const { document, area, copied } = fakeDocument(true);
    await expect(writeClipboard('exact\ntext', { clipboard, document })).resolves.toBe(true);
    expect(copied).toEqual(['exact\ntext']);
    expect(area.select).toHaveBeenCalled();
    expect(area.remove).toHaveBeenCalled();
  });

  it.each([[false], [new Error('SecurityError')]])(
    'reports failure when the fallback fails too (%s)',
    async (result) => {
      const { document, area } = fakeDocument(result);
      await expect(writeClipboard('x', { document })).resolves.toBe(false);
      expect(area.remove).toHaveBeenCalled();
    },
  );
});
