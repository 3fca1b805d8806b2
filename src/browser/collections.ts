import type { Collection } from '../lib/collections.ts';
import { membersDatabase, refusal } from '../members/database.ts';
import { createCollections } from '../stores/collections.ts';
import { showToast } from '../stores/toasts.ts';
import { $favourites, startFavourites } from './favourites.ts';
import './toaster.ts';

/*
 * The member's collections on this page (src/stores/collections.ts), kept in the database's
 * public.collections and public.collection_entries through supabase-js's PostgREST client
 * (src/members/database.ts). Read once a page needs them: the library at load, a card's
 * collection picker when it is first opened. Nothing of them is kept in the browser's storage.
 */

export const collections = createCollections({
  async load() {
    const database = await membersDatabase();
    const { data, error, status } = await database
      .from('collections')
      .select('id, name, shared, collection_entries(entry_key, position)')
      .order('position')
      .order('created_at');
    if (error) throw refusal(error, status);
    return data.map((row): Collection => ({
      id: row.id,
      name: row.name,
      shared: row.shared,
      entries: [...row.collection_entries]
        .sort((a, b) => a.position - b.position)
        .map((entry) => entry.entry_key),
    }));
  },
  async create(name) {
    const database = await membersDatabase();
    const { data, error, status } = await database
      .from('collections')
      .insert({ name })
      .select('id')
      .single();
    if (error) throw refusal(error, status);
    return data.id;
  },
  async rename(id, name) {
    const database = await membersDatabase();
    const { error, status } = await database.from('collections').update({ name }).eq('id', id);
    if (error) throw refusal(error, status);
  },
  async share(id, shared) {
    const database = await membersDatabase();
    const { error, status } = await database.from('collections').update({ shared }).eq('id', id);
    if (error) throw refusal(error, status);
  },
  async remove(id) {
    const database = await membersDatabase();
    const { error, status } = await database.from('collections').delete().eq('id', id);
    if (error) throw refusal(error, status);
  },
  async order(ids) {
    const database = await membersDatabase();
    const { error, status } = await database.rpc('order_collections', { ids: [...ids] });
    if (error) throw refusal(error, status);
  },
  async addEntry(id, key) {
    const database = await membersDatabase();
    // Added twice (another tab was first) changes nothing.
    const { error, status } = await database
      .from('collection_entries')
      .upsert(
        { collection_id: id, entry_key: key },
        { onConflict: 'collection_id,entry_key', ignoreDuplicates: true },
      );
    if (error) throw refusal(error, status);
  },
  async removeEntry(id, key) {
    const database = await membersDatabase();
    const { error, status } = await database
      .from('collection_entries')
      .delete()
      .eq('collection_id', id)
      .eq('entry_key', key);
    if (error) throw refusal(error, status);
  },
  async orderEntries(id, keys) {
    const database = await membersDatabase();
    const { error, status } = await database.rpc('order_collection_entries', {
      collection_id: id,
      keys: [...keys],
    });
    if (error) throw refusal(error, status);
  },
  notify: ({ title, description }) => showToast({ title, description, variant: 'destructive' }),
});

let started = false;

/**
 * Reads the collections (once per page) and keeps them in step with the stars: an entry whose
 * star is removed leaves every collection, as it does in the database.
 */
export function startCollections(): Promise<void> {
  if (!started) {
    started = true;
    startFavourites();
    // Only stars removed while the page is open: a list read from this browser's copy before
    // the database's may lack entries saved elsewhere, which are still in their collections.
    let before: readonly string[] | null = null;
    $favourites.subscribe((saved) => {
      if (!saved) return;
      const now = new Set(saved);
      const removed = before?.filter((key) => !now.has(key)) ?? [];
      before = saved;
      if (removed.length > 0) collections.drop(removed);
    });
  }
  return collections.load();
}
