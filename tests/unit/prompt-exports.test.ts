import { createHash } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  RAYCAST_ARGUMENTS,
  SKILL_DESCRIPTION_LENGTH,
  claudeSkillFiles,
  cursorCommandFiles,
  filledPrompt,
  openVariables,
  raycastImportLink,
  raycastSnippet,
  raycastSnippetsJson,
  raycastText,
  skillName,
  zipFiles,
  type ExportPrompt,
} from '../../src/lib/prompt-exports.ts';
import { parsePromptExportsFile, promptExportsFile } from '../../src/lib/prompt-exports-file.ts';

const TRAVEL: ExportPrompt = {
  catalogue: 'text-prompts',
  id: 'quick-travel-guide',
  title: 'Quick Travel Guide',
  description: 'A short guide to a destination.',
  prompt:
    'Plan {{DAYS}} days in {{CITY}} for a {{BUDGET}} budget in {{SEASON}}.\nNotes: {{NOTES}}\nAgain: {{CITY}}.',
  variables: {
    BUDGET: { choices: ['backpacker', 'mid', 'luxury'], default: 'mid' },
    SEASON: { hint: 'when you travel' },
    NOTES: { long: true },
  },
};

/** The frontmatter and body of a SKILL.md, the frontmatter parsed as YAML. */
function skillParts(text: string): { meta: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`no front matter in ${text.slice(0, 80)}`);
  return { meta: parse(match[1]!) as Record<string, unknown>, body: match[2]! };
}

describe('filledPrompt and openVariables', () => {
  it.each([
    ['nothing typed: defaults fill, the rest stay', {}, 'mid', ['DAYS', 'CITY', 'SEASON', 'NOTES']],
    [
      'typed values win over defaults',
      { BUDGET: 'luxury', CITY: 'Porto' },
      'luxury',
      ['DAYS', 'SEASON', 'NOTES'],
    ],
    [
      'blank values count as not typed',
      { BUDGET: '  ', CITY: '' },
      'mid',
      ['DAYS', 'CITY', 'SEASON', 'NOTES'],
    ],
  ])('%s', (_, values, budget, open) => {
    expect(filledPrompt(TRAVEL, values)).toContain(`for a ${budget} budget`);
    expect(openVariables(TRAVEL, values)).toEqual(open);
  });
});

describe('raycastSnippet', () => {
  it('asks for the first three variables still to fill, as named arguments, and no more', () => {
    const { name, text } = raycastSnippet(TRAVEL);
    expect(name).toBe('Quick Travel Guide');
    expect(text).toBe(
      'Plan {argument name="Days"} days in {argument name="City"} for a {argument name="Budget" default="mid" options="backpacker, mid, luxury"} budget in {{SEASON}}.\nNotes: {{NOTES}}\nAgain: {argument name="City"}.',
    );
    expect(new Set(text.match(/\{argument name="[^"]+"/g)).size).toBe(RAYCAST_ARGUMENTS);
  });

  it('fills what the member typed, and the freed argument goes to the next variable', () => {
    const { text } = raycastSnippet(TRAVEL, { CITY: 'Porto' });
    expect(text).toBe(
      'Plan {argument name="Days"} days in Porto for a {argument name="Budget" default="mid" options="backpacker, mid, luxury"} budget in {argument name="Season"}.\nNotes: {{NOTES}}\nAgain: Porto.',
    );
  });

  it.each([
    ['a long variable is not a one-line argument', { NOTES: { long: true } }],
    ['a default with a quote cannot be quoted', { NOTES: { default: 'say "hi"' } }],
    ['a choice with a comma would split', { NOTES: { choices: ['a, b', 'c'] } }],
    ['a choice with a brace would end the placeholder', { NOTES: { choices: ['{x}', 'y'] } }],
  ] as [string, ExportPrompt['variables']][])(
    '%s: it stays as written (or its default)',
    (_, variables) => {
      const prompt: ExportPrompt = { ...TRAVEL, prompt: 'Notes: {{NOTES}}', variables };
      const expected = variables?.NOTES?.default ?? '{{NOTES}}';
      expect(raycastSnippet(prompt).text).toBe(`Notes: ${expected}`);
    },
  );

  it('past three arguments a variable with a default is filled with it', () => {
    const prompt: ExportPrompt = {
      ...TRAVEL,
      prompt: '{{A}} {{B}} {{C}} {{D}} {{E}}',
      variables: { D: { default: 'four' } },
    };
    expect(raycastSnippet(prompt).text).toBe(
      '{argument name="A"} {argument name="B"} {argument name="C"} four {{E}}',
    );
  });

  it.each([
    ['{clipboard}', '{\u200Bclipboard}'],
    ['{ cursor }', '{\u200B cursor }'],
    ['{date format="yyyy"}', '{\u200Bdate format="yyyy"}'],
    ['{Argument name="x"}', '{\u200BArgument name="x"}'],
    ['{"json": true}', '{"json": true}'],
    ['{{ title }} and {#each}', '{{ title }} and {#each}'],
    ['{dates}', '{dates}'],
  ])('keeps %s as text', (text, written) => {
    expect(raycastText(text)).toBe(written);
  });

  it('escapes Raycast placeholders in the prompt and in typed values, not in its own arguments', () => {
    const prompt: ExportPrompt = { ...TRAVEL, prompt: 'Paste {clipboard} for {{A}}, then {{B}}' };
    expect(raycastSnippet(prompt, { B: 'at {cursor}' }).text).toBe(
      'Paste {\u200Bclipboard} for {argument name="A"}, then at {\u200Bcursor}',
    );
  });
});

describe('raycastImportLink and raycastSnippetsJson', () => {
  const other: ExportPrompt = {
    catalogue: 'dev-prompts',
    id: 'quick-travel-guide',
    title: 'Ünïcode & more',
    description: 'Same id, another catalogue.',
    prompt: 'Fix {{SITE_URL}} #1?',
  };

  it('writes one snippet parameter per prompt, each the encoded JSON of the snippet', () => {
    const link = raycastImportLink([TRAVEL, other], {
      'dev-prompts/quick-travel-guide': { SITE_URL: 'https://a.example/?q=1&r=2' },
    });
    expect(link.startsWith('raycast://snippets/import?snippet=')).toBe(true);
    const url = new URL(link);
    const snippets = url.searchParams.getAll('snippet').map((json) => JSON.parse(json) as unknown);
    expect(snippets).toEqual([
      raycastSnippet(TRAVEL),
      { name: 'Ünïcode & more', text: 'Fix https://a.example/?q=1&r=2 #1?' },
    ]);
  });

  it('the JSON file is the same snippets as an array', () => {
    expect(JSON.parse(raycastSnippetsJson([TRAVEL, other]))).toEqual([
      raycastSnippet(TRAVEL),
      raycastSnippet(other),
    ]);
  });
});

describe('cursorCommandFiles', () => {
  it('one command per prompt, filled, named after its id; ids two catalogues share get the catalogue', () => {
    const twin: ExportPrompt = { ...TRAVEL, catalogue: 'dev-prompts', prompt: 'Use {{CITY}}' };
    const single: ExportPrompt = { ...TRAVEL, id: 'pre-mortem', prompt: 'No variables.' };
    expect(
      cursorCommandFiles([TRAVEL, twin, single], {
        'dev-prompts/quick-travel-guide': { CITY: 'Oslo' },
      }),
    ).toEqual([
      {
        path: '.cursor/commands/text-prompts-quick-travel-guide.md',
        text: 'Plan {{DAYS}} days in {{CITY}} for a mid budget in {{SEASON}}.\nNotes: {{NOTES}}\nAgain: {{CITY}}.\n',
      },
      { path: '.cursor/commands/dev-prompts-quick-travel-guide.md', text: 'Use Oslo\n' },
      { path: '.cursor/commands/pre-mortem.md', text: 'No variables.\n' },
    ]);
  });
});

describe('skillName', () => {
  it.each([
    ['Quick Travel Guide', 'quick-travel-guide'],
    ['  Vidéo -- prompts!! ', 'video-prompts'],
    ['Claude prompts by Anthropic', 'prompts-by'],
    ['Claude', 'prompts'],
    ['***', 'prompts'],
    ['a'.repeat(70), 'a'.repeat(64)],
    [`${'a'.repeat(63)} b`, 'a'.repeat(63)],
  ])('%s → %s', (title, name) => {
    expect(skillName(title)).toBe(name);
    expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('claudeSkillFiles', () => {
  it('one prompt is the skill: valid front matter, its inputs, then the prompt filled', () => {
    const [file, ...rest] = claudeSkillFiles([TRAVEL], {
      'text-prompts/quick-travel-guide': { CITY: 'Porto' },
    });
    expect(rest).toEqual([]);
    expect(file!.path).toBe('quick-travel-guide/SKILL.md');
    const { meta, body } = skillParts(file!.text);
    expect(meta).toEqual({
      name: 'quick-travel-guide',
      description:
        'A short guide to a destination. Use when the user asks for “Quick Travel Guide” or for what it produces.',
    });
    expect(body).toBe(
      [
        '# Quick Travel Guide',
        '',
        'A short guide to a destination.',
        '',
        '## Inputs',
        '',
        'Before following the prompt, ask the user for each of these (unless they already gave it) and use the answer wherever the prompt writes it:',
        '',
        '- {{DAYS}} (Days)',
        '- {{SEASON}} (Season): when you travel',
        '- {{NOTES}} (Notes)',
        '',
        '## Prompt',
        '',
        'Plan {{DAYS}} days in Porto for a mid budget in {{SEASON}}.\nNotes: {{NOTES}}\nAgain: Porto.',
        '',
      ].join('\n'),
    );
  });

  it('several prompts: SKILL.md indexes one file per prompt', () => {
    const second: ExportPrompt = {
      ...TRAVEL,
      catalogue: 'dev-prompts',
      id: 'llms-txt',
      title: 'llms.txt',
      description: 'Writes an llms.txt.',
      prompt: 'Write it.',
      variables: {},
    };
    const files = claudeSkillFiles([TRAVEL, second], {}, { title: 'My launch prompts' });
    expect(files.map((file) => file.path)).toEqual([
      'my-launch-prompts/SKILL.md',
      'my-launch-prompts/prompts/quick-travel-guide.md',
      'my-launch-prompts/prompts/llms-txt.md',
    ]);
    const { meta, body } = skillParts(files[0]!.text);
    expect(meta.name).toBe('my-launch-prompts');
    expect(meta.description).toBe(
      '2 prompts: Quick Travel Guide; llms.txt. Use when the user asks for one of them by name or for what it produces.',
    );
    expect(body).toContain(
      '- [Quick Travel Guide](prompts/quick-travel-guide.md): A short guide to a destination.\n- [llms.txt](prompts/llms-txt.md): Writes an llms.txt.',
    );
    expect(files[2]!.text).toBe('# llms.txt\n\nWrites an llms.txt.\n\n## Prompt\n\nWrite it.\n');
  });

  it.each([
    ['quotes and colons', 'Say "yes": or no # not a comment'],
    ['angle brackets, which the validator refuses', 'Wrap it in <tags> & go'],
    ['line separators', 'one\u2028two\u0085three'],
    ['a very long description', `${'word '.repeat(300)}end`],
  ])('the description survives YAML with %s, within 1,024 characters', (_, description) => {
    const [file] = claudeSkillFiles([{ ...TRAVEL, description }]);
    const { meta } = skillParts(file!.text);
    const written = meta.description as string;
    expect(written.length).toBeLessThanOrEqual(SKILL_DESCRIPTION_LENGTH);
    expect(written).not.toMatch(/[<>]/);
    expect(
      written.startsWith(
        description
          .replace(/\s+/g, ' ')
          .slice(0, 20)
          .replace(/[<>]/g, (c) => (c === '<' ? '‹' : '›')),
      ),
    ).toBe(true);
  });

  it('refuses to make a skill of nothing', () => {
    expect(() => claudeSkillFiles([])).toThrow('at least one prompt');
  });
});

describe('zipFiles', () => {
  const files = [
    { path: 'skill/SKILL.md', text: '---\nname: skill\n---\n\nÜnïcode body\n' },
    { path: 'skill/prompts/a.md', text: 'A\n' },
  ];
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('holds the files as written', () => {
    const unzipped = unzipSync(zipFiles(files));
    expect(Object.keys(unzipped)).toEqual(files.map((file) => file.path));
    for (const file of files) expect(strFromU8(unzipped[file.path]!)).toBe(file.text);
  });

  it('gives the same bytes every time, in any time zone', () => {
    process.env.TZ = 'Pacific/Auckland';
    const first = zipFiles(files);
    process.env.TZ = 'America/Los_Angeles';
    const second = zipFiles(files);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(createHash('sha256').update(first).digest('hex')).toBe(
      'cc5aa7b4f1a4bf1e3c7b762516c02013718f5489aa958505dc12c0a2272445d0',
    );
  });

  it('refuses two files at one path', () => {
    expect(() => zipFiles([files[1]!, files[1]!])).toThrow('Two files at skill/prompts/a.md');
  });
});

describe('promptExportsFile and parsePromptExportsFile', () => {
  const loaded = {
    catalogue: 'text-prompts',
    data: { ...TRAVEL, category: 'Travel', reviewed: '2026-11-26', variables: {} },
  };

  it('keeps what the exports need, without empty notes, and reads back as written', () => {
    const file = promptExportsFile([loaded, { catalogue: 'dev-prompts', data: TRAVEL }]);
    expect(file.prompts[0]).toEqual({
      catalogue: 'text-prompts',
      id: TRAVEL.id,
      title: TRAVEL.title,
      description: TRAVEL.description,
      prompt: TRAVEL.prompt,
    });
    expect(file.prompts[1]).toEqual({ ...TRAVEL, catalogue: 'dev-prompts' });
    expect(parsePromptExportsFile(JSON.parse(JSON.stringify(file)))).toEqual(file);
  });

  it.each([
    ['not an object', 'text', 'not a prompt exports file'],
    ['another version', { version: 2, prompts: [] }, 'not a prompt exports file'],
    ['a prompt without text', { version: 1, prompts: [{ ...TRAVEL, prompt: 3 }] }, 'malformed'],
    [
      'choices that are not strings',
      { version: 1, prompts: [{ ...TRAVEL, variables: { A: { choices: [1] } } }] },
      'malformed',
    ],
    [
      'a long flag that is not a boolean',
      { version: 1, prompts: [{ ...TRAVEL, variables: { A: { long: 'yes' } } }] },
      'malformed',
    ],
  ])('refuses %s', (_, value, message) => {
    expect(() => parsePromptExportsFile(value)).toThrow(message);
  });
});
