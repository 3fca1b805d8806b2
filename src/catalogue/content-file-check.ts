/** A content file problem, worded for the editor who has to fix it. */
export class ContentFileError extends Error {
  override name = 'ContentFileError';
}

/** How a file's entry ids must look; slugs by default, since ids become #anchors. */
export interface IdRule {
  pattern: RegExp;
  /** Completes 'field "id" must be ...'. */
  description: string;
}

/** Lowercase slug ids: the default for every content file. */
export const SLUG_ID: IdRule = {
  pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  description: 'a lowercase slug such as "my-tool" (letters, digits and hyphens)',
};

/** Each kind's id rule by its name in kinds.ts: videos are keyed by their case-sensitive YouTube id. */
export const ID_RULES: Record<'slug' | 'youtube', IdRule> = {
  slug: SLUG_ID,
  youtube: {
    pattern: /^[A-Za-z0-9_-]{11}$/,
    description: 'an 11-character YouTube video id',
  },
};

function describe(item: unknown, index: number): string {
  const name =
    typeof item === 'object' && item !== null && 'name' in item && typeof item.name === 'string'
      ? ` ("${item.name}")`
      : '';
  return `entry ${index + 1}${name}`;
}

/**
 * What Astro's file() loader would only warn about, as a list: the file must hold a JSON array of
 * objects, each with an `id` (a slug unless `idRule` says otherwise) unique in the file (it is
 * the card's #anchor; a duplicate would silently replace the first entry). Each problem names
 * the file, entry and field. `entries` are the objects found, for the schema's checks.
 */
export function jsonEntryProblems(
  path: string,
  text: string,
  idRule: IdRule = SLUG_ID,
): { problems: string[]; entries: { item: object; where: string }[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problems: [`${path} is not valid JSON: ${(error as Error).message}`], entries: [] };
  }
  if (!Array.isArray(data)) {
    return {
      problems: [`${path} must hold a JSON array of entries ([ {...}, {...} ]).`],
      entries: [],
    };
  }
  const problems: string[] = [];
  const entries: { item: object; where: string }[] = [];
  const seen = new Map<string, number>();
  data.forEach((item: unknown, index) => {
    const where = `${path}, ${describe(item, index)}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${where}: must be an object ({ "id": ..., "name": ... }).`);
      return;
    }
    entries.push({ item, where });
    const id = (item as { id?: unknown }).id;
    if (typeof id !== 'string' || !idRule.pattern.test(id)) {
      problems.push(
        `${where}: field "id" must be ${idRule.description}; found ${JSON.stringify(id)}.`,
      );
      return;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      problems.push(
        `${where}: field "id" "${id}" is already used by entry ${first + 1}; ids must be unique in a file.`,
      );
      return;
    }
    seen.set(id, index);
  });
  return { problems, entries };
}

/** As jsonEntryProblems, throwing a ContentFileError with every problem of the file. */
export function checkJsonEntries(path: string, text: string, idRule: IdRule = SLUG_ID): void {
  const { problems } = jsonEntryProblems(path, text, idRule);
  if (problems.length > 0) throw new ContentFileError(problems.join('\n'));
}
