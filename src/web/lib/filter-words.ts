/** Filter words as users type them: the same word in any case and spacing is the same filter. */
export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The words without `value`, whether a word is the value itself or one part of a list typed in one word
 * ("usa, narnia" less "narnia" is "usa").
 */
export function withoutValue(words: readonly string[], value: string): string[] {
  return words.flatMap((word) => {
    if (sameText(word, value)) return [];
    const parts = word.split(/\s*[,;|]\s*/);
    if (parts.length < 2 || !parts.some((part) => sameText(part, value))) return [word];
    const kept = parts.filter((part) => !sameText(part, value)).join(', ');
    return kept ? [kept] : [];
  });
}
