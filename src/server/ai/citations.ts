/**
 * Citation markers in a knowledge answer ("[1]", "[2, 3]", "[2][3]"): read, checked against the passages given,
 * and rewritten one marker per passage ("[2][3]"), so every marker left points at a real passage.
 */

const MARKER = /\[(\s*\d+(?:\s*[,;]\s*\d+)*\s*)\]/g;

/**
 * `text` with every marker naming passages 1..`count` rewritten as "[n]" markers, and markers naming any other
 * number removed. `refs` lists the passages cited, in the order they are first cited; with `renumber`, the
 * markers are renumbered in that order (the first passage cited becomes [1]).
 */
export function normalizeCitations(
  text: string,
  count: number,
  options: { renumber?: boolean } = {},
): { text: string; refs: number[] } {
  const refs: number[] = [];
  const rewritten = text.replace(MARKER, (_marker, inside: string) => {
    const numbers = inside
      .split(/[,;]/)
      .map((n) => Number(n.trim()))
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= count);
    const unique = [...new Set(numbers)];
    for (const ref of unique) if (!refs.includes(ref)) refs.push(ref);
    return unique.map((ref) => `[${options.renumber ? refs.indexOf(ref) + 1 : ref}]`).join('');
  });
  // A removed marker leaves a space before the punctuation it stood in front of ("MFA ." -> "MFA.").
  const tidy = rewritten.replace(/[ \t]+([.,;:!?])/g, '$1').replace(/[ \t]{2,}/g, ' ');
  return { text: tidy.trim(), refs };
}
