import type { PromptData } from './schemas/prompt.ts';

/** A prompt entry as the pages render it: its anchor id, front matter and the exact prompt text. */
export type PromptEntry<T extends PromptData = PromptData> = T & { id: string; prompt: string };

/**
 * Turns loaded Markdown entries into prompts. The body is the prompt; only the line breaks that
 * separate it from the front matter and end the file are dropped, nothing inside it.
 */
export function toPrompts<T extends PromptData>(
  entries: readonly { id: string; data: T; body?: string | undefined }[],
): PromptEntry<T>[] {
  return entries.map((entry) => ({
    ...entry.data,
    id: entry.id,
    prompt: (entry.body ?? '').replace(/^\s*\n/, '').trimEnd(),
  }));
}
