import { buildContentDir } from '../src/catalogue/content-dir.ts';
import { readContent } from '../src/catalogue/content-files.ts';

/**
 * The build's content, read as the editors' tools read it (src/catalogue/content-files.ts); a
 * file that cannot be read at all ends the command with `exitCode`, naming every such file.
 */
export function readContentOrExit(exitCode: number): ReturnType<typeof readContent> {
  const sources = readContent(buildContentDir);
  const unreadable = sources.flatMap((source) => (source.unreadable ? [source.unreadable] : []));
  if (unreadable.length > 0) {
    console.error(
      `The content cannot be read:\n${unreadable.map((line) => `  - ${line}`).join('\n')}`,
    );
    process.exit(exitCode);
  }
  return sources;
}
