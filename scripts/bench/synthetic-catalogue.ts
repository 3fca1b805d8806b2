import { readdirSync, readFileSync } from 'node:fs';
import { KINDS, type EntryKind } from '../../src/catalogue/kinds.ts';
import { catalogueSources } from '../../src/catalogue/registry.ts';
import { DEV_TOOL_CATEGORIES } from '../../src/catalogue/schemas/categories.ts';
import { DEV_TOOL_STATUSES, PRICING } from '../../src/catalogue/schemas/dev-tool.ts';
import { apportion } from './lib/apportion.ts';
import { seededRandom } from './lib/random.ts';
import { TextWriter } from './synthetic-text.ts';

/** One file of a content folder: its path inside the folder and its text. */
export interface CatalogueFile {
  path: string;
  content: string;
}

/** Sizes of the real prompt files in bytes: synthetic prompts are drawn from them. */
const PROMPT_SIZES = [
  1993, 2832, 3119, 3154, 3199, 3215, 3219, 3355, 3373, 3397, 3444, 3481, 3495, 3552, 3557, 3564,
  3703, 4708, 4778, 4844, 4961, 5071, 5097, 5439, 5454, 5531, 5531, 5563, 5618, 5686, 5711, 5746,
  5848, 5862, 5941, 6024, 6105, 6108, 10528, 14734,
];

type Kind = 'tool' | 'devTool' | 'failed' | 'video' | 'repository' | 'prompt' | 'devPrompt';

/** Which generator below writes each kind's entries. */
const GENERATORS: Record<EntryKind, Kind> = {
  tool: 'tool',
  'dev-tool': 'devTool',
  'failed-tool': 'failed',
  'company-tool': 'tool',
  'text-prompt': 'prompt',
  'video-prompt': 'prompt',
  'dev-prompt': 'devPrompt',
  video: 'video',
  repository: 'repository',
};

/** How many entries a content file (or prompt folder) of the real catalogue holds today. */
function entriesToday(path: string, kind: EntryKind): number {
  const real = `content/${path}`;
  return KINDS[kind].markdown
    ? readdirSync(real).filter((name) => name.endsWith('.md')).length
    : (JSON.parse(readFileSync(real, 'utf8')) as unknown[]).length;
}

/**
 * Every content file of the catalogue registry (src/catalogue/registry.ts), weighted by how many entries
 * it holds today, so a synthetic catalogue grows the way the real one would: mostly tools, a
 * fifth prompts.
 */
const FILES = catalogueSources().map(({ source }) => ({
  path: source.path,
  weight: Math.max(1, entriesToday(source.path, source.kind)),
  kind: GENERATORS[source.kind],
  categories: source.categories,
}));

const VIDEO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A day of 2026 the founder last checked an entry: every entry carries one. */
const reviewedDay = (text: TextWriter) =>
  `2026-${String(text.int(1, 11)).padStart(2, '0')}-${String(text.int(1, 28)).padStart(2, '0')}`;

function entry(kind: Kind, index: number, text: TextWriter, categories: readonly string[]) {
  const name = text.title(text.int(1, 3));
  const id = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${index}`;
  const tool = {
    id,
    category: text.pick(categories),
    name,
    description: text.prose(text.int(100, 150)),
    url: `https://${id}.example.com`,
    // Every tool carries its decision data (src/catalogue/schemas/decision.ts), as the real
    // content does, so the cards weigh what real ones weigh.
    reviewed: reviewedDay(text),
    pricing: text.pick(PRICING),
    verdict: text.prose(text.int(120, 300)),
  };
  switch (kind) {
    case 'tool':
      return tool;
    case 'devTool':
      return {
        ...tool,
        tags: text.words(text.int(1, 5)).map((word) => word.slice(0, 30)),
        ...(text.int(0, 1) ? { status: text.pick(DEV_TOOL_STATUSES) } : {}),
      };
    case 'failed':
      return {
        ...tool,
        reasonForFailure: text.prose(text.int(120, 380)),
        whatIUseInstead: text.title(2),
        durationUsed: `${text.int(1, 11)} months`,
      };
    case 'video': {
      const videoId = Array.from({ length: 11 }, () => text.pick([...VIDEO_ID_CHARS])).join('');
      return {
        id: videoId,
        title: text.title(text.int(3, 8)),
        description: text.prose(text.int(120, 380)),
        url: `https://www.youtube.com/watch?v=${videoId}`,
        thumbnail: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
        reviewed: tool.reviewed,
      };
    }
    case 'repository':
      return {
        id,
        name: id,
        owner: text.word(),
        description: tool.description,
        url: `https://github.com/${text.word()}/${id}`,
        language: text.pick(['TypeScript', 'Python', 'Go', 'Rust']),
        tags: text.words(text.int(1, 4)),
        reviewed: tool.reviewed,
      };
    default:
      throw new Error(`${kind} is not a JSON entry`);
  }
}

function promptFile(kind: Kind, index: number, text: TextWriter, categories: readonly string[]) {
  const title = text.title(text.int(2, 6));
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${index}`;
  const category = text.pick(categories);
  // The schema refuses a tag that only repeats the category (src/catalogue/schemas/prompt.ts).
  const tags = text.words(text.int(1, 4)).filter((tag) => tag !== category.toLowerCase());
  // JSON strings are valid YAML scalars, so no title or description can break the front matter.
  const front = [
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(text.prose(text.int(100, 250)))}`,
    `category: ${JSON.stringify(category)}`,
    `reviewed: "${reviewedDay(text)}"`,
    ...(kind === 'devPrompt'
      ? [`tags: ${JSON.stringify(tags.length > 0 ? tags : ['notes'])}`]
      : []),
  ];
  return {
    path: `${slug}.md`,
    content: `---\n${front.join('\n')}\n---\n${text.prompt(text.pick(PROMPT_SIZES))}\n`,
  };
}

/**
 * A complete content folder of `total` entries (tools, prompts, videos and repositories) that
 * passes the site's schemas; the same total and seed always give the same files.
 */
export function syntheticCatalogue(total: number, seed = 7): CatalogueFile[] {
  const text = new TextWriter(seededRandom(seed));
  // Every file exists, as the loaders expect, and holds at least one entry.
  const counts = apportion(
    Math.max(0, total - FILES.length),
    FILES.map((file) => file.weight),
  ).map((count) => count + 1);
  const files: CatalogueFile[] = [];
  let index = 0;
  FILES.forEach((file, position) => {
    const count = counts[position] ?? 1;
    const categories = file.categories ?? DEV_TOOL_CATEGORIES;
    if (file.kind === 'prompt' || file.kind === 'devPrompt') {
      for (let i = 0; i < count; i += 1) {
        const prompt = promptFile(file.kind, (index += 1), text, categories);
        files.push({ path: `${file.path}/${prompt.path}`, content: prompt.content });
      }
    } else {
      const entries = Array.from({ length: count }, () =>
        entry(file.kind, (index += 1), text, categories),
      );
      files.push({ path: file.path, content: `${JSON.stringify(entries, null, 2)}\n` });
    }
  });
  return files;
}
