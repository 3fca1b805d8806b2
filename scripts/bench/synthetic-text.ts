import { WORDS } from './catalogue-words.ts';

/** Writes plausible filler text from the catalogue's own vocabulary with a seeded generator. */
export class TextWriter {
  private readonly random: () => number;

  constructor(random: () => number) {
    this.random = random;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)] as T;
  }

  /** Frequent words come up more often, roughly as in real text. */
  word(): string {
    return WORDS[Math.floor(WORDS.length * this.random() ** 2)] ?? 'the';
  }

  words(count: number): string[] {
    return Array.from({ length: count }, () => this.word());
  }

  /** Title Case words, e.g. a product name. */
  title(count: number): string {
    return this.words(count)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
  }

  sentence(): string {
    const text = this.words(this.int(6, 18)).join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  /** Sentences up to about `length` characters, never more than `length`. */
  prose(length: number): string {
    let text = this.sentence();
    for (
      let next = this.sentence();
      text.length + next.length + 1 <= length;
      next = this.sentence()
    ) {
      text += ` ${next}`;
    }
    return text.slice(0, length);
  }

  /**
   * A prompt body of about `length` characters shaped like the real ones: an inputs list with
   * {{PLACEHOLDER}} variables (src/lib/placeholders.ts), paragraphs and numbered steps.
   */
  prompt(length: number): string {
    const lines = ['Inputs:'];
    for (let i = this.int(2, 5); i > 0; i -= 1) {
      const name = this.words(2)
        .map((word) => word.toUpperCase().replace(/[^A-Z0-9]/g, ''))
        .filter(Boolean)
        .join('_');
      lines.push(`- {{INPUT_${name}}}: ${this.sentence()}`);
    }
    let size = lines.join('\n').length;
    for (let step = 1; size < length; step += 1) {
      const line =
        this.random() < 0.4 ? `${step}. ${this.sentence()}` : `\n${this.prose(this.int(150, 500))}`;
      lines.push(line);
      size += line.length + 1;
    }
    return lines.join('\n');
  }
}
