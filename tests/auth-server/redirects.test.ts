import { describe, expect, it } from 'vitest';
import { parseRedirect, RedirectPolicy } from '../../local-auth-server/redirects.ts';
import {
  call,
  confirmedUser,
  latestMail,
  openLink,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';

describe('RedirectPolicy refuses what a browser would read differently', () => {
  const policy = new RedirectPolicy(SITE, ['https://preview.example.com/**']);

  it.each([
    // Browsers read '\' as '/': these go to evil.example with the member's tokens.
    ['backslash before @', 'http://evil.example\\@127.0.0.1:4321/'],
    ['backslash as the path', 'http://evil.example\\127.0.0.1:4321/'],
    ['encoded backslash', 'http://evil.example%5C@127.0.0.1:4321/'],
    ['encoded backslash, lower case', 'http://evil.example%5c@127.0.0.1:4321/'],
    ['user info', 'http://evil.example@127.0.0.1:4321/'],
    ['user and password', 'http://user:pass@127.0.0.1:4321/'],
    ['javascript: with a loopback authority', 'javascript://127.0.0.1:4321/%0aalert(1)'],
    ['javascript:', 'javascript:alert(document.domain)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['protocol-relative', '//evil.example/'],
    ['path only', '/auth'],
    ['ftp', 'ftp://127.0.0.1/'],
    ['unicode full stop', 'https://preview.example。com.evil.example/'],
    ['ideographic dots in the host', 'https://evil。example/'],
    ['trailing-dot host', 'http://localhost.:4321/'],
    ['trailing-dot loopback IP', 'http://127.0.0.1.:4321/'],
    ['decimal IP', 'http://2130706433/'],
    ['short IP', 'http://127.1:4321/'],
    ['octal IP', 'http://0177.0.0.1:4321/'],
    ['non-canonical IPv6', 'http://[0:0::1]:4321/'],
    ['tab inside', 'http://127.0.0.1:4321/\t'],
    ['newline inside', 'http://evil.example/\n'],
    ['leading space', ' http://127.0.0.1:4321/'],
    ['a look-alike allow-list host', 'https://preview.example.com.evil.example/'],
    ['an allow-listed host on another scheme', 'http://preview.example.com/'],
    ['empty', ''],
  ])('%s: %j', (_label, url) => {
    expect(policy.isAllowed(url)).toBe(false);
  });

  it.each([
    ['the site', 'http://127.0.0.1:4321/auth?message=confirmed'],
    ['the site, another loopback port', 'http://127.0.0.1:4400/'],
    ['IPv6 loopback', 'http://[::1]:4321/'],
    ['an allow-listed URL', 'https://preview.example.com/welcome#ignored'],
    ['upper-case scheme', 'HTTP://127.0.0.1:4321/'],
  ])('%s: %j', (_label, url) => {
    expect(policy.isAllowed(url)).toBe(true);
  });

  it('reads a URL as browsers do, or not at all', () => {
    expect(parseRedirect('http://127.0.0.1:4321/a/../b')?.href).toBe('http://127.0.0.1:4321/b');
    expect(parseRedirect('http://evil.example\\@127.0.0.1/')).toBeNull();
  });

  it('grants CORS only to canonical origins', () => {
    expect(policy.isAllowedOrigin('http://localhost:3000')).toBe(true);
    expect(policy.isAllowedOrigin('https://preview.example.com')).toBe(true);
    expect(policy.isAllowedOrigin('https://evil.example')).toBe(false);
    expect(policy.isAllowedOrigin('http://evil.example\\@127.0.0.1')).toBe(false);
    expect(policy.isAllowedOrigin('null')).toBe(false);
  });
});

describe('the reset-link takeover', () => {
  const server = useTestServer({ siteUrl: SITE, redirectUrls: [] });

  it.each([
    ['/recover', 'http://evil.example\\@127.0.0.1:4321/'],
    ['/recover', 'http://evil.example%5C@127.0.0.1:4321/'],
    ['/recover', 'javascript://127.0.0.1:4321/%0aalert(document.cookie)'],
    ['/otp', 'http://evil.example\\@127.0.0.1:4321/'],
    ['/otp', 'http://evil.example%5c@127.0.0.1:4321/'],
  ])('%s with redirect_to %j sends the tokens to the site URL', async (route, target) => {
    const email = uniqueEmail('victim');
    await confirmedUser(server, email);
    const body = route === '/otp' ? { email, create_user: false } : { email };
    const sent = await call(server, 'POST', `${route}?redirect_to=${encodeURIComponent(target)}`, {
      body,
    });
    expect(sent.status).toBe(200);
    const mail = await latestMail(server, email);
    const { status, location } = await openLink(mail.action_link ?? '');
    expect(status).toBe(303);
    expect(location.origin).toBe(SITE);
    expect(location.href.startsWith(`${SITE}/#access_token=`)).toBe(true);
  });
});
