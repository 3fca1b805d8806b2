import type { ExportPrompt, ExportVariable } from './prompt-exports.ts';

/*
 * Every prompt's export input (src/lib/prompt-exports.ts) as the build writes it
 * (src/pages/prompt-exports.json.ts, sealed by scripts/seal.ts), so a collection or a whole
 * catalogue exports without its page open. Checked here as it arrives from the network.
 */

/** The file: every prompt of every prompt catalogue, in page order. */
export interface PromptExportsFile {
  version: 1;
  prompts: ExportPrompt[];
}

const isString = (value: unknown): value is string => typeof value === 'string';

function isVariable(value: unknown): value is ExportVariable {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const notes = value as Record<string, unknown>;
  return (
    (notes.hint === undefined || isString(notes.hint)) &&
    (notes.default === undefined || isString(notes.default)) &&
    (notes.choices === undefined ||
      (Array.isArray(notes.choices) && notes.choices.every(isString))) &&
    (notes.long === undefined || typeof notes.long === 'boolean')
  );
}

function isPrompt(value: unknown): value is ExportPrompt {
  if (typeof value !== 'object' || value === null) return false;
  const prompt = value as Record<string, unknown>;
  const variables = prompt.variables;
  return (
    ['catalogue', 'id', 'title', 'description', 'prompt'].every((field) =>
      isString(prompt[field]),
    ) &&
    (variables === undefined ||
      (typeof variables === 'object' &&
        variables !== null &&
        Object.values(variables).every(isVariable)))
  );
}

/** Checks the file fetched from the network; throws on anything else. */
export function parsePromptExportsFile(value: unknown): PromptExportsFile {
  const file = value as Partial<PromptExportsFile> | null;
  if (!file || file.version !== 1 || !Array.isArray(file.prompts)) {
    throw new Error('not a prompt exports file (version 1)');
  }
  if (!file.prompts.every(isPrompt)) {
    throw new Error('the prompt exports file holds a malformed prompt');
  }
  return file as PromptExportsFile;
}

/** What the build knows of a loaded prompt entry (src/catalogue/entries.ts). */
interface LoadedPrompt {
  catalogue: string;
  data: {
    id: string;
    title: string;
    description: string;
    prompt: string;
    variables?: ExportPrompt['variables'];
  };
}

/** The file from the loaded catalogues' prompt entries, in the order given. */
export function promptExportsFile(entries: readonly LoadedPrompt[]): PromptExportsFile {
  return {
    version: 1,
    prompts: entries.map(({ catalogue, data }) => ({
      catalogue,
      id: data.id,
      title: data.title,
      description: data.description,
      prompt: data.prompt,
      ...(data.variables && Object.keys(data.variables).length > 0
        ? { variables: data.variables }
        : {}),
    })),
  };
}
