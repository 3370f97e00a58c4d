/**
 * The built-in engine's knowledge answers (issue 8): extractive. The sentences of the passages that best match
 * the question, each followed by the marker of the passage it comes from, so every word of the answer is a
 * word of the user's own documents and says where it is.
 */
import type { AnswerPassage, EngineAnswer } from '../port.ts';

/** At most this many sentences, and about this many characters: an answer, not a copy of the passages. */
const MAX_SENTENCES = 5;
const MAX_CHARS = 1200;
/** A sentence (or a list announced by "...include:" with its first items) is quoted up to this length. */
const MAX_SENTENCE_CHARS = 300;

/** Words that say nothing about what is asked (English function words and question words). */
const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between
  both but by can could did do does doing down during each few for from further had has have having he her here
  hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of
  off on once only or other our ours ourselves out over own same she should so some such than that the their
  theirs them themselves then there these they this those through to too under until up very was we were what
  when where which while who whom why will with would you your yours yourself yourselves tell please us
  shall may must also get got use used using one two want need know like let make made way`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * A light English stemmer: enough to meet "passwords" with "password" and "encrypted" with "encryption" within
 * one answer (the passages were already found by PostgreSQL's own stemmer).
 */
export function lightStem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ations', 'ation', 'ments', 'ment', 'ing', 'ion', 'ed', 'ly', 'er', 'al', 'e']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The content words of a text, stemmed. */
export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (STOPWORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    terms.push(lightStem(word));
    // "multi-factor" also counts as "multi" and "factor", as PostgreSQL's parser reads it.
    if (word.includes('-')) {
      for (const part of word.split('-'))
        if (part.length > 2 && !STOPWORDS.has(part)) terms.push(lightStem(part));
    }
  }
  return terms;
}

/** Markdown and template markup a sentence of an answer should not show. */
function plain(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`+/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|\s)[*_](\S.*?)[*_](?=\s|[.,;:!?]|$)/g, '$1$2')
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

type Sentence = { ref: number; order: number; text: string; terms: Set<string> };

/** A line of a list ("- item", "* item", "1. item", "(a) item"). */
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)]|\([a-z0-9]+\))\s+/i;

/**
 * The sentences of a passage: Markdown blocks and list items, then sentences within them; a line announcing a
 * list ("Approved methods include:") is read together with the first items of its list.
 */
export function sentencesOf(text: string): string[] {
  // Lines that continue a sentence (wrapped text) are joined; a list item or a blank line starts a new block.
  const blocks: { text: string; item: boolean }[] = [];
  let boundary = true;
  for (const raw of text.split(/\n/)) {
    const line = raw.trim();
    if (!line || /^(#{1,6}\s|!!!|```|\|?\s*-{3,})/.test(line)) {
      boundary = true;
      continue;
    }
    const item = LIST_ITEM.test(line);
    const last = blocks.at(-1);
    if (!item && !boundary && last && !/[.!?:]$/.test(last.text)) last.text += ` ${line}`;
    else blocks.push({ text: item ? line.replace(LIST_ITEM, '') : line, item });
    boundary = false;
  }
  const sentences: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (!block) continue;
    const parts = plain(block.text)
      .split(/(?<=[.!?])\s+(?=["'(\p{Lu}\d])/u)
      .filter((part) => part.length > 0);
    for (const part of parts) sentences.push(part);
    const announced = sentences.at(-1);
    if (announced?.endsWith(':') && blocks[i + 1]?.item) {
      const items: string[] = [];
      while (blocks[i + 1]?.item) {
        const next = blocks[i + 1];
        i += 1;
        if (next) items.push(plain(next.text).replace(/[.;,]$/, ''));
      }
      sentences[sentences.length - 1] = clip(`${announced} ${items.join('; ')}.`);
    }
  }
  return sentences;
}

/** A long sentence cut at a word: an answer quotes, it does not copy whole paragraphs. */
function clip(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_CHARS) return sentence;
  return `${sentence.slice(0, MAX_SENTENCE_CHARS - 1).replace(/\s\S*$/, '')}…`;
}

/** "It is required." -> "It is required [2]." */
function cite(sentence: string, ref: number): string {
  const end = sentence.match(/[.!?]+$/)?.[0];
  // A sentence quoted in part keeps its ellipsis before the marker: "...across regions… [2]."
  if (!end) return `${sentence} [${ref}].`;
  return `${sentence.slice(0, -end.length)} [${ref}]${end}`;
}

const overlap = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared / Math.max(1, Math.min(a.size, b.size));
};

/**
 * The extractive answer: the sentences that best match the question (weighted by how rare their shared words
 * are among these passages, and by the passage's rank), one from each passage that shares words with the
 * question, the best passage always first, each followed by its marker, in passage order.
 */
export function composeExtractiveAnswer(question: string, passages: readonly AnswerPassage[]): string {
  const asked = new Set(contentTerms(question));
  const sentences: Sentence[] = passages.flatMap((passage) =>
    sentencesOf(passage.text).map((text, order) => ({
      ref: passage.ref,
      order,
      text,
      terms: new Set(contentTerms(text)),
    })),
  );
  if (sentences.length === 0) return '';
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of sentence.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const weight = (term: string) => Math.log(1 + sentences.length / (1 + (frequency.get(term) ?? 0)));
  const rank = new Map(passages.map((passage, index) => [passage.ref, index]));
  const score = (sentence: Sentence) => {
    let matched = 0;
    for (const term of asked) if (sentence.terms.has(term)) matched += weight(term);
    const words = sentence.terms.size;
    // Very short lines (a label) and very long ones (a table row) say less per word.
    const shape = words < 4 ? 0.5 : words > 60 ? 0.8 : 1;
    return (matched * shape) / (1 + 0.25 * (rank.get(sentence.ref) ?? 0));
  };
  const scored = sentences.map((sentence) => ({ sentence, score: score(sentence) }));
  const best = (ref?: number) =>
    scored
      .filter((s) => (ref === undefined || s.sentence.ref === ref) && s.sentence.terms.size >= 3)
      .sort((a, b) => b.score - a.score || a.sentence.order - b.sentence.order)[0];

  // One sentence from each passage, best passage first (retrieval ranked it best: the answer always starts from
  // it, even if its words differ), then more from the best passages while there is room.
  const chosen: Sentence[] = [];
  let length = 0;
  const take = (sentence: Sentence) => {
    const text = clip(sentence.text);
    chosen.push({ ...sentence, text });
    length += text.length;
  };
  const firstPick = best(passages[0]?.ref) ?? scored[0];
  if (firstPick) take(firstPick.sentence);
  for (const passage of passages.slice(1)) {
    const pick = best(passage.ref);
    if (!pick || pick.score <= 0 || chosen.length >= MAX_SENTENCES) continue;
    if (chosen.some((c) => overlap(c.terms, pick.sentence.terms) > 0.7)) continue;
    take(pick.sentence);
  }
  for (const { sentence, score: value } of [...scored].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= MAX_SENTENCES || value <= 0) break;
    if (chosen.some((c) => c.ref === sentence.ref && c.order === sentence.order)) continue;
    if (length + Math.min(sentence.text.length, MAX_SENTENCE_CHARS) > MAX_CHARS) continue;
    if (chosen.some((c) => overlap(c.terms, sentence.terms) > 0.7)) continue;
    take(sentence);
  }
  chosen.sort((a, b) => (rank.get(a.ref) ?? 0) - (rank.get(b.ref) ?? 0) || a.order - b.order);
  return chosen.map((sentence) => cite(sentence.text, sentence.ref)).join(' ');
}

/**
 * The built-in engine's answer to `question` from `passages`: for a closed question, its verdict first; nothing
 * (`answered: false`) when no passage answers it. Also the fallback of a model's answer.
 */
export function composeAnswer(question: string, passages: readonly AnswerPassage[]): EngineAnswer {
  const text = composeExtractiveAnswer(question, passages);
  return { text, answered: text !== '', extractive: true, verdict: null };
}
