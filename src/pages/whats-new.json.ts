import type { APIRoute } from 'astro';
import { loadChanges } from '../catalogue/load.ts';

/*
 * What's new as data: every change, newest first (src/catalogue/changes.ts). It names members'
 * entries, so the build seals it like the search files (scripts/seal.ts); the members' home
 * counts it, and the private feed and the digest (supabase/functions/) open it with the key.
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify({ version: 1, changes: await loadChanges() }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
