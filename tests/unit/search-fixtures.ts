import { toSearchDocs, type SearchDoc } from '../../src/search/documents.ts';

/** A small catalogue shaped like the real one: tools, dev tools, prompts and a repository. */
export const DOCS: SearchDoc[] = [
  ...toSearchDocs({ kind: 'tool', page: '/toolstack', pageLabel: 'Tool Stack' }, [
    {
      id: 'resend',
      name: 'Resend',
      category: 'Email Service',
      description: 'Email API for developers, with React Email templates.',
    },
    {
      id: 'postmark',
      name: 'Postmark',
      category: 'Email Service',
      description: 'Transactional e-mail delivery with fast inboxes and clear logs.',
    },
    {
      id: 'cursor',
      name: 'Cursor',
      category: 'Development',
      description: 'An AI code editor that writes and edits code with you.',
    },
  ]),
  ...toSearchDocs({ kind: 'dev-tool', page: '/dev-tools', pageLabel: 'Dev Tools' }, [
    {
      id: 'supabase',
      name: 'Supabase',
      category: 'Databases & Backend',
      description: 'Postgres with auth, storage and edge functions.',
      tags: ['postgres', 'auth'],
      pricing: 'Free/Paid',
      status: 'production',
    },
    {
      id: 'playwright',
      name: 'Playwright',
      category: 'Testing & Quality',
      description: 'End-to-end browser testing for Chromium, Firefox and WebKit.',
      tags: ['testing', 'e2e'],
      pricing: 'Open Source',
      status: 'stable',
    },
  ]),
  ...toSearchDocs({ kind: 'dev-prompt', page: '/dev-prompts', pageLabel: 'Dev Prompts' }, [
    {
      id: 'sitemap-auto-generate',
      title: 'Sitemap Auto-Generate',
      category: 'SEO',
      description: 'Generates sitemap.xml at build time from your routes.',
      tags: ['sitemap', 'seo'],
      prompt: 'Generate a sitemap for my site.',
    },
    {
      id: 'prompt-architect',
      title: 'Prompt Architect',
      category: 'AI Workflow',
      description: 'Turns a rough request into a precise prompt for an assistant.',
      tags: ['prompting'],
      prompt: 'You are a prompt architect.',
    },
  ]),
  ...toSearchDocs({ kind: 'text-prompt', page: '/text-prompts', pageLabel: 'Text Prompts' }, [
    {
      id: 'competitor-analysis',
      title: 'Competitor Analysis',
      category: 'Business Strategy',
      description: 'Compares your product with its competitors, including their email marketing.',
      prompt: 'Analyse my competitors.',
    },
  ]),
  ...toSearchDocs({ kind: 'repository', page: '/github', pageLabel: 'GitHub Repo' }, [
    {
      id: 'awesome-llm-apps',
      name: 'Shubhamsaboo/awesome-llm-apps',
      description: 'A curated collection of LLM apps with agents and RAG.',
      tags: ['llm'],
    },
  ]),
];
