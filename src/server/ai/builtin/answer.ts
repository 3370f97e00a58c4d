/**
 * The built-in engine's knowledge answers (issues 8 and 24): extractive. The sentences of the passages that
 * answer the question, each followed by the marker of the passage it comes from, so every word of the answer is
 * a word of the user's own documents and says where it is; a closed question's verdict first.
 */
import { VERDICT_LABELS } from '../../../shared/knowledge.ts';
import type { AnswerPassage, EngineAnswer, QuestionWeights } from '../port.ts';
import { isClosedQuestion, keyVerb, saysVerb, verdictFrom } from './verdict.ts';

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

/** A line of a list ("- item", "* item", "1. item", "(a) item"). */
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)]|\([a-z0-9]+\))\s+/i;
/** A row of a table (Markdown's, or as the chunker keeps it: "Data | Encrypt At Rest | ..."), and its rule. */
const isTableRow = (line: string) => (line.match(/\|/g)?.length ?? 0) >= 2;
const TABLE_RULE = /^\|?[\s:|-]+\|?$/;

const cellsOf = (row: string) =>
  row
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => plain(cell));

/** Table cells' shorthand as words. */
const CELL_WORDS: Record<string, string> = { 'n/r': 'Not required', 'n/a': 'Not applicable' };

/**
 * A table as sentences, one per cell: "Encrypt At Rest for Critical data: Required." A row is not a sentence,
 * and quoting one whole ("Data | Labeling or Tagging | ...") answers nothing.
 */
function tableSentences(rows: string[]): string[] {
  const [header, ...body] = rows.filter((row) => !TABLE_RULE.test(row));
  if (!header || body.length === 0) return [];
  const names = cellsOf(header);
  const sentences: string[] = [];
  for (const row of body) {
    const [label = '', ...cells] = cellsOf(row);
    if (!label) continue;
    cells.forEach((cell, index) => {
      const name = names[index + 1];
      if (!cell || !name) return;
      const value = CELL_WORDS[cell.toLowerCase()] ?? cell;
      const subject = names[0] ? `${label} ${names[0].toLowerCase()}` : label;
      sentences.push(`${name} for ${subject}: ${value.replace(/[.;]+$/, '')}.`);
    });
  }
  return sentences;
}

/**
 * Whether a sentence can be quoted to a customer: a statement of a few words at least, not a template's
 * placeholder ("[insert types of Personal Data]"), not a list's lead-in left without its items ("c) Company
 * customers that are natural persons:") or a fragment that starts mid-sentence.
 */
export function isQuotable(sentence: string): boolean {
  // A template's blanks and its notes to the editor ("[Option 2 - Reference an underlying agreement...]").
  if (
    /\[\s*(?:insert|option|select|choose|enter|add)\b|\{\{|\}\}|_{3,}|\[\s*(?:name|date|company|x+)\s*\]/i.test(
      sentence,
    )
  )
    return false;
  if (/^\[(?!\d+\])/.test(sentence)) return false;
  // A sentence that starts with a lower-case word continues another ("and the data is kept..."); a name
  // written in lower case first ("dnaFusion stores ...") does not.
  if (/:\s*$/.test(sentence) || /^[a-z]+\b/.test(sentence) || /^[a-z0-9]{1,3}[.)]\s/i.test(sentence))
    return false;
  // A pointer to another document ("For definitions, see the Data Classification Policy") states nothing.
  if (
    /^(?:for (?:more |further )?(?:details|definitions?|information|more)\b.*,\s*)?see\b|,\s*see\s/i.test(
      sentence,
    )
  )
    return false;
  const words = sentence.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words.length >= 5;
}

/**
 * The sentences of a passage: Markdown blocks and list items, then sentences within them; a line announcing a
 * list ("Approved methods include:") is read together with the first items of its list; a table gives a
 * sentence per cell. Sentences that cannot be quoted (`isQuotable`) are left out.
 */
export function sentencesOf(text: string): string[] {
  // Lines that continue a sentence (wrapped text) are joined; a list item or a blank line starts a new block.
  const blocks: { text: string; item: boolean }[] = [];
  const sentences: string[] = [];
  let table: string[] = [];
  let boundary = true;
  for (const raw of text.split(/\n/)) {
    const line = raw.trim();
    if (isTableRow(line)) {
      table.push(line);
      boundary = true;
      continue;
    }
    if (table.length > 0) {
      sentences.push(...tableSentences(table));
      table = [];
    }
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
  sentences.push(...tableSentences(table));
  const prose: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (!block) continue;
    // A list item is a statement of its own: "- access is reviewed quarterly" reads as a sentence.
    const blockText = plain(block.text);
    const parts = (block.item ? blockText.charAt(0).toUpperCase() + blockText.slice(1) : blockText)
      .split(/(?<=[.!?])\s+(?=["'(\p{Lu}\d])/u)
      .filter((part) => part.length > 0);
    for (const part of parts) prose.push(part);
    const announced = prose.at(-1);
    if (announced?.endsWith(':') && blocks[i + 1]?.item) {
      const items: string[] = [];
      while (blocks[i + 1]?.item) {
        const next = blocks[i + 1];
        i += 1;
        if (next) items.push(plain(next.text).replace(/[.;,]$/, ''));
      }
      prose[prose.length - 1] = clip(`${announced} ${items.join('; ')}.`);
    }
  }
  return [...prose, ...sentences].filter(isQuotable);
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
 * Words of a question that ask rather than say what about ("Does your organisation perform ...", "Please
 * confirm that ..."): a passage need not hold them to answer.
 */
const ASKING = new Set(
  `company companies organization organisation organizations organisations business firm confirm indicate
  describe explain provide perform conduct ensure exist place currently there yes`
    .split(/\s+/)
    .filter(Boolean)
    .map(lightStem),
);

/** "How long", "how often": the answer holds a length or a frequency, not the word. */
const HOW_MUCH = /\bhow (?:long|often|much|many|quickly|soon|fast|frequently|far|old)\b/gi;

/**
 * A sentence answers a question when it holds, with the headings of its passage (what the passage is about),
 * at least this share of the weight of the question's WEIGHTIEST_TERMS weightiest words (so a requirement's
 * long text is answered by a sentence holding its key words). Words weigh what they weigh among all of the
 * caller's passages (the retrieval's idf; among the passages' sentences when it is not given). Below it the
 * passage shares words with the question but is about something else, and is not quoted. Tuned on the tuning
 * half of tests/evaluation/closed-questions.json: 0.5 answered too little (verdict accuracy 0.73), 0.35
 * quoted too much (citation precision 0.79); 0.4 with the four weightiest words keeps the VSAQ coverage above
 * 0.7 (six words: 0.64).
 */
export const ANSWERS_SHARE = 0.4;
const WEIGHTIEST_TERMS = 4;
/** What a sentence's share counts when it does not say the verb a closed question turns on. */
const VERB_UNSAID = 0.75;
/** ...of which the sentence itself holds at least this share (the rest in its headings). */
const OWN_SHARE = 0.1;
/**
 * Sentences quoted after the best: a verdict's support is one or two sentences of one passage, an open answer
 * up to three.
 */
const SUPPORT = { closed: 1, open: 2 } as const;
/** Another sentence supports the answer only when it answers nearly as well as the best. */
const SUPPORT_SHARE = 0.8;

/**
 * The weights of the question's words (by our stem) from the retrieval's (by PostgreSQL's english lexeme, which
 * begins the word: "polici" for "policies", "penetr" for "penetration"); a word without one is one PostgreSQL
 * does not index (a stopword), and weighs nothing.
 */
function corpusWeights(question: string, weights: QuestionWeights): Map<string, number> {
  const lexemes = Object.keys(weights).sort((a, b) => b.length - a.length);
  const byTerm = new Map<string, number>();
  for (const word of question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const spelled = word.replace(/y$/, 'i');
    const lexeme = lexemes.find((l) => spelled.startsWith(l) || word.startsWith(l));
    if (!lexeme) continue;
    const term = lightStem(word);
    byTerm.set(term, Math.max(byTerm.get(term) ?? 0, weights[lexeme] ?? 0));
  }
  return byTerm;
}

/** 1 for a sentence up to 30 words, down to 0.7 at 60 words and more. */
const focus = (text: string) => {
  const words = text.split(/\s+/).length;
  return 1 - 0.3 * Math.min(1, Math.max(0, words - 30) / 30);
};

/** A sentence that answers, with its passage's rank and the share of the question it holds. */
export type AnsweringSentence = { ref: number; order: number; text: string; share: number };

/**
 * The sentences of `passages` that answer `question`, best first: each holds, with its passage's headings, at
 * least ANSWERS_SHARE of the question's weight.
 */
export function answeringSentences(
  question: string,
  passages: readonly AnswerPassage[],
  weights?: QuestionWeights,
): AnsweringSentence[] {
  const asked = [...new Set(contentTerms(question.replace(HOW_MUCH, ' ')))].filter(
    (term) => !ASKING.has(term),
  );
  if (asked.length === 0) return [];
  const sentences = passages.flatMap((passage, rank) => {
    const headings = new Set(contentTerms(`${passage.title} ${passage.section ?? ''}`));
    return sentencesOf(passage.text).map((text, order) => {
      const terms = new Set(contentTerms(text));
      return { ref: passage.ref, rank, order, text, terms, about: new Set([...terms, ...headings]) };
    });
  });
  if (sentences.length === 0) return [];
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of sentence.about) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  // What a word weighs among all of the caller's passages when the retrieval says, else among these sentences.
  const corpus = weights ? corpusWeights(question, weights) : null;
  const weight = (term: string) =>
    corpus ? (corpus.get(term) ?? 0) : Math.log(1 + sentences.length / (1 + (frequency.get(term) ?? 0)));
  // A long question (a requirement's whole text) is answered by a sentence holding its weightiest words: the
  // share is of the weight of its WEIGHTIEST_TERMS weightiest words at most.
  const total = asked
    .map(weight)
    .sort((a, b) => b - a)
    .slice(0, WEIGHTIEST_TERMS)
    .reduce((sum, value) => sum + value, 0);
  if (total === 0) return [];
  // A closed question turns on its verb: a sentence that does not say it answers it less surely.
  const verb = isClosedQuestion(question) ? keyVerb(question) : null;
  return sentences
    .map((sentence) => {
      let held = 0;
      // The sentence itself must hold a part of the question: its headings alone do not answer.
      let own = 0;
      for (const term of asked) {
        if (sentence.about.has(term)) held += weight(term);
        if (sentence.terms.has(term)) own += weight(term);
      }
      return { sentence, share: own > 0 && own >= OWN_SHARE * total ? Math.min(1, held / total) : 0 };
    })
    .filter(({ share }) => share >= ANSWERS_SHARE)
    .map(({ sentence, share }) => ({
      ref: sentence.ref,
      order: sentence.order,
      rank: sentence.rank,
      text: sentence.text,
      // A long sentence holding the same words says less about them (a list of verbs is not an answer), and one
      // that does not say what the question asks about them may answer something else.
      share: share * focus(sentence.text) * (verb && !saysVerb(sentence.text, verb) ? VERB_UNSAID : 1),
    }))
    .sort((a, b) => b.share - a.share || a.rank - b.rank || a.order - b.order)
    .map(({ rank: _rank, ...sentence }) => sentence);
}

/**
 * The built-in engine's answer to `question` from `passages`: the sentence that answers it best and, when
 * others answer nearly as well, one or two more, each cited; a closed question's verdict first ("Yes. ...").
 * Nothing (`answered: false`) when no sentence answers: a passage that only shares words with the question is
 * not quoted. Also the fallback of a model's answer.
 */
export function composeAnswer(
  question: string,
  passages: readonly AnswerPassage[],
  weights?: QuestionWeights,
): EngineAnswer {
  const closed = isClosedQuestion(question);
  const answering = answeringSentences(question, passages, weights);
  const [best] = answering;
  if (!best) return { text: '', answered: false, extractive: true, verdict: closed ? 'not_stated' : null };
  const chosen = [best];
  const termsOf = (text: string) => new Set(contentTerms(text));
  for (const sentence of answering.slice(1)) {
    if (chosen.length > (closed ? SUPPORT.closed : SUPPORT.open)) break;
    if (sentence.share < SUPPORT_SHARE * best.share) break;
    // A verdict's second sentence continues its first's passage: another document would be a second answer.
    if (closed && sentence.ref !== best.ref) continue;
    if (chosen.some((c) => overlap(termsOf(c.text), termsOf(sentence.text)) > 0.7)) continue;
    chosen.push(sentence);
  }
  const quoted = chosen.map((sentence) => cite(clip(sentence.text), sentence.ref)).join(' ');
  const measured = { support: Math.round(best.share * 1000) / 1000 };
  if (!closed) return { text: quoted, answered: true, extractive: true, verdict: null, ...measured };
  const asked = new Set(contentTerms(question));
  const holds = (text: string) => contentTerms(text).filter((term) => asked.has(term)).length;
  const verdict = verdictFrom(question, best.text, holds);
  return {
    text: `${VERDICT_LABELS[verdict]}. ${quoted}`,
    answered: true,
    extractive: true,
    verdict,
    ...measured,
  };
}
