/**
 * Which knowledge-base sentences a document quotes, and where (issue 24 point 3). Each section takes the
 * sentences that answer one of its questions (answeringSentences), best first, up to its limit; a sentence, or
 * one saying nearly the same, is quoted once in the whole document, in the section it answers best (the first
 * on a tie); nothing else pads a section. Pure: the service retrieves the passages and asks the questions.
 */
import { answeringSentences, contentTerms, isQuotable } from '../../ai/builtin/answer.ts';
import type { AnswerPassage } from '../../ai/port.ts';
import type { DocFact, DocTopic } from './templates.ts';

/** A sentence that answers one of a topic's questions, from `passage`, holding `share` of that question. */
export type FactCandidate<P> = { topic: string; text: string; share: number; passage: P };

/**
 * A fact is a sentence: a longer one is a paragraph run together (a PDF's lines without stops), and a section
 * would copy it rather than quote it.
 */
const MAX_FACT_CHARS = 300;
/** Two sentences sharing this much of the shorter one's words say the same thing: the second is left out. */
const SAME_FACT_OVERLAP = 0.7;

/**
 * The sentences of `passages` that answer `question`, as candidates for `topic`: answeringSentences' (they hold
 * half of the question's weight), and of those only the ones that hold, with their passage's headings, more
 * than half of the question's words: weighted by rarity, one rare word carries a short question alone
 * ("eligibility for benefits" would answer "benefits for customers").
 */
export function factCandidates<P extends Omit<AnswerPassage, 'ref'>>(
  topic: string,
  question: string,
  passages: readonly P[],
): FactCandidate<P>[] {
  const asked = [...new Set(contentTerms(question))];
  const headings = passages.map((p) => new Set(contentTerms(`${p.title} ${p.section ?? ''}`)));
  return answeringSentences(
    question,
    passages.map((passage, ref) => ({ ...passage, ref })),
  ).flatMap((sentence) => {
    const passage = passages[sentence.ref];
    if (!passage) return [];
    const about = new Set([...contentTerms(sentence.text), ...(headings[sentence.ref] ?? [])]);
    const held = asked.filter((term) => about.has(term)).length;
    return held * 2 > asked.length ? [{ topic, text: sentence.text, share: sentence.share, passage }] : [];
  });
}

/**
 * The facts of each topic, each ending with its citation marker, and the passages they cite, numbered in the
 * order the topics (the document's sections) first cite them.
 */
export function selectFacts<P extends { chunkId: string }>(
  topics: Record<string, DocTopic>,
  candidates: readonly FactCandidate<P>[],
): { facts: Record<string, DocFact[]>; passages: P[] } {
  const order = Object.keys(topics);
  const ranked = candidates
    .map((candidate, index) => ({ ...candidate, index, terms: new Set(contentTerms(candidate.text)) }))
    .filter((c) => order.includes(c.topic) && c.text.length <= MAX_FACT_CHARS && isQuotable(c.text))
    .sort(
      (a, b) => b.share - a.share || order.indexOf(a.topic) - order.indexOf(b.topic) || a.index - b.index,
    );
  const chosen = new Map<string, typeof ranked>(order.map((topic) => [topic, []]));
  const quoted: (typeof ranked)[number][] = [];
  for (const candidate of ranked) {
    const section = chosen.get(candidate.topic) ?? [];
    if (section.length >= (topics[candidate.topic]?.max ?? 0)) continue;
    if (quoted.some((q) => sameFact(q, candidate))) continue;
    section.push(candidate);
    quoted.push(candidate);
  }
  const passages: P[] = [];
  const facts: Record<string, DocFact[]> = {};
  for (const topic of order) {
    facts[topic] = (chosen.get(topic) ?? []).map((fact) => {
      let ref = passages.findIndex((p) => p.chunkId === fact.passage.chunkId) + 1;
      if (ref === 0) ref = passages.push(fact.passage);
      return { topic, statement: cite(fact.text, ref) };
    });
  }
  return { facts, passages };
}

function sameFact(a: { text: string; terms: Set<string> }, b: { text: string; terms: Set<string> }): boolean {
  if (normalized(a.text) === normalized(b.text)) return true;
  let shared = 0;
  for (const term of a.terms) if (b.terms.has(term)) shared += 1;
  return shared / Math.max(1, Math.min(a.terms.size, b.terms.size)) > SAME_FACT_OVERLAP;
}

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** "It is encrypted." -> "It is encrypted [2]."; a sentence cut short keeps its ellipsis before the marker. */
function cite(sentence: string, ref: number): string {
  const end = sentence.match(/[.!?]+$/)?.[0];
  return end ? `${sentence.slice(0, -end.length)} [${ref}]${end}` : `${sentence} [${ref}].`;
}
