import { describe, expect, it } from 'vitest';
import { parse } from 'parse5';
import { leanHtml } from '../../../scripts/bench/lib/lean-reference.ts';

describe('leanHtml: a page’s first screen as the smallest static HTML', () => {
  it('keeps the blocks in order, each a link when it leads somewhere', () => {
    const html = leanHtml({
      title: 'Modern Tool Stack',
      site: 'Venture Studio',
      blocks: [
        { tag: 'h1', text: 'Modern Tool Stack' },
        { tag: 'p', text: 'Tools we use.' },
        { tag: 'h3', text: 'Linear', href: '/toolstack/linear' },
        { tag: 'p', text: 'Issue tracking.', href: 'https://linear.app/' },
      ],
    });
    expect(html).toContain(
      '<main><h1>Modern Tool Stack</h1><p>Tools we use.</p><h3><a href="/toolstack/linear">Linear</a></h3><p><a href="https://linear.app/">Issue tracking.</a></p></main>',
    );
    expect(html).not.toContain('<script');
    // An icon of its own, or Chromium fetches /favicon.ico after its load.
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html.length).toBeLessThan(1500);
  });

  it('escapes every word and drops links that are not the web’s', () => {
    const hostile = '</h3><script>alert(1)</script>';
    const html = leanHtml({
      title: `<b>${hostile}`,
      site: 'S & Co',
      blocks: [
        { tag: 'h3', text: hostile, href: 'javascript:alert(1)' },
        { tag: 'p', text: 'x', href: '" onmouseover="alert(1)' },
      ],
    });
    const document = parse(html);
    const scripts: string[] = [];
    const walk = (node: { nodeName: string; childNodes?: unknown[] }) => {
      if (node.nodeName === 'script') scripts.push(node.nodeName);
      for (const child of (node.childNodes ?? []) as (typeof node)[]) walk(child);
    };
    walk(document);
    expect(scripts).toEqual([]);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<header>S &amp; Co</header>');
    expect(html).toContain('href="&quot; onmouseover=&quot;alert(1)"');
  });
});
