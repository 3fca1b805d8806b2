/*
 * The models a prompt may say it was tested with (a prompt's `testedWith.models`,
 * schemas/tested-with.ts), spelt as their makers write them: an editor writes the name exactly
 * as it is here, and a name that is not here fails the build with the close ones
 * (`closeModelNames`). Adding a model is one line in its maker's group (docs/editing-content.md).
 *
 * Chat and coding models of OpenAI, Anthropic, Google, Meta, Mistral, xAI and DeepSeek released
 * from 2024 to November 2026, each checked against the source named above its group:
 *
 * - OpenAI: the model pages of developers.openai.com, as listed with their release dates by
 *   endoflife.date (github.com/endoflife-date/endoflife.date, products/openai-api-models.md,
 *   generated from https://developers.openai.com/api/docs/models/all), and the spelling of
 *   https://developers.openai.com/docs/models ("GPT-5.4 mini", "GPT-5.4 pro"). GPT-4.5 from
 *   the API's model list (gpt-4.5-preview); GPT-6.1 Sol from
 *   https://openrouter.ai/models/~openai/gpt-sol-latest and GitHub Copilot's model table
 *   (github.com/github/docs, data/tables/copilot/model-release-status.yml).
 * - Anthropic: https://platform.claude.com/docs/en/about-claude/model-deprecations (through
 *   endoflife.date, products/anthropic-claude.md), the model cards at
 *   https://platform.claude.com/docs/resources/overview and the lineup at
 *   https://platform.claude.com/docs/about-claude/models/overview. Anthropic's docs now name the
 *   Claude 3 models family first ("Claude Sonnet 3.7"); that is the spelling here. The gated
 *   Mythos models are left out: prompts here are tested on models members can use.
 * - Google: https://ai.google.dev/gemini-api/docs/models and its changelog
 *   (https://ai.google.dev/gemini-api/docs/changelog: Gemini 3 Pro on 2025-11-18, Gemini 3.1
 *   Pro on 2026-02-19), and the Gemini API's overview naming Gemini 3.7 Flash.
 * - Meta: https://huggingface.co/meta-llama (Llama 4 Scout and Maverick, Llama 3.3, 3.1).
 * - Mistral: https://docs.mistral.ai/guides/model-selection (Mistral Medium 3.1, Magistral
 *   Medium 1.2, Codestral 2508, Devstral Medium) and its model cards (Mistral Medium 3.5,
 *   https://docs.mistral.ai/models/model-cards/mistral-medium-3-5-26-04; Devstral 2,
 *   https://huggingface.co/mistralai/Devstral-2-123B-Instruct-2512); Mistral Large 2 from
 *   https://mistral.ai/news/mistral-large-2407.
 * - xAI: Google Cloud's list of xAI models
 *   (https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/partner-models/grok:
 *   Grok 4.7, 4.6, 4.3, 4.20, 4.1 Fast), https://docs.x.ai/developers/grok-4-5, and xAI's
 *   news feed (https://x.ai/news: Grok-2, Grok 3, Grok 4) with promptfoo's list of the API's
 *   models (https://promptfoo.dev/docs/providers/xai: Grok 4 Fast, Grok Code Fast 1).
 * - DeepSeek: https://huggingface.co/deepseek-ai (DeepSeek-V3, DeepSeek-R1, DeepSeek-V3.1,
 *   DeepSeek-V3.2, DeepSeek-V4-Pro, DeepSeek-V4-Flash).
 */

/** Who makes a model. */
export const MODEL_MAKERS = [
  'OpenAI',
  'Anthropic',
  'Google',
  'Meta',
  'Mistral',
  'xAI',
  'DeepSeek',
] as const;

/** One of the makers. */
export type ModelMaker = (typeof MODEL_MAKERS)[number];

/** A model, as a prompt's `testedWith` names it. */
export interface Model {
  /** Its name as its maker writes it, and as an editor must: "Claude Sonnet 4.5", "GPT-5". */
  name: string;
  maker: ModelMaker;
}

const by = <const M extends ModelMaker, const N extends readonly string[]>(maker: M, names: N) =>
  names.map((name) => ({ name, maker })) as { [I in keyof N]: { name: N[I]; maker: M } };

/** Every model a prompt may name, each maker's oldest first. */
export const MODELS = [
  ...by('OpenAI', [
    'GPT-4o',
    'GPT-4o mini',
    'o1-mini',
    'o1',
    'o3-mini',
    'GPT-4.5',
    'o1-pro',
    'GPT-4.1',
    'GPT-4.1 mini',
    'GPT-4.1 nano',
    'o3',
    'o4-mini',
    'o3-pro',
    'gpt-oss-120b',
    'gpt-oss-20b',
    'GPT-5',
    'GPT-5 mini',
    'GPT-5 nano',
    'GPT-5 pro',
    'GPT-5-Codex',
    'GPT-5.1',
    'GPT-5.1-Codex',
    'GPT-5.1-Codex-Max',
    'GPT-5.2',
    'GPT-5.2 pro',
    'GPT-5.2-Codex',
    'GPT-5.3-Codex',
    'GPT-5.4',
    'GPT-5.4 pro',
    'GPT-5.4 mini',
    'GPT-5.4 nano',
    'GPT-5.5',
    'GPT-5.5 pro',
    'GPT-5.6 Sol',
    'GPT-5.6 Terra',
    'GPT-5.6 Luna',
    'GPT-6 Astra',
    'GPT-6 Sol',
    'GPT-6 Luna',
    'GPT-6.1 Sol',
  ]),
  ...by('Anthropic', [
    'Claude Opus 3',
    'Claude Haiku 3',
    'Claude Sonnet 3.5',
    'Claude Haiku 3.5',
    'Claude Sonnet 3.7',
    'Claude Opus 4',
    'Claude Sonnet 4',
    'Claude Opus 4.1',
    'Claude Sonnet 4.5',
    'Claude Haiku 4.5',
    'Claude Opus 4.5',
    'Claude Opus 4.6',
    'Claude Sonnet 4.6',
    'Claude Opus 4.7',
    'Claude Opus 4.8',
    'Claude Fable 5',
    'Claude Sonnet 5',
    'Claude Opus 5',
    'Claude Fable 5.1',
    'Claude Opus 5.5',
    'Claude Sonnet 5.5',
    'Claude Haiku 5.5',
  ]),
  ...by('Google', [
    'Gemini 1.5 Pro',
    'Gemini 1.5 Flash',
    'Gemini 2.0 Flash',
    'Gemini 2.0 Flash-Lite',
    'Gemini 2.5 Pro',
    'Gemini 2.5 Flash',
    'Gemini 2.5 Flash-Lite',
    'Gemini 3 Pro',
    'Gemini 3 Flash',
    'Gemini 3.1 Pro',
    'Gemini 3.1 Flash-Lite',
    'Gemini 3.5 Flash',
    'Gemini 3.5 Flash-Lite',
    'Gemini 3.6 Flash',
    'Gemini 3.7 Flash',
  ]),
  ...by('Meta', [
    'Llama 3.1 8B',
    'Llama 3.1 70B',
    'Llama 3.1 405B',
    'Llama 3.3 70B',
    'Llama 4 Scout',
    'Llama 4 Maverick',
  ]),
  ...by('Mistral', [
    'Mistral Large 2',
    'Mistral Small 3.1',
    'Mistral Medium 3',
    'Codestral 2508',
    'Devstral Medium',
    'Mistral Medium 3.1',
    'Magistral Medium 1.2',
    'Devstral 2',
    'Mistral Medium 3.5',
  ]),
  ...by('xAI', [
    'Grok 2',
    'Grok 3',
    'Grok 3 mini',
    'Grok 4',
    'Grok Code Fast 1',
    'Grok 4 Fast',
    'Grok 4.1 Fast',
    'Grok 4.20',
    'Grok 4.3',
    'Grok 4.5',
    'Grok 4.6',
    'Grok 4.7',
  ]),
  ...by('DeepSeek', [
    'DeepSeek-V3',
    'DeepSeek-R1',
    'DeepSeek-V3.1',
    'DeepSeek-V3.2',
    'DeepSeek-V4-Flash',
    'DeepSeek-V4-Pro',
  ]),
] as const satisfies readonly Model[];

/** The name of a model of the list. */
export type ModelName = (typeof MODELS)[number]['name'];

const NAMES: ReadonlySet<string> = new Set(MODELS.map((model) => model.name));

/** Whether `name` is a model of the list, spelt exactly as it is there. */
export function isModelName(name: string): name is ModelName {
  return NAMES.has(name);
}

/** Lowercase words, spaces and hyphens alike: "GPT 5 Mini" and "gpt-5-mini" both read gpt 5 mini. */
const words = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);

/** Edit distance between two strings (insertions, deletions and substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * How far `written` is from a model's name: 0 when they differ only in case, spaces or hyphens
 * ("gpt 5 mini"), 1 when they have the same words in another order ("Claude 3.7 Sonnet", as
 * Anthropic named it at launch), otherwise 2 plus the edit distance of the words.
 */
function score(written: string, name: string): number {
  const a = words(written);
  const b = words(name);
  if (a.join('') === b.join('')) return 0;
  if ([...a].sort().join(' ') === [...b].sort().join(' ')) return 1;
  return 2 + distance(a.join(' '), b.join(' '));
}

/**
 * The models of the list closest to a name that is not on it, closest first (at most `limit`),
 * for the build's message: a typo, another case or word order, a missing version. Only the one
 * it is when it differs in case, spacing or word order alone. Empty when nothing is close, which
 * is how a model missing from the list reads.
 */
export function closeModelNames(written: string, limit = 3): ModelName[] {
  const length = words(written).join(' ').length;
  // A few edits for a short name, about a third of a long one: "Claude Sonet 4.5" is close to
  // "Claude Sonnet 4.5", "Mistral" is not close to "Mistral Medium 3.5".
  const within = 2 + Math.max(2, Math.floor(length / 3));
  const scored = MODELS.map(({ name }, index) => ({ name, index, score: score(written, name) }))
    .filter((candidate) => candidate.score <= within)
    .sort((a, b) => a.score - b.score || a.index - b.index);
  // The same words as a model's, in another case, spacing or order: that model, and no guesses.
  const same = scored.filter((candidate) => candidate.score <= 1);
  return (same.length > 0 ? same : scored).slice(0, limit).map((candidate) => candidate.name);
}
