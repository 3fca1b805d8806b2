import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMembersPages, MEMBERS_PAGES_CACHE } from '../../src/members/page-cache.ts';

describe('forgetMembersPages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('deletes the members pages cache', async () => {
    const remove = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { delete: remove });
    await forgetMembersPages();
    expect(remove).toHaveBeenCalledWith(MEMBERS_PAGES_CACHE);
  });

  it('does nothing without the Cache API', async () => {
    // Node, like a page on an insecure origin, has no Cache API at all.
    expect('caches' in globalThis).toBe(false);
    await expect(forgetMembersPages()).resolves.toBeUndefined();
  });

  it('does not fail where storage is refused', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('caches', {
      delete: () => Promise.reject(new DOMException('refused', 'SecurityError')),
    });
    await expect(forgetMembersPages()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalled();
  });
});
