import { describe, expect, it } from 'vitest';
import { createHmac, hkdfSync } from 'node:crypto';
import { mergeOrders } from '../../scripts/entry-shells.ts';
import {
  entryFileName,
  fromBase64,
  importContentKey,
  inflateText,
  parseContentKey,
  seal,
  SealError,
  toBase64,
  unseal,
} from '../../supabase/functions/_shared/sealing.ts';

const rawKey = () => crypto.getRandomValues(new Uint8Array(32));
const keyFrom = (raw: Uint8Array<ArrayBuffer>) => importContentKey(raw);

describe('sealing', () => {
  it('round-trips text, including non-ASCII and large pages', async () => {
    const key = await keyFrom(rawKey());
    const text = `<h1>Tool Stack</h1> — “quotes”, emoji 🚀, ${'x'.repeat(300_000)}`;
    expect(await unseal(key, await seal(key, text, '/toolstack'), '/toolstack')).toBe(text);
  });

  it('refuses bytes that are not deflate data, with nothing left unhandled', async () => {
    const notDeflate = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x00, 0x01, 0x02]);
    await expect(inflateText(notDeflate)).rejects.toThrow();
  });

  it('compresses before sealing, so a sealed page is not bigger than its gzip', async () => {
    const key = await keyFrom(rawKey());
    const card = '<li class="rounded-2xl border border-zinc-200 p-5">A tool card</li>\n';
    const sealed = await seal(key, card.repeat(2_000), '/toolstack');
    expect(sealed.length).toBeLessThan(card.length * 20);
  });

  it('uses a fresh IV every time', async () => {
    const key = await keyFrom(rawKey());
    const a = await seal(key, 'same', '/p');
    const b = await seal(key, 'same', '/p');
    expect(a).not.toBe(b);
    expect(fromBase64(a).subarray(0, 12)).not.toEqual(fromBase64(b).subarray(0, 12));
  });

  it.each([
    [
      'a flipped byte',
      (s: string) => {
        const b = fromBase64(s);
        b[20] = (b[20] ?? 0) ^ 1;
        return toBase64(b);
      },
    ],
    ['a truncated value', (s: string) => toBase64(fromBase64(s).subarray(0, -1))],
    ['a value cut below one block', (s: string) => toBase64(fromBase64(s).subarray(0, 20))],
    ['garbage', () => '%%%not base64%%%'],
  ])('refuses %s', async (_name, damage) => {
    const key = await keyFrom(rawKey());
    await expect(
      unseal(key, damage(await seal(key, 'members only', '/lab')), '/lab'),
    ).rejects.toThrow(SealError);
  });

  it('refuses another key and another page', async () => {
    const key = await keyFrom(rawKey());
    const sealed = await seal(key, 'members only', '/lab');
    await expect(unseal(await keyFrom(rawKey()), sealed, '/lab')).rejects.toThrow(SealError);
    await expect(unseal(key, sealed, '/toolstack')).rejects.toThrow(SealError);
  });
});

describe('parseContentKey', () => {
  it('accepts 32 bytes of base64 and names what is wrong otherwise', () => {
    const raw = rawKey();
    expect(parseContentKey(toBase64(raw))).toEqual(raw);
    expect(() => parseContentKey(toBase64(new Uint8Array(16)))).toThrow(
      'a content key must be 32 bytes, found 16',
    );
    expect(() => parseContentKey('***')).toThrow('not valid base64');
  });
});

describe('entry file names', () => {
  it('are the HMAC of the path under a key derived with HKDF, as an independent computation gives', async () => {
    const raw = rawKey();
    const derived = Buffer.from(
      hkdfSync('sha256', raw, new Uint8Array(0), 'venture-studio/entry-file-names/v1', 32),
    );
    const expected = createHmac('sha256', derived)
      .update('/toolstack/cursor')
      .digest('hex')
      .slice(0, 32);
    expect(await entryFileName(raw, '/toolstack/cursor')).toBe(expected);
  });

  it('differ by path and by key, so no name can be guessed without the key', async () => {
    const one = rawKey();
    const names = new Set([
      await entryFileName(one, '/toolstack/cursor'),
      await entryFileName(one, '/toolstack/cursor2'),
      await entryFileName(one, '/lab/cursor'),
      await entryFileName(rawKey(), '/toolstack/cursor'),
    ]);
    expect(names.size).toBe(4);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("a shell's module order", () => {
  it.each([
    {
      lists: [
        ['a', 'shell'],
        ['b', 'shell'],
      ],
      merged: ['a', 'b', 'shell'],
    },
    {
      lists: [['shell'], ['a', 'b', 'shell'], ['b', 'c', 'shell']],
      merged: ['a', 'b', 'c', 'shell'],
    },
    { lists: [[], ['x']], merged: ['x'] },
    {
      lists: [
        ['a', 'b'],
        ['b', 'a'],
      ],
      merged: ['a', 'b'],
    },
  ])('$lists merge to $merged', ({ lists, merged }) => {
    expect(mergeOrders(lists)).toEqual(merged);
  });
});
