import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_CATEGORIES, TOOLSTACK_CATEGORIES } from '../../src/catalogue/schemas/categories.ts';
import { devToolSchema } from '../../src/catalogue/schemas/dev-tool.ts';
import { failedToolSchema } from '../../src/catalogue/schemas/failed-tool.ts';
import { devPromptSchema, promptSchema } from '../../src/catalogue/schemas/prompt.ts';
import { repositorySchema } from '../../src/catalogue/schemas/repository.ts';
import { toolSchema } from '../../src/catalogue/schemas/tool.ts';
import { videoSchema } from '../../src/catalogue/schemas/video.ts';

const tool = {
  id: 'cursor',
  category: 'Development',
  name: 'Cursor',
  description: 'An AI code editor built on VS Code.',
  url: 'https://cursor.com',
  reviewed: '2026-11-26',
  pricing: 'Free/Paid',
};
const toolstack = toolSchema(TOOLSTACK_CATEGORIES);

/** The first issue's path and message, as the build would report them. */
function issue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const first = result.error?.issues[0];
  return first ? { path: first.path.join('.'), message: first.message } : null;
}

describe('tool schema', () => {
  it('accepts a complete tool, with or without a logo', () => {
    expect(toolstack.parse(tool)).toEqual(tool);
    expect(toolstack.parse({ ...tool, logo: 'cursor' }).logo).toBe('cursor');
  });

  describe('logo', () => {
    const folder = mkdtempSync(join(tmpdir(), 'logos-'));
    mkdirSync(join(folder, 'logos'));
    writeFileSync(join(folder, 'logos', 'small.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(folder, 'logos', 'big.png'), Buffer.alloc(9000));
    // The content folder is resolved once, when src/catalogue/content-dir.ts loads, so the
    // schema is loaded again after the environment names this folder.
    let toolstack: ReturnType<typeof toolSchema>;
    beforeAll(async () => {
      vi.stubEnv('CONTENT_DIR', folder);
      vi.resetModules();
      const fresh = await import('../../src/catalogue/schemas/tool.ts');
      toolstack = fresh.toolSchema(TOOLSTACK_CATEGORIES);
    });
    afterAll(() => {
      vi.unstubAllEnvs();
      rmSync(folder, { recursive: true });
    });

    it('accepts a file of the content folder', () => {
      expect(toolstack.parse({ ...tool, logo: 'logos/small.svg' }).logo).toBe('logos/small.svg');
    });

    it.each([
      [
        'neverheardofit',
        /is neither a simple-icons slug .* nor a file such as "logos\/my-tool.svg"/,
      ],
      ['https://cursor.com/logo.png', /is neither a simple-icons slug/],
      ['javascript:alert(1)', /is neither a simple-icons slug/],
      ['logos/../../etc/passwd.svg', /is neither a simple-icons slug/],
      ['logos/missing.svg', /names a file that does not exist; put it at .*logos\/missing.svg/],
      ['logos/big.png', /is 9000 bytes; a logo file may be at most 8192 bytes/],
    ])('refuses %j, saying why', (logo, message) => {
      const result = issue(toolstack.safeParse({ ...tool, logo }));
      expect(result?.path).toBe('logo');
      expect(result?.message).toMatch(message);
    });
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['/relative/path'],
    ['//cursor.com'],
    ['cursor.com'],
    ['ftp://cursor.com'],
    ['https://'],
  ])('rejects the url %j', (url) => {
    expect(issue(toolstack.safeParse({ ...tool, url }))).toEqual({
      path: 'url',
      message: 'must be an absolute http(s) URL such as https://example.com',
    });
  });

  it('names the allowed categories when one is misspelt', () => {
    const result = issue(toolstack.safeParse({ ...tool, category: 'Developmnt' }));
    expect(result?.path).toBe('category');
    expect(result?.message).toContain(
      '"Developmnt" is not a category of this page; allowed: "Development"',
    );
    expect(result?.message).toContain('"Instagram Connect"');
  });

  it('holds each page to its own categories', () => {
    expect(toolSchema(LAB_CATEGORIES).safeParse(tool).success).toBe(false);
  });

  it.each(['name', 'description', 'url', 'category', 'id', 'reviewed', 'pricing'])(
    'requires %s',
    (field) => {
      const { [field as keyof typeof tool]: _omitted, ...rest } = tool;
      const result = issue(toolstack.safeParse(rest));
      expect(result?.path).toBe(field);
      expect(result?.message).toMatch(/^is required/);
    },
  );

  it('says a field must be text when it holds something else', () => {
    expect(issue(toolstack.safeParse({ ...tool, name: 42 }))).toEqual({
      path: 'name',
      message: 'must be text',
    });
  });

  it('rejects unknown fields, so a misspelt optional field is not silently dropped', () => {
    expect(issue(toolstack.safeParse({ ...tool, logoo: 'https://x.com/a.png' }))?.message).toMatch(
      /logoo/,
    );
  });

  it('rejects an id that cannot be an anchor', () => {
    expect(issue(toolstack.safeParse({ ...tool, id: 'Cursor Editor' }))?.path).toBe('id');
  });
});

describe('dev tool schema', () => {
  const devTool = {
    ...tool,
    category: 'AI Coding Assistants',
    tags: ['editor', 'ai'],
    pricing: 'Free/Paid',
  };

  it('accepts tags, pricing and an optional status', () => {
    expect(devToolSchema.parse(devTool)).toEqual(devTool);
    expect(devToolSchema.parse({ ...devTool, status: 'beta' }).status).toBe('beta');
  });

  it.each([
    [{ status: 'alpha' }, 'status'],
    [{ pricing: 'Cheap' }, 'pricing'],
    [{ tags: [] }, 'tags'],
  ])('rejects %j', (change, path) => {
    expect(issue(devToolSchema.safeParse({ ...devTool, ...change }))?.path).toBe(path);
  });
});

describe('failed tool schema', () => {
  const schema = failedToolSchema(['Development'] as const);
  const failed = { ...tool, reasonForFailure: 'Pricing tripled overnight.' };

  it('needs a reason; what replaced it and for how long are optional', () => {
    expect(schema.parse(failed)).toEqual(failed);
    expect(
      schema.parse({ ...failed, whatIUseInstead: 'Zed', durationUsed: '3 months' }),
    ).toMatchObject({
      whatIUseInstead: 'Zed',
      durationUsed: '3 months',
    });
    const { reasonForFailure: _omitted, ...rest } = failed;
    expect(issue(schema.safeParse(rest))?.path).toBe('reasonForFailure');
  });
});

describe('prompt schemas', () => {
  const text = promptSchema(['Travel'] as const);
  const dev = devPromptSchema(['SEO'] as const);

  it('accepts front matter with an optional order', () => {
    expect(
      text.parse({
        title: 'T',
        description: 'D',
        reviewed: '2026-11-26',
        category: 'Travel',
        order: 2,
      }).order,
    ).toBe(2);
    expect(
      dev.parse({
        title: 'T',
        description: 'D',
        reviewed: '2026-11-26',
        category: 'SEO',
        tags: ['sitemap'],
      }).tags,
    ).toEqual(['sitemap']);
  });

  it.each([
    [{ title: 'T', description: 'D', reviewed: '2026-11-26', category: 'Travl' }, 'category'],
    [{ title: '', description: 'D', reviewed: '2026-11-26', category: 'Travel' }, 'title'],
    [{ title: 'T', reviewed: '2026-11-26', category: 'Travel' }, 'description'],
    [
      { title: 'T', description: 'D', reviewed: '2026-11-26', category: 'Travel', order: 1.5 },
      'order',
    ],
  ])('rejects %j at %s', (data, path) => {
    expect(issue(text.safeParse(data))?.path).toBe(path);
  });

  it('refuses a dev prompt tag that only repeats its category, naming it', () => {
    expect(
      issue(
        dev.safeParse({
          title: 'T',
          description: 'D',
          reviewed: '2026-11-26',
          category: 'SEO',
          tags: ['meta', 'seo'],
        }),
      ),
    ).toEqual({
      path: 'tags.1',
      message:
        "'seo' repeats the category SEO, which the card already shows; use a tag that says more, or remove it",
    });
  });

  it('takes hints and defaults for the fill-in form by variable name', () => {
    const variables = { SITE_URL: { hint: 'with https://', default: 'https://example.com' } };
    expect(
      text.parse({
        title: 'T',
        description: 'D',
        reviewed: '2026-11-26',
        category: 'Travel',
        variables,
      }).variables,
    ).toEqual(variables);
  });

  it.each([
    [{ 'Site url': { hint: 'h' } }, 'variables.Site url', 'is not a variable name'],
    [{ SITE_URL: { hint: '' } }, 'variables.SITE_URL.hint', 'must not be empty'],
    [{ SITE_URL: { label: 'Site' } }, 'variables.SITE_URL', 'label'],
  ])('refuses variables %j at %s', (variables, path, message) => {
    const found = issue(
      text.safeParse({
        title: 'T',
        description: 'D',
        reviewed: '2026-11-26',
        category: 'Travel',
        variables,
      }),
    );
    expect(found?.path).toBe(path);
    expect(found?.message).toContain(message);
  });

  it('requires tags on dev prompts', () => {
    expect(
      issue(
        dev.safeParse({ title: 'T', description: 'D', reviewed: '2026-11-26', category: 'SEO' }),
      )?.path,
    ).toBe('tags');
  });
});

describe('video and repository schemas', () => {
  it('accepts a YouTube video and rejects a bad id or thumbnail', () => {
    const video = {
      id: 'zjkBMFhNj_g',
      title: 'Getting Started with AI Tools',
      description: 'An introduction.',
      url: 'https://www.youtube.com/watch?v=zjkBMFhNj_g',
      thumbnail: 'https://i.ytimg.com/vi/zjkBMFhNj_g/hqdefault.jpg',
      reviewed: '2026-11-26',
    };
    expect(videoSchema.parse(video)).toEqual(video);
    expect(issue(videoSchema.safeParse({ ...video, reviewed: undefined }))?.message).toBe(
      'is required: the day the entry was last checked, such as "2026-11-26"',
    );
    expect(issue(videoSchema.safeParse({ ...video, id: 'x' }))?.path).toBe('id');
    expect(
      issue(videoSchema.safeParse({ ...video, thumbnail: 'data:image/png;base64,AA' }))?.path,
    ).toBe('thumbnail');
  });

  it('accepts a repository and defaults its tags', () => {
    const repo = repositorySchema.parse({
      id: 'instaloader',
      name: 'instaloader',
      owner: 'instaloader',
      description: 'Download Instagram media.',
      url: 'https://github.com/instaloader/instaloader',
      language: 'Python',
      reviewed: new Date('2026-11-26T00:00:00Z'),
    });
    expect(repo.tags).toEqual([]);
    // Unquoted in YAML front matter, a day arrives as a Date and is taken as that day.
    expect(repo.reviewed).toBe('2026-11-26');
  });
});
