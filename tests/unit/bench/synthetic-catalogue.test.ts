import { describe, expect, it } from 'vitest';
import { syntheticCatalogue } from '../../../scripts/bench/synthetic-catalogue.ts';
import * as categories from '../../../src/catalogue/schemas/categories.ts';
import { devToolSchema } from '../../../src/catalogue/schemas/dev-tool.ts';
import { failedToolSchema } from '../../../src/catalogue/schemas/failed-tool.ts';
import { devPromptSchema, promptSchema } from '../../../src/catalogue/schemas/prompt.ts';
import { repositorySchema } from '../../../src/catalogue/schemas/repository.ts';
import { toolSchema } from '../../../src/catalogue/schemas/tool.ts';
import { videoSchema } from '../../../src/catalogue/schemas/video.ts';

/** The schema each content file of the real site is checked with (src/content.config.ts). */
const JSON_SCHEMAS = {
  'tools/toolstack.json': toolSchema(categories.TOOLSTACK_CATEGORIES),
  'tools/lab.json': toolSchema(categories.LAB_CATEGORIES),
  'tools/tool-rip.json': failedToolSchema(categories.TOOL_RIP_CATEGORIES),
  'tools/company-stack.json': toolSchema(categories.COMPANY_STACK_CATEGORIES),
  'tools/company-stack-lab.json': toolSchema(categories.COMPANY_LAB_CATEGORIES),
  'dev-tools/dev-tools.json': devToolSchema,
  'dev-tools/dev-tools-lab.json': devToolSchema,
  'dev-tools/graveyard.json': failedToolSchema(categories.DEV_TOOL_CATEGORIES),
  'videos.json': videoSchema,
  'repositories.json': repositorySchema,
} as const;
const PROMPT_SCHEMAS = {
  'prompts/text': promptSchema(categories.TEXT_PROMPT_CATEGORIES),
  'prompts/video': promptSchema(categories.VIDEO_PROMPT_CATEGORIES),
  'prompts/dev': devPromptSchema(categories.DEV_PROMPT_CATEGORIES),
} as const;

function frontMatter(text: string): Record<string, unknown> {
  const [, block = ''] = /^---\n([\s\S]*?)\n---\n/.exec(text) ?? [];
  return Object.fromEntries(
    block.split('\n').map((line) => {
      const colon = line.indexOf(': ');
      return [line.slice(0, colon), JSON.parse(line.slice(colon + 2)) as unknown];
    }),
  );
}

describe('syntheticCatalogue', () => {
  const files = syntheticCatalogue(400);

  it('holds exactly the asked number of entries, in every content file the site reads', () => {
    let entries = 0;
    for (const path of Object.keys(JSON_SCHEMAS)) {
      const file = files.find((candidate) => candidate.path === path);
      expect(file, path).toBeDefined();
      entries += (JSON.parse(file?.content ?? '[]') as unknown[]).length;
    }
    for (const folder of Object.keys(PROMPT_SCHEMAS)) {
      const prompts = files.filter((file) => file.path.startsWith(`${folder}/`));
      expect(prompts.length, folder).toBeGreaterThan(0);
      entries += prompts.length;
    }
    expect(entries).toBe(400);
  });

  it('passes the schemas the build checks content with, with unique ids', () => {
    for (const [path, schema] of Object.entries(JSON_SCHEMAS)) {
      const entries = JSON.parse(files.find((file) => file.path === path)?.content ?? '[]') as {
        id: string;
      }[];
      for (const entry of entries) expect(schema.safeParse(entry).error, path).toBeUndefined();
      expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    }
    for (const [folder, schema] of Object.entries(PROMPT_SCHEMAS)) {
      for (const file of files.filter((candidate) => candidate.path.startsWith(`${folder}/`))) {
        expect(file.path).toMatch(/^prompts\/\w+\/[a-z0-9]+(-[a-z0-9]+)*\.md$/);
        expect(schema.safeParse(frontMatter(file.content)).error, file.path).toBeUndefined();
      }
    }
  });

  it('writes prompts of realistic size: about 2 to 15 KB each', () => {
    const sizes = files.filter((file) => file.path.endsWith('.md')).map((f) => f.content.length);
    expect(Math.min(...sizes)).toBeGreaterThan(1_800);
    expect(Math.max(...sizes)).toBeLessThan(16_000);
  });

  it('is the same catalogue for the same size and seed', () => {
    expect(syntheticCatalogue(400)).toEqual(files);
    expect(syntheticCatalogue(400, 8)).not.toEqual(files);
  });
});
