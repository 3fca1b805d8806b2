/*
 * Prompts exported from the browser: opens Raycast's import link, or downloads the Raycast
 * snippets file, the Cursor commands or the Claude Skill zip that src/lib/prompt-exports.ts
 * makes, then says in a toast what happened and what to do next. Loaded only when a member
 * exports (dynamic import from the prompt card's menu, a catalogue's "Export all" menu and the
 * library's collection menu), so no page pays for fflate until then.
 */
import { PROMPT_EXPORTS_PATH, PROMPT_VALUES_KEY } from '../lib/constants.ts';
import {
  RAYCAST_LINK_LIMIT,
  claudeSkillFiles,
  cursorCommandFiles,
  promptKey,
  raycastImportLink,
  raycastSnippetsJson,
  skillName,
  zipFiles,
  type ExportPrompt,
  type ExportValues,
} from '../lib/prompt-exports.ts';
import { parsePromptExportsFile } from '../lib/prompt-exports-file.ts';
import { parsePromptValues } from '../lib/prompt-values.ts';
import { fetchSealedJson } from '../members/sealed-file.ts';
import { showToast } from '../stores/toasts.ts';
import { download } from './download.ts';
import './toaster.ts';

export type { ExportPrompt, ExportValues } from '../lib/prompt-exports.ts';
export { promptKey } from '../lib/prompt-exports.ts';

/** Where a member can send prompts. */
export type ExportTarget = 'raycast' | 'cursor' | 'claude-skill';

/** How long an export's toast stays: it says what to do next, which takes longer to read. */
const TOAST_MS = 10_000;

let loading: Promise<ExportPrompt[]> | undefined;

/**
 * Every prompt of the site, from the sealed /prompt-exports.json (fetched once per page; a
 * failure is not kept, so the next try fetches again). Throws SignInNeeded when this session can
 * no longer get the members' key.
 */
export function loadAllPrompts(): Promise<ExportPrompt[]> {
  loading ??= fetchSealedJson(PROMPT_EXPORTS_PATH)
    .then((file) => parsePromptExportsFile(file).prompts)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/**
 * The values the member typed into each prompt's form in this browser (the cards remember them
 * in localStorage, src/lib/prompt-values.ts), keyed as exportPrompts takes them.
 */
export function storedValues(prompts: readonly ExportPrompt[]): ExportValues {
  let stored: ReturnType<typeof parsePromptValues> = {};
  try {
    stored = parsePromptValues(localStorage.getItem(PROMPT_VALUES_KEY));
  } catch {
    // Storage blocked: the prompts go with their defaults and placeholders.
  }
  return Object.fromEntries(
    prompts.flatMap((prompt) => {
      const values = stored[promptKey(prompt)];
      return values ? [[promptKey(prompt), values]] : [];
    }),
  );
}

/** Hands a raycast: link to the operating system, as a click on it would. */
function openLink(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  document.body.append(link);
  link.click();
  link.remove();
}

const count = (n: number) => (n === 1 ? 'the prompt' : `the ${n} prompts`);

/** What an export is called when it holds several prompts: a collection's or catalogue's name. */
export interface ExportOptions {
  /** Names the files and the skill: 'Text Prompts', a collection's name. */
  title?: string | undefined;
}

/** exportPrompts, made synchronous: the work is all in this task. */
function exportNow(
  target: ExportTarget,
  prompts: readonly ExportPrompt[],
  values: ExportValues = {},
  options: ExportOptions = {},
): void {
  if (prompts.length === 0) {
    showToast({ title: 'Nothing to export', description: 'There are no prompts here.' });
    return;
  }
  const title = options.title ?? (prompts.length === 1 ? prompts[0]!.title : 'Prompts');
  const fileName = skillName(title);
  if (target === 'raycast') {
    const link = raycastImportLink(prompts, values);
    if (link.length <= RAYCAST_LINK_LIMIT) {
      openLink(link);
      showToast(
        {
          title: 'Opening Raycast',
          description: `Raycast asks to import ${count(prompts.length)} as snippets. Nothing opened? Raycast must be installed on this computer.`,
        },
        TOAST_MS,
      );
      return;
    }
    download(
      raycastSnippetsJson(prompts, values),
      `${fileName}-raycast-snippets.json`,
      'application/json',
    );
    showToast(
      {
        title: 'Raycast snippets saved',
        description: `${prompts.length} prompts are too many for one Raycast link. In Raycast, run Import Snippets and choose ${fileName}-raycast-snippets.json.`,
      },
      TOAST_MS,
    );
    return;
  }
  if (target === 'cursor') {
    const files = cursorCommandFiles(prompts, values);
    if (files.length === 1) {
      const name = files[0]!.path.split('/').at(-1)!;
      download(files[0]!.text, name, 'text/markdown');
      showToast(
        {
          title: 'Cursor command saved',
          description: `Move ${name} into your project's .cursor/commands folder, then type / in Cursor's chat to run it.`,
        },
        TOAST_MS,
      );
      return;
    }
    // The commands at the zip's root: unzipped into .cursor/commands, each is one command.
    const zip = zipFiles(
      files.map((file) => ({
        path: file.path.replace(/^\.cursor\/commands\//, ''),
        text: file.text,
      })),
    );
    download(zip, `${fileName}-cursor-commands.zip`, 'application/zip');
    showToast(
      {
        title: 'Cursor commands saved',
        description: `Unzip ${fileName}-cursor-commands.zip into your project's .cursor/commands folder, then type / in Cursor's chat to run one.`,
      },
      TOAST_MS,
    );
    return;
  }
  const files = claudeSkillFiles(prompts, values, { title: options.title });
  const name = files[0]!.path.split('/')[0]!;
  download(zipFiles(files), `${name}.zip`, 'application/zip');
  showToast(
    {
      title: 'Claude Skill saved',
      description: `In Claude, open Settings > Capabilities > Skills > Upload and choose ${name}.zip.`,
    },
    TOAST_MS,
  );
}

/**
 * Exports `prompts` to `target`, each filled with its values (by promptKey: catalogue/id; a
 * variable left out keeps its default, else goes as the target asks for it), and says in a toast
 * what happened and what to do next:
 * - raycast: opens Raycast's import link; past RAYCAST_LINK_LIMIT, downloads the snippets as a
 *   JSON file for Raycast's Import Snippets command instead;
 * - cursor: one prompt downloads as <id>.md, several as a zip of them, for .cursor/commands;
 * - claude-skill: downloads the skill folder as <name>.zip, for Claude's Skills upload.
 */
export function exportPrompts(
  target: ExportTarget,
  prompts: readonly ExportPrompt[],
  values: ExportValues = {},
  options: ExportOptions = {},
): Promise<void> {
  // A promise (rejected if anything throws) so callers treat it as the async step it may become.
  return new Promise((resolve) => {
    exportNow(target, prompts, values, options);
    resolve();
  });
}

/** The toast for an export that failed before it began (the prompts could not be loaded). */
export function exportFailed(error: unknown): void {
  console.error('Could not export the prompts', error);
  showToast({
    title: 'The prompts were not exported',
    description: 'They could not be loaded. Check your connection and try again.',
    variant: 'destructive',
  });
}
