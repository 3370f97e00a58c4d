/**
 * "Is this an English word?" over the ~275,000 words of `an-array-of-english-words`, kept as sorted 32-bit
 * hashes (1 MB, where the words as strings would hold ~10 MB of heap for as long as the entity lexicon lives).
 * A hash collision makes a name look like a word about once in 15,000 look-ups: it only costs that name.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** FNV-1a over the UTF-16 code units. */
function hash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type EnglishWords = (word: string) => boolean;

/** Reads the list (about 50 ms) and returns the look-up; the list itself is let go. */
export function loadEnglishWords(): EnglishWords {
  const path = require.resolve('an-array-of-english-words');
  const words = require(path) as string[];
  delete require.cache[path];
  const hashes = new Uint32Array(words.length);
  for (let i = 0; i < words.length; i++) hashes[i] = hash(words[i] as string);
  hashes.sort();
  return (word) => {
    const h = hash(word.toLowerCase());
    let low = 0;
    let high = hashes.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const value = hashes[mid] as number;
      if (value === h) return true;
      if (value < h) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  };
}
