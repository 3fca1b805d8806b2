import type { VariableNotes } from './placeholders.ts';

/*
 * The prompt the visitor's landing page (src/pages/index.astro) shows on a working prompt card,
 * so a visitor can try Fill in, Copy and Open in an assistant before signing up. Written for
 * that page and public by design: it is none of the members' prompts in content/prompts/, whose
 * text only members may read (docs/sealing.md). tests/unit/landing.test.ts holds it to
 * the rules the build holds those prompts to.
 */

/** A prompt as the card needs it: what the prompt files' front matter and body give. */
export interface SamplePrompt {
  /** Its elements' ids start with it, and a download is named after it (`<id>.md`). */
  id: string;
  title: string;
  description: string;
  /** The badge a prompt card shows; one of the text prompts' categories. */
  category: string;
  prompt: string;
  variables: VariableNotes;
  /** The day it was last checked, as every prompt file carries. */
  reviewed: string;
}

/** The landing page's sample prompt. */
export const SAMPLE_PROMPT: SamplePrompt = {
  id: 'launch-announcement',
  title: 'Launch Announcement in One Paragraph',
  description:
    'A short announcement for a product launch: the problem, one benefit and a call to action.',
  category: 'Content Creation',
  prompt: `Inputs:

- {{PRODUCT}}: what you are launching, in a few words
- {{AUDIENCE}}: who it is for

Write a launch announcement for {{PRODUCT}}, aimed at {{AUDIENCE}}, in one paragraph of under 90 words. Open with the problem it solves, give one concrete benefit, and end with a single call to action. Plain words, no hype.`,
  variables: {
    PRODUCT: { default: 'a shared inbox for two-person support teams' },
  },
  reviewed: '2026-11-26',
};
