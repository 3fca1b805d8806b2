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
    };
    Views: Record<never, never>;
    Functions: Record<never, never>;
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}
