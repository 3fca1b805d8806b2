import { describe, expect, it } from 'vitest';
import { elementEnd, sealedFirstScreenEnd } from '../../../scripts/bench/lib/first-screen.ts';

const head = '<!doctype html><html><head><title>T</title><style>p{color:red}</style></head>';

describe('sealedFirstScreenEnd: a sealed page shows nothing before its opener has run', () => {
  it.each([
    {
      name: 'through the opener after </main>',
      body: `<body><header>H</header><main data-members-only="sealed"><template data-sealed-part>AAA</template><template data-sealed-part>BBB</template></main><script data-modules="{}">open()</script><footer>F</footer></body></html>`,
      through: '<script data-modules="{}">open()</script>',
    },
    {
      name: 'a script in the region, or one that spells the opener in text, is not it',
      body: `<body><main data-members-only="sealed"><p title="<script data-modules>">x</p><script type="module" src="/a.js"></script></main><script data-modules="{}">open()</script></body></html>`,
      through: '<script data-modules="{}">open()</script>',
    },
    {
      name: 'without an opener (a build with sealing off): through </main>',
      body: `<body><main data-members-only="sealed"><h1>A</h1></main><footer>F</footer></body></html>`,
      through: '</main>',
    },
  ])('$name', ({ body, through }) => {
    const html = `${head}${body}`;
    expect(sealedFirstScreenEnd(html)).toBe(html.indexOf(through) + through.length);
  });

  it('is undefined on a page without a sealed region', () => {
    expect(sealedFirstScreenEnd(`${head}<body><main><h1>A</h1></main></body></html>`)).toBe(
      undefined,
    );
    expect(
      sealedFirstScreenEnd(`${head}<body><main data-members-only="open">x</main></body></html>`),
    ).toBe(undefined);
  });
});

describe('elementEnd: an element found by a script-less browser, located in the HTML', () => {
  const html = `${head}<body><header><a href="/">Home</a></header><main><h1>Title</h1><noscript><p>No script</p></noscript><p id="last">Last on screen</p><template><p>inert</p></template><p>below</p></main></body></html>`;

  it.each([
    { path: [1, 0], through: '</header>' },
    { path: [1, 1, 0], through: '<h1>Title</h1>' },
    // With scripting off, <noscript> holds elements: the next paragraph is the third child.
    { path: [1, 1, 2], through: 'Last on screen</p>' },
    { path: [1, 1, 1, 0], through: 'No script</p>' },
  ])('$path ends after $through', ({ path, through }) => {
    expect(elementEnd(html, path)).toBe(html.indexOf(through) + through.length);
  });

  it('says so when the path leads nowhere', () => {
    expect(() => elementEnd(html, [1, 9])).toThrow('no element at 1/9');
  });
});
