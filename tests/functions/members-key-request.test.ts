import { describe, expect, it } from 'vitest';
import {
  keyRequest,
  verifiedFactorWithoutAal2,
  requestMembersKey,
  requestToken,
  tokenAal,
} from '../../supabase/functions/_shared/members-key.ts';
import {
  attribute,
  children,
  find,
  parsePage,
  templateText,
  type Element,
} from '../../scripts/html.ts';
import { BuiltPage } from '../../scripts/built-pages.ts';
import { partTexts, sealedRegion, sealPage } from '../../scripts/seal.ts';
import {
  DEFERRED_MODULES_ATTRIBUTE,
  partAad,
  REGION_ATTRIBUTE,
  REST_FILES_PATH,
  SEALED_PART_ATTRIBUTE,
  SEALED_PARTS_ATTRIBUTE,
  SEALED_REST_ATTRIBUTE,
} from '../../src/members/contract.ts';
import {
  importContentKey,
  parseContentKey,
  SealError,
  unseal,
} from '../../supabase/functions/_shared/sealing.ts';

const token = (claims: object) =>
  `x.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.y`;

describe('the aal2 rule', () => {
  it.each([
    { factors: null, aal: 'aal1', needs: false },
    { factors: [{ status: 'unverified' }], aal: 'aal1', needs: false },
    { factors: [{ status: 'verified' }], aal: 'aal1', needs: true },
    { factors: [{ status: 'verified' }], aal: undefined, needs: true },
    { factors: [{ status: 'verified' }], aal: 'aal2', needs: false },
  ])('factors $factors at $aal: needs a second factor = $needs', ({ factors, aal, needs }) => {
    expect(verifiedFactorWithoutAal2({ factors }, aal)).toBe(needs);
  });

  it('reads the aal claim of a token, and nothing from a malformed one', () => {
    expect(tokenAal(token({ aal: 'aal2', sub: 'a' }))).toBe('aal2');
    expect(tokenAal('not-a-jwt')).toBeUndefined();
  });
});

describe('the key request', () => {
  it('is CORS-simple: a POST of text/plain with no other header, so never preflighted', () => {
    const [url, init] = keyRequest('https://p.supabase.co/functions/v1/k', 'tok');
    expect(url).toBe('https://p.supabase.co/functions/v1/k');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'text/plain' });
    expect(init.body).toBe('tok');
  });

  it.each([
    { status: 200, body: { key: 'k' }, answer: { ok: true, key: 'k' } },
    { status: 401, body: {}, answer: { ok: false, reason: 'sign-in', status: 401 } },
    { status: 403, body: {}, answer: { ok: false, reason: 'sign-in', status: 403 } },
    { status: 500, body: {}, answer: { ok: false, reason: 'network', status: 500 } },
    { status: 200, body: { nokey: 1 }, answer: { ok: false, reason: 'network', status: 200 } },
  ])('answer $status $body', async ({ status, body, answer }) => {
    const fetchImpl = () => Promise.resolve(new Response(JSON.stringify(body), { status }));
    expect(await requestMembersKey('https://k', 't', fetchImpl)).toEqual(answer);
  });

  it('an unreachable function is a network failure, never a throw', async () => {
    const fetchImpl = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await requestMembersKey('https://k', 't', fetchImpl)).toEqual({
      ok: false,
      reason: 'network',
    });
  });

  it.each([
    { init: { method: 'POST', body: 'abc.def.ghi' }, token: 'abc.def.ghi' },
    { init: { method: 'POST', body: ' abc \n' }, token: 'abc' },
    { init: { method: 'POST', body: 'two words' }, token: null },
    { init: { method: 'GET', headers: { Authorization: 'Bearer abc' } }, token: 'abc' },
    { init: { method: 'POST', headers: { Authorization: 'Bearer abc' } }, token: 'abc' },
    { init: { method: 'GET' }, token: null },
  ])('the function reads the token of $init', async ({ init, token: expected }) => {
    expect(await requestToken(new Request('https://k/', init))).toBe(expected);
  });
});

describe('sealed parts', () => {
  const section = (name: string) => `<section id="${name}" data-members-part>${name}</section>`;
  const page = (content: string) =>
    `<!doctype html><html><head></head><body><main ${REGION_ATTRIBUTE}="sealed">${content}</main></body></html>`;
  const partsOf = (content: string) => {
    const html = page(content);
    const region = sealedRegion(parsePage(html));
    return region && partTexts(html, region);
  };

  it.each([
    { content: '<h1>A</h1>', parts: ['<h1>A</h1>'] },
    { content: `<h1>A</h1>${section('a')}`, parts: [`<h1>A</h1>${section('a')}`] },
    {
      content: `<h1>A</h1><nav>n</nav>${section('a')}${section('b')}${section('c')}<nav>p</nav>`,
      parts: [
        `<h1>A</h1><nav>n</nav>${section('a')}`,
        JSON.stringify([section('b'), `${section('c')}<nav>p</nav>`]),
      ],
    },
    {
      content: `<h1>A</h1>${section('a')}<script type="module" src="/a.js"></script>${section('b')}`,
      parts: [`<h1>A</h1>${section('a')}`, JSON.stringify([section('b')])],
    },
    {
      // Astro writes `<` literally inside attribute values: text that spells a marked element
      // there is an attribute, not a place to cut.
      content: `<h1 title="<section data-members-part>">A</h1>${section('a')}<p aria-label="x <div data-members-part>">y</p>`,
      parts: [
        `<h1 title="<section data-members-part>">A</h1>${section('a')}<p aria-label="x <div data-members-part>">y</p>`,
      ],
    },
  ])('split in two: the first screen, then the rest a category at a time', ({ content, parts }) => {
    expect(partsOf(content)).toEqual(parts);
  });

  describe('a sealed page', () => {
    const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
    const opener = `<script ${DEFERRED_MODULES_ATTRIBUTE}="{}">open()</script>`;
    const sealedPage = async (content: string) => {
      const page = new BuiltPage(
        'toolstack.html',
        `<!doctype html><html><head></head><body><main ${REGION_ATTRIBUTE}="sealed">${content}</main>${opener}<footer>F</footer></body></html>`,
      );
      const { rest } = await sealPage(
        page,
        page.document,
        await importContentKey(parseContentKey(key)),
      );
      return { html: page.html, rest };
    };
    /** What a browser finds: each element's tag and its sealed part's text, if it is one. */
    const layout = (html: string) => {
      const document = parsePage(html);
      const body = find(document, (element) => element.tagName === 'body');
      const main = find(document, (element) => element.tagName === 'main');
      const named = (element: Element) =>
        attribute(element, SEALED_PART_ATTRIBUTE) === undefined
          ? element.tagName
          : templateText(element).trim();
      return {
        count: main && attribute(main, SEALED_PARTS_ATTRIBUTE),
        rest: main && attribute(main, SEALED_REST_ATTRIBUTE),
        main: main ? children(main).map(named) : [],
        body: body ? children(body).map(named) : [],
      };
    };

    it('keeps the first part in <main> with the count, and the later ones in a file <main> names', async () => {
      const { html, rest } = await sealedPage(
        `<h1>A</h1>${section('a')}<script type="module" src="/a.js"></script>${section('b')}`,
      );
      const { count, main, body, rest: named } = layout(html);
      expect(count).toBe('2');
      const [prompt, first] = main;
      expect(main).toEqual([prompt, first]);
      expect(prompt).toBe('div');
      expect(body).toEqual(['main', 'script', 'script', 'footer']);
      // Named by its content's hash: a path of the site's rest files, naming no page.
      expect(named).toMatch(new RegExp(`^${REST_FILES_PATH}[0-9a-f]{20}\\.json$`));
      expect(rest?.path).toBe(named);
      const { parts } = JSON.parse(rest?.body ?? '{}') as { parts: string[] };
      expect(parts).toHaveLength(1);
      const contentKey = await importContentKey(parseContentKey(key));
      expect(await unseal(contentKey, first ?? '', partAad('/toolstack', 0, 2))).toBe(
        `<h1>A</h1>${section('a')}`,
      );
      expect(await unseal(contentKey, parts[0] ?? '', partAad('/toolstack', 1, 2))).toBe(
        JSON.stringify([section('b')]),
      );
      // Bound to the count <main> states: a page that says it has one part opens nothing.
      await expect(unseal(contentKey, first ?? '', partAad('/toolstack', 0, 1))).rejects.toThrow(
        SealError,
      );
      // The same content sealed again (new IVs) is a new file.
      const again = await sealedPage(
        `<h1>A</h1>${section('a')}<script type="module" src="/a.js"></script>${section('b')}`,
      );
      expect(again.rest?.path).not.toBe(rest?.path);
    });

    it('keeps a page of one part whole in <main>, with no file', async () => {
      const { html, rest } = await sealedPage(`<h1>A</h1>${section('a')}`);
      expect(layout(html)).toMatchObject({
        count: '1',
        rest: undefined,
        body: ['main', 'script', 'footer'],
      });
      expect(layout(html).main).toHaveLength(2);
      expect(rest).toBeUndefined();
    });
  });

  it('takes out the scripts that are elements, never text that spells one', () => {
    const hostile = 'X </script><script>alert(document.domain)</script>';
    const content = `<h1>A</h1><button aria-label="Save ${hostile}">s</button><div><script type="module" src="/_astro/a.js"></script></div>`;
    const html = page(content);
    const region = sealedRegion(parsePage(html));
    expect(region?.scripts.map((span) => html.slice(span.start, span.end))).toEqual([
      '<script type="module" src="/_astro/a.js"></script>',
    ]);
  });
});
