// npm run new: asks a few questions and writes a valid tool (appended to its page's JSON list) or
// prompt (a Markdown file) (src/catalogue/new-entry.ts). Every question can be answered by a
// flag instead, for scripts: npm run new -- --catalogue lab --name "Linear" --url https://linear.app
// --category "Project Management" --description "..." --pricing Free/Paid. With any flag given,
// nothing is asked: an optional field without its flag is left out, a missing or refused one
// stops with the reason.
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { readContentOrExit } from './read-content.ts';
import { appendToList, newEntry, type Question } from '../src/catalogue/new-entry.ts';

/** Flags by the question keys they answer (--pricing-note answers pricingNote). */
const FLAGS = [
  'catalogue',
  'name',
  'id',
  'title',
  'url',
  'category',
  'description',
  'logo',
  'tags',
  'reasonForFailure',
  'whatIUseInstead',
  'durationUsed',
  'pricing',
  'status',
  'pricingNote',
  'verdict',
  'text',
] as const;
const flagName = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const { values } = parseArgs({
  options: Object.fromEntries(FLAGS.map((key) => [flagName(key), { type: 'string' as const }])),
});
const given = new Map<string, string>(
  FLAGS.flatMap((key) => {
    const value = values[flagName(key)];
    return typeof value === 'string' ? [[key, value] as const] : [];
  }),
);
const scripted = given.size > 0;

const sources = readContentOrExit(1);

const terminal = scripted
  ? undefined
  : createInterface({ input: process.stdin, output: process.stdout });
const lines = terminal?.[Symbol.asyncIterator]();
let lastRefusal = '';

async function ask(question: Question): Promise<string> {
  if (scripted) {
    const value = given.get(question.key);
    given.delete(question.key);
    if (value !== undefined) return value;
    if (question.optional) return '';
    throw new Error(
      lastRefusal ||
        `--${flagName(question.key)} is needed: ${question.prompt}${question.choices ? ` (${question.choices.join(', ')})` : ''}`,
    );
  }
  if (!terminal) throw new Error('no terminal to ask on');
  const choices = question.choices?.map((choice, index) => `  ${index + 1}. ${choice}`).join('\n');
  if (question.key !== 'line') {
    process.stdout.write(choices ? `${question.prompt}\n${choices}\n> ` : `${question.prompt} `);
  }
  // Lines read in turn (not rl.question), so answers piped in ahead of their questions wait.
  const next = await lines?.next();
  if (!next || next.done) throw new Error('The input ended before every question was answered.');
  return next.value;
}

try {
  const made = await newEntry({
    ask,
    say: (line) => {
      lastRefusal = line;
      if (scripted) throw new Error(line);
      console.log(line);
    },
    today: new Date().toISOString().slice(0, 10),
    sources,
    readFile: (path) => readFile(path, 'utf8'),
  });
  if (made.format === 'json') {
    const text = appendToList(await readFile(made.file, 'utf8'), made.entry);
    // The lists are Prettier-formatted (prettier --check . in npm run lint): so is the new entry.
    // The project's options, wherever CONTENT_DIR points.
    const options = (await resolveConfig(new URL('../content/list.json', import.meta.url))) ?? {};
    await writeFile(made.file, await format(text, { ...options, filepath: made.file }));
  } else {
    // 'wx': never over a file that appeared meanwhile.
    await writeFile(made.file, made.text, { flag: 'wx' });
  }
  console.log(`Added ${made.reference} to ${made.file}. npm run build checks it with the rest.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  terminal?.close();
}
