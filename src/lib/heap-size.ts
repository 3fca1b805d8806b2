/**
 * The heap a build step runs in. V8 lets a heap grow with garbage toward its default limit
 * (about 4 GB on this machine) before it collects hard; a limit sized to what the step holds
 * keeps its memory near that instead (docs/performance.md, "The build in heaps sized to the
 * site"). The steps: Astro's own build (scripts/astro-build.ts, sized by the content folder)
 * and the finishing step (scripts/postbuild.ts, sized by the built pages).
 */
export interface HeapRule {
  /** The variable that overrides the rule, named in every message. */
  variable: string;
  /** Megabytes of heap for each megabyte of input. */
  perByte: number;
  /** The least heap, in megabytes, whatever the input. */
  floorMb: number;
}

/** The smallest heap a variable may ask for, in megabytes. */
export const LEAST_HEAP_MB = 256;

/**
 * The heap in megabytes: the rule's variable when set (`chosen`), otherwise `perByte` times the
 * input's bytes, `floorMb` at least. A variable that is not a whole number of megabytes of
 * LEAST_HEAP_MB or more is an error whose message names it.
 */
export function heapMegabytes(
  rule: HeapRule,
  chosen: string | undefined,
  inputBytes: number,
): { megabytes: number } | { error: string } {
  if (chosen !== undefined && chosen.trim() !== '') {
    const megabytes = Number(chosen);
    if (!Number.isInteger(megabytes) || megabytes < LEAST_HEAP_MB) {
      return {
        error: `${rule.variable} must be a whole number of megabytes, ${LEAST_HEAP_MB} or more (it is "${chosen}").`,
      };
    }
    return { megabytes };
  }
  return {
    megabytes: Math.max(rule.floorMb, Math.ceil((rule.perByte * inputBytes) / 2 ** 20)),
  };
}
