/**
 * Passages of ~150-300 words: long enough to answer from, short enough to cite. A passage never crosses a
 * section or a page, so its heading path or page number is true of every word in it.
 */
import type { TextBlock } from './extract.ts';

export const CHUNK_MIN_WORDS = 150;
export const CHUNK_MAX_WORDS = 300;
/** A section's last passage shorter than this joins the one before it when both fit. */
const CHUNK_TAIL_WORDS = 60;

export type Chunk = { ordinal: number; section: string | null; page: number | null; text: string };

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Sentences, or for a run-on "sentence" (a table, a list without stops) windows of at most the maximum. */
function units(paragraph: string): string[] {
  if (wordCount(paragraph) <= CHUNK_MAX_WORDS) return [paragraph];
  const sentences = paragraph.split(/(?<=[.!?;])\s+|\n+/).filter((s) => s.trim());
  return sentences.flatMap((sentence) => {
    const words = sentence.split(/\s+/).filter(Boolean);
    if (words.length <= CHUNK_MAX_WORDS) return [sentence.trim()];
    const windows: string[] = [];
    for (let i = 0; i < words.length; i += CHUNK_MAX_WORDS) {
      windows.push(words.slice(i, i + CHUNK_MAX_WORDS).join(' '));
    }
    return windows;
  });
}

export function chunkBlocks(blocks: readonly TextBlock[]): Chunk[] {
  const chunks: Chunk[] = [];
  let i = 0;
  while (i < blocks.length) {
    const first = blocks[i];
    if (!first) break;
    // One run of blocks under the same heading path and on the same page.
    const group: TextBlock[] = [];
    while (i < blocks.length && blocks[i]?.section === first.section && blocks[i]?.page === first.page) {
      group.push(blocks[i] as TextBlock);
      i++;
    }
    const parts: { text: string; words: number }[] = [];
    let current: string[] = [];
    let words = 0;
    const flush = () => {
      if (current.length) parts.push({ text: current.join('\n\n'), words });
      current = [];
      words = 0;
    };
    for (const block of group) {
      for (const unit of units(block.text)) {
        const n = wordCount(unit);
        if (words > 0 && words + n > CHUNK_MAX_WORDS) flush();
        current.push(unit);
        words += n;
        if (words >= CHUNK_MIN_WORDS && words + 20 > CHUNK_MAX_WORDS) flush();
      }
    }
    flush();
    const last = parts.at(-1);
    const previous = parts.at(-2);
    if (last && previous && last.words < CHUNK_TAIL_WORDS && previous.words + last.words <= CHUNK_MAX_WORDS) {
      previous.text = `${previous.text}\n\n${last.text}`;
      previous.words += last.words;
      parts.pop();
    }
    for (const part of parts) {
      chunks.push({ ordinal: chunks.length, section: first.section, page: first.page, text: part.text });
    }
  }
  return chunks;
}
