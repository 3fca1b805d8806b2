/*
 * The members' tables as the site's code sees them, in the shape `supabase gen types typescript`
 * writes (so the file can be regenerated from a linked project and compared). Written by hand
 * from supabase/migrations/; tests/database/ exercises every table through it.
 */

export interface Database {
  public: {
    Tables: {
      saved: {
        Row: { user_id: string; entry_key: string; created_at: string };
        Insert: { user_id?: string; entry_key: string; created_at?: string };
        Update: { user_id?: string; entry_key?: string; created_at?: string };
        Relationships: [];
      };
      notes: {
        Row: { user_id: string; entry_key: string; body: string; updated_at: string };
        Insert: { user_id?: string; entry_key: string; body: string; updated_at?: string };
        Update: { user_id?: string; entry_key?: string; body?: string; updated_at?: string };
        Relationships: [];
      };
      collections: {
        Row: {
          id: string;
          user_id: string;
          name: string;
          position: number;
          shared: boolean;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          user_id?: string;
          name: string;
          position?: number;
          shared?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Update: { name?: string; position?: number; shared?: boolean };
        Relationships: [];
      };
      digest_sends: {
        Row: { week: string; user_id: string; sent_at: string | null };
        Insert: { week: string; user_id: string; sent_at?: string | null };
        Update: { week?: string; user_id?: string; sent_at?: string | null };
        Relationships: [];
      };
      collection_entries: {
        Row: {
          collection_id: string;
          user_id: string;
          entry_key: string;
          position: number;
          added_at: string;
        };
        Insert: {
          collection_id: string;
          user_id?: string;
          entry_key: string;
          position?: number;
          added_at?: string;
        };
        Update: { position?: number };
        Relationships: [
          {
            foreignKeyName: 'collection_entries_collection_id_fkey';
            columns: ['collection_id'];
            isOneToOne: false;
            referencedRelation: 'collections';
            referencedColumns: ['id'];
          },
        ];
      };
      member_details: {
        Row: {
          user_id: string;
          name: string | null;
          role: string | null;
          company: string | null;
          product: string | null;
          audience: string | null;
          site_url: string | null;
          tone: string | null;
          /** Variable name to value: an object of strings (the trigger refuses anything else). */
          extra: Record<string, string>;
          updated_at: string;
        };
        Insert: {
          user_id?: string;
          name?: string | null;
          role?: string | null;
          company?: string | null;
          product?: string | null;
          audience?: string | null;
          site_url?: string | null;
          tone?: string | null;
          extra?: Record<string, string>;
          updated_at?: string;
        };
        Update: {
          name?: string | null;
          role?: string | null;
          company?: string | null;
          product?: string | null;
          audience?: string | null;
          site_url?: string | null;
          tone?: string | null;
          extra?: Record<string, string>;
        };
        Relationships: [];
      };
      feed_tokens: {
        /** What a member may read of their own row: the hash is not granted to them. */
        Row: { user_id: string; created_at: string };
        Insert: never;
        Update: never;
        Relationships: [];
      };
    };
    Views: Record<never, never>;
    Functions: {
      open_collection: {
        Args: { collection_id: string };
        Returns: OpenedCollection | null;
      };
      order_collections: { Args: { ids: string[] }; Returns: undefined };
      order_collection_entries: {
        Args: { collection_id: string; keys: string[] };
        Returns: undefined;
      };
      reset_feed_token: { Args: Record<never, never>; Returns: NewFeedToken };
      remove_feed_token: { Args: Record<never, never>; Returns: boolean };
      feed_member: { Args: { token_hash: string }; Returns: string | null };
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}

/** What public.open_collection answers: a collection the caller owns or opened by its link. */
export interface OpenedCollection {
  id: string;
  name: string;
  shared: boolean;
  /** True when the caller owns it. */
  owned: boolean;
  /** The owner's display name ('A member' when they have none). */
  owner: string;
  updated_at: string;
  /** Its entries' keys, in the owner's order. */
  entries: string[];
}

/** What public.reset_feed_token answers, once: the member's new feed token and when it was made. */
export interface NewFeedToken {
  /** The raw token (64 hexadecimal characters); the database keeps only its SHA-256. */
  token: string;
  created_at: string;
}
