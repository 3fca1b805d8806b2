import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import {
  changeLink,
  digestWeek,
  renderDigest,
  sameSecret,
  signUnsubscribe,
  unsubscribeUrl,
  verifyUnsubscribe,
  weekChanges,
  weekLabel,
  weekProblem,
} from '../../supabase/functions/_shared/digest.ts';
import type { WhatsNewChange } from '../../supabase/functions/_shared/whats-new-file.ts';

/*
 * The digest's pure parts (supabase/functions/_shared/digest.ts): which week a run sends, that
 * week's changes, the mail, and the unsubscribe token. Clocks are fixed instants.
 */

const at = (iso: string) => Date.parse(iso);

describe('digestWeek: the last complete ISO week before now', () => {
  it.each([
    ['Sunday 23:59:59.999, the week not yet over', '2026-11-29T23:59:59.999Z', '2026-11-16'],
    ['Monday 00:00, the week just complete', '2026-11-30T00:00:00.000Z', '2026-11-23'],
    ['Monday 00:00:01', '2026-11-30T00:00:01.000Z', '2026-11-23'],
    ['mid-week Thursday', '2026-11-26T12:00:00.000Z', '2026-11-16'],
    ['New Year (Friday 1 January 2027)', '2027-01-01T00:00:00.000Z', '2026-12-21'],
    ['the Monday after the year-end week', '2027-01-04T00:00:00.000Z', '2026-12-28'],
    ['Sunday 3 January 2027, last minute', '2027-01-03T23:59:00.000Z', '2026-12-21'],
    ['a leap day (Thursday 29 February 2028)', '2028-02-29T08:00:00.000Z', '2028-02-21'],
  ])('%s', (_case, now, monday) => {
    expect(digestWeek(at(now))).toBe(monday);
  });
});

describe('weekProblem: a week as a caller names it', () => {
  it.each([
    ['2026-11-23', null],
    ['2026-12-28', null],
    ['2026-11-24', 'week 2026-11-24 is not a Monday (weeks start on Monday)'],
    ['2026-02-30', 'week 2026-02-30 is not a calendar day'],
    ['23/11/2026', 'week must be a date written YYYY-MM-DD, the Monday the week starts on'],
    [20261123, 'week must be a date written YYYY-MM-DD, the Monday the week starts on'],
  ])('%s', (value, problem) => {
    expect(weekProblem(value)).toBe(problem);
  });
});

describe('weekLabel', () => {
  it.each([
    ['2026-11-23', '23–29 November 2026'],
    ['2026-11-30', '30 November – 6 December 2026'],
    ['2026-12-28', '28 December 2026 – 3 January 2027'],
  ])('%s reads %s', (monday, label) => {
    expect(weekLabel(monday)).toBe(label);
  });
});

function change(overrides: Partial<WhatsNewChange>): WhatsNewChange {
  return {
    id: 'change-1',
    type: 'added',
    at: '2026-11-24T10:00:00.000Z',
    title: 'Meta Business Suite',
    page: 'Tool Stack',
    path: '/toolstack/meta-business-suite',
    details: ['Added to Marketing.'],
    ...overrides,
  };
}

describe('weekChanges', () => {
  const changes = [
    change({ id: 'next-monday', at: '2026-11-30T00:00:00.000Z' }),
    change({ id: 'last-instant', at: '2026-11-29T23:59:59.999Z' }),
    change({ id: 'first-instant', at: '2026-11-23T00:00:00.000Z' }),
    change({ id: 'week-before', at: '2026-11-22T23:59:59.999Z' }),
  ];

  it('keeps Monday 00:00 up to the next Monday, exclusive, in the given order', () => {
    expect(weekChanges(changes, '2026-11-23').map((one) => one.id)).toEqual([
      'last-instant',
      'first-instant',
    ]);
  });

  it('is empty for a week without changes', () => {
    expect(weekChanges(changes, '2026-11-02')).toEqual([]);
  });
});

describe('changeLink', () => {
  it.each([
    ['/toolstack/x', 'https://venture.example/toolstack/x'],
    ['/toolstack#x', 'https://venture.example/toolstack#x'],
    ['//evil.example/x', 'https://venture.example/whats-new'],
    ['/\\evil.example', 'https://venture.example/whats-new'],
  ])('%s → %s', (path, link) => {
    expect(changeLink('https://venture.example', path)).toBe(link);
  });
});

const LINKS = {
  site: 'https://venture.example',
  unsubscribe: 'https://project.example/functions/v1/newsletter-unsubscribe?u=id&t=token',
};

/** Every text node and attribute value of an HTML document, as a parser reads them. */
function htmlOf(html: string) {
  const texts: string[] = [];
  const elements: { tag: string; attrs: Record<string, string> }[] = [];
  interface Node {
    nodeName: string;
    value?: string;
    tagName?: string;
    attrs?: { name: string; value: string }[];
    childNodes?: Node[];
    content?: Node;
  }
  const walk = (node: Node) => {
    if (node.nodeName === '#text' && node.value !== undefined) texts.push(node.value);
    if (node.tagName) {
      elements.push({
        tag: node.tagName,
        attrs: Object.fromEntries((node.attrs ?? []).map((attr) => [attr.name, attr.value])),
      });
    }
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parse(html));
  return { text: texts.join(''), elements };
}

describe('renderDigest', () => {
  const changes = [
    change({
      id: 'a',
      type: 'changed',
      title: 'Meta Business Suite',
      details: ["The founder's verdict added."],
    }),
    change({ id: 'b', type: 'added', title: 'PostHog', path: '/toolstack/posthog' }),
    change({
      id: 'c',
      type: 'retired',
      title: 'Sora',
      page: 'Video Prompts',
      path: '/video-prompts',
    }),
    change({ id: 'd', type: 'moved', title: 'Linear', path: '/lab#linear' }),
  ];

  it('groups Added, Changed, Moved, Retired, each change with its absolute link', () => {
    const mail = renderDigest(
      changes,
      '2026-11-23',
      { email: 'a@example.com', displayName: 'Ada' },
      LINKS,
    );
    expect(mail.subject).toBe("What's new at Venture Studio: 4 changes, 23–29 November 2026");
    const { text, elements } = htmlOf(mail.html);
    const headings = elements.filter((el) => el.tag === 'h2');
    expect(headings).toHaveLength(4);
    expect(text).toMatch(
      /Added[\s\S]*PostHog[\s\S]*Changed[\s\S]*Meta Business Suite[\s\S]*Moved[\s\S]*Linear[\s\S]*Retired[\s\S]*Sora/,
    );
    const hrefs = elements.filter((el) => el.tag === 'a').map((el) => el.attrs.href);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        'https://venture.example/toolstack/posthog',
        'https://venture.example/toolstack/meta-business-suite',
        'https://venture.example/lab#linear',
        'https://venture.example/video-prompts',
        LINKS.unsubscribe,
        'https://venture.example/account',
      ]),
    );
    expect(mail.text).toMatch(/^Hello Ada,/);
    expect(mail.text).toMatch(
      /ADDED[\s\S]*- PostHog \(Tool Stack\)\n {2}Added to Marketing\.\n {2}https:\/\/venture\.example\/toolstack\/posthog/,
    );
    expect(mail.text).toContain("The founder's verdict added.");
  });

  it('says why the member gets it and how to stop, in both parts', () => {
    const mail = renderDigest(changes.slice(0, 1), '2026-11-23', { email: 'a@example.com' }, LINKS);
    expect(mail.subject).toContain('1 change,');
    for (const part of [mail.text, htmlOf(mail.html).text]) {
      expect(part).toContain(
        'You get this e-mail because you asked for the Venture Studio newsletter',
      );
    }
    expect(mail.text).toContain(`Unsubscribe (no sign-in needed): ${LINKS.unsubscribe}`);
    expect(mail.text).toMatch(/^Hello,/);
  });

  it('escapes hostile titles, pages, details and names: they stay text', () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    const mail = renderDigest(
      [
        change({
          title: hostile,
          page: `</li><script>alert(2)</script>`,
          details: [`<a href="javascript:alert(3)">x</a>`],
        }),
      ],
      '2026-11-23',
      { email: 'a@example.com', displayName: '<b>Mallory</b>' },
      LINKS,
    );
    const { text, elements } = htmlOf(mail.html);
    const tags = new Set(elements.map((el) => el.tag));
    expect(tags.has('img')).toBe(false);
    expect(tags.has('script')).toBe(false);
    expect(tags.has('b')).toBe(false);
    expect(
      elements.filter((el) => el.tag === 'a').every((el) => el.attrs.href?.startsWith('https://')),
    ).toBe(true);
    expect(text).toContain(hostile);
    expect(text).toContain('<b>Mallory</b>');
    expect(text).toContain('<a href="javascript:alert(3)">x</a>');
  });
});

describe('unsubscribe tokens', () => {
  const SECRET = 'a-signing-secret-of-at-least-32-chars';
  const ADA = '5f1b7c2e-8a3d-4c55-9b1e-2d7f6a0c9e11';
  const BOB = '0a9e6f1c-3b2d-4e7a-8c5f-1d2b3a4c5e6f';

  it('round-trips: the token made for a member verifies for that member', async () => {
    const token = await signUnsubscribe(SECRET, ADA);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyUnsubscribe(SECRET, ADA, token)).toBe(true);
  });

  it("refuses another member's token, another secret's, and tampered ones", async () => {
    const token = await signUnsubscribe(SECRET, ADA);
    const flipped = (token.startsWith('A') ? 'B' : 'A') + token.slice(1);
    const cases: [string, string, string][] = [
      ["another member's token", BOB, token],
      ['a token signed with another secret', ADA, await signUnsubscribe(`${SECRET}!`, ADA)],
      ['one character changed', ADA, flipped],
      ['cut short', ADA, token.slice(0, -1)],
      ['padded base64', ADA, `${token}=`],
      ['a character outside base64url', ADA, `${token.slice(0, -1)}+`],
      ['empty', ADA, ''],
      ['no member', '', token],
    ];
    for (const [name, userId, given] of cases) {
      const ok = await verifyUnsubscribe(SECRET, userId, given);
      expect({ name, ok }).toEqual({ name, ok: false });
    }
  });

  it('builds the link to the unsubscribe function with the id and token as query', () => {
    const url = new URL(unsubscribeUrl('https://project.example', ADA, 'abc_-'));
    expect(url.origin + url.pathname).toBe(
      'https://project.example/functions/v1/newsletter-unsubscribe',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ u: ADA, t: 'abc_-' });
  });
});

describe('sameSecret', () => {
  it.each([
    ['sb_secret_x', 'sb_secret_x', true],
    ['sb_secret_y', 'sb_secret_x', false],
    ['sb_secret_x ', 'sb_secret_x', false],
    ['', 'sb_secret_x', false],
    ['', '', false],
  ])('%j against %j', async (given, expected, same) => {
    expect(await sameSecret(given, expected)).toBe(same);
  });
});
