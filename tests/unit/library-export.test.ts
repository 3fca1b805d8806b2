import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  libraryCsv,
  libraryJson,
  libraryMarkdown,
  type LibraryExport,
} from '../../src/lib/library-export.ts';

const LIBRARY: LibraryExport = {
  title: 'Your library',
  exportedAt: new Date(Date.UTC(2026, 10, 26, 9, 30)),
  entries: [
    {
      title: 'GitHub',
      link: 'https://venture.example/toolstack/github',
      catalogue: 'Tool Stack',
      category: 'Development',
      description: 'Hosts Git repositories with pull requests.',
      note: 'Use the CLI for releases.\nAsk Ada about the org settings.',
    },
    {
      title: 'Figma',
      link: 'https://venture.example/toolstack/figma',
      catalogue: 'Tool Stack',
      category: 'Design & UI Tools',
      description: 'Browser-based interface design tool.',
    },
    {
      title: 'Feynman [Technique] Explainer',
      link: 'https://venture.example/text-prompts/feynman-technique-explainer',
      catalogue: 'Text Prompts',
      category: 'Learning',
      description: 'Explain any concept simply.',
      prompt: 'Explain photosynthesis to me.\n```\nas code\n```',
    },
  ],
};

describe('the library as Markdown', () => {
  it('reads as a document: catalogues, linked entries, notes as quotes, prompts fenced', () => {
    expect(libraryMarkdown(LIBRARY).split('\n')).toEqual([
      '# Your library',
      '',
      'Exported from Venture Studio on 26 November 2026: 3 entries.',
      '',
      '## Tool Stack',
      '',
      '### [GitHub](<https://venture.example/toolstack/github>)',
      '',
      'Development · Hosts Git repositories with pull requests.',
      '',
      '> Use the CLI for releases.',
      '> Ask Ada about the org settings.',
      '',
      '### [Figma](<https://venture.example/toolstack/figma>)',
      '',
      'Design & UI Tools · Browser-based interface design tool.',
      '',
      '## Text Prompts',
      '',
      '### [Feynman \\[Technique\\] Explainer](<https://venture.example/text-prompts/feynman-technique-explainer>)',
      '',
      'Learning · Explain any concept simply.',
      '',
      '````text',
      'Explain photosynthesis to me.',
      '```',
      'as code',
      '```',
      '````',
      '',
    ]);
  });

  it('keeps markup in titles and descriptions as text', () => {
    const markdown = libraryMarkdown({
      ...LIBRARY,
      entries: [
        {
          title: '<img src=x onerror=alert(1)> # *bold*',
          link: 'https://venture.example/toolstack/x',
          catalogue: 'Tool Stack',
          description: '[click](javascript:alert(1))',
        },
      ],
    });
    expect(markdown).toContain('### [\\<img src=x onerror=alert(1)\\> \\# \\*bold\\*](<');
    expect(markdown).toContain('\\[click\\](javascript:alert(1))');
  });
});

describe('the library as CSV', () => {
  it('has a header and one quoted row per entry, with CRLF line ends', () => {
    const rows = libraryCsv(LIBRARY).split('\r\n');
    expect(rows[0]).toBe('title,link,catalogue,category,description,note,prompt');
    expect(rows[1]).toBe(
      'GitHub,https://venture.example/toolstack/github,Tool Stack,Development,Hosts Git repositories with pull requests.,"Use the CLI for releases.\nAsk Ada about the org settings.",',
    );
    expect(rows.at(-1)).toBe('');
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['a "quoted", word', '"a ""quoted"", word"'],
  ])('writes the note %j as %j, so a spreadsheet runs nothing', (note, written) => {
    const csv = libraryCsv({ ...LIBRARY, entries: [{ ...LIBRARY.entries[1]!, note }] });
    expect(csv.split('\r\n')[1]?.split(',').slice(5).join(',')).toBe(`${written},`);
  });
});

describe('the library as JSON', () => {
  it('holds the title, the time and each entry with the fields it has', () => {
    const json = JSON.parse(libraryJson(LIBRARY)) as {
      title: string;
      exported_at: string;
      entries: Record<string, string>[];
    };
    expect(json.title).toBe('Your library');
    expect(json.exported_at).toBe('2026-11-26T09:30:00.000Z');
    expect(json.entries[1]).toEqual({
      title: 'Figma',
      link: 'https://venture.example/toolstack/figma',
      catalogue: 'Tool Stack',
      category: 'Design & UI Tools',
      description: 'Browser-based interface design tool.',
    });
    expect(json.entries[2]?.prompt).toContain('Explain photosynthesis');
  });
});

describe('export file names', () => {
  it.each([
    ['Your library', 'md', 'your-library-2026-11-26.md'],
    ['Launch stack', 'csv', 'launch-stack-2026-11-26.csv'],
    ['Vidéo workflow!', 'json', 'video-workflow-2026-11-26.json'],
    ['***', 'md', 'library-2026-11-26.md'],
  ] as const)('%j as %s is %s', (title, format, name) => {
    expect(exportFileName(title, format, LIBRARY.exportedAt)).toBe(name);
  });
});
