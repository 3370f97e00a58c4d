/**
 * Verdicts for closed questions (issue 24): "Do you encrypt customer data at rest?" is answered Yes, No or
 * Partially from the sentence that answers it, reading its negation ("must not", "is prohibited"), its
 * exceptions ("except", "unless", "on a case by case basis") and the question's own polarity ("Do you prohibit
 * ...?" is answered Yes by "... is prohibited").
 */
import type { Verdict } from '../../../shared/knowledge.ts';

/** A question's own number before it ("4.2", "(b)", "Q3."), which says nothing of what it asks. */
const NUMBER = String.raw`(?:\(?(?=[\w.]*\d)[\w.]{1,8}[.)]?\s+)?`;

/** A questionnaire's closed question: an auxiliary verb first, "please confirm", or a Yes/No ask. */
const CLOSED = new RegExp(
  String.raw`^${NUMBER}(?:(?:and|also|so|if so,?)\s+)?(?:do|does|did|is|are|was|were|can|could|has|have|had|will|would|should|shall|must|may)\b`,
  'i',
);
const CONFIRM = new RegExp(
  String.raw`^${NUMBER}(?:please\s+)?(?:confirm|indicate|state|verify|specify)\s+(?:whether|if|that)\b`,
  'i',
);
const YES_NO = /\(\s*(?:yes\s*\/\s*no|y\s*\/\s*n)\s*\)|\byes or no\b/i;

export function isClosedQuestion(question: string): boolean {
  const text = question.trim();
  // "How ..." or "Which ..." asked after a closed one is open: the first sentence decides.
  const first = text.split(/(?<=[?.])\s+/)[0] ?? text;
  return CLOSED.test(first) || CONFIRM.test(first) || YES_NO.test(text);
}

/** Negation of what a sentence states; phrases that only look negative are removed first. */
const NOT_NEGATIONS =
  /\b(?:no (?:later|more|less|fewer|sooner) than|not only|whether or not|(?:including )?but not limited to|not limited to|if not already|no matter)\b/gi;
const NEGATION =
  /\b(?:not|never|no|none|nor|cannot|can't|won't|isn't|aren't|doesn't|don't|mustn't|shouldn't|prohibit(?:s|ed|ion)?|forbid(?:s|den)?|disallow(?:s|ed)?|ban(?:s|ned)?|not permitted|not allowed|n\/r|not required)\b/i;
/** Exceptions and conditions: the practice holds, but not always or not for everything. */
const PARTIAL = new RegExp(
  [
    'except(?:ion|ions)?',
    'unless',
    'case[- ]by[- ]case',
    'if and only if',
    'may (?:only )?be (?:allowed|permitted|granted|approved)',
    '(?:is|are|be) only (?:allowed|permitted)',
    'may only',
    'only (?:be )?(?:allowed|permitted) (?:for|when|if|on|in)',
    'without (?:the )?(?:explicit |prior |written |formal )?(?:authori[sz]ation|approval|consent|permission)',
    'optional(?:ly)?',
    'in (?:some|certain|limited) cases',
  ]
    .map((cue) => `\\b${cue}\\b`)
    .join('|'),
  'i',
);
/** A practice followed where it can be: Partially for a question about every case, Yes otherwise. */
const HEDGE =
  /\b(?:(?:where|when|whenever|if) (?:technically )?(?:feasible|possible|practical|practicable|applicable)|to the extent (?:possible|feasible))\b/i;
const EVERY_CASE = /\b(?:every|all|always|each|any|everywhere|without exception)\b/i;
/** A question asking whether something is forbidden: a "prohibited" answers it Yes. */
const NEGATIVE_QUESTION = /\b(?:not|never|prohibit\w*|forbid\w*|disallow\w*|ban(?:s|ned)?)\b/i;

/**
 * The clause of `sentence` most about the question: its parts between punctuation and conjunctions, the one
 * holding the most of `holds` (the question's words), so a negation elsewhere in the sentence is not read as
 * the answer's ("Data is encrypted at rest and is never shared" answers "Is data encrypted?" Yes).
 */
function clauseAbout(sentence: string, holds: (text: string) => number): string {
  // Not at "and" or a comma: "VPN access to master and production accounts is prohibited" is one clause.
  const clauses = sentence.split(/;|,?\s(?:but|while|whereas|however)\s/i).filter((c) => c.trim());
  let best = sentence;
  let most = -1;
  for (const clause of clauses) {
    const held = holds(clause);
    if (held > most) {
      most = held;
      best = clause;
    }
  }
  return best;
}

/**
 * The verdict a sentence gives a closed question. `holds` counts the question's words in a piece of text (the
 * caller's stemming), to find the clause that answers. Exceptions anywhere in the sentence make it Partially.
 */
export function verdictFrom(question: string, sentence: string, holds: (text: string) => number): Verdict {
  const plain = sentence.replace(NOT_NEGATIONS, ' ');
  if (PARTIAL.test(plain) || (HEDGE.test(plain) && EVERY_CASE.test(question))) return 'partially';
  const negated = NEGATION.test(clauseAbout(plain, holds));
  const asksNegative = NEGATIVE_QUESTION.test(question.replace(NOT_NEGATIONS, ' '));
  return negated === asksNegative ? 'yes' : 'no';
}

/**
 * Verbs a closed question asks with that say little of what it is about ("Do you have...", "Is ... required?"):
 * an answer need not repeat them.
 */
const LIGHT_VERBS = new Set(
  `have has had use uses used perform performs performed conduct conducts conducted maintain maintains
  maintained provide provides provided support supports supported allow allows allowed permit permits permitted
  require requires required offer offers offered ensure ensures ensured keep keeps kept make makes made get gets
  do does done need needs needed implement implements implemented apply applies applied follow follows followed
  take takes taken be been being there any all`
    .split(/\s+/)
    .filter(Boolean),
);
const SUBJECT = new RegExp(
  String.raw`^${NUMBER}(?:do|does|did|can|could|will|would|should|shall|must|may)\s+(?:you|we|they|it|(?:your|the|our|all|any|each)\s+(?:[\w-]+\s+){0,2}?[\w-]+?s?|employees|staff|customers|users|administrators|admins)\s+(?:(?:also|currently|regularly|always|ever|still|directly|formally|actively|digitally|automatically|centrally|securely|properly|periodically)\s+)?([a-z-]+)`,
  'i',
);
const BE_QUESTION = new RegExp(String.raw`^${NUMBER}(?:is|are|was|were|has|have)\b`, 'i');
/** Where a question's main clause ends: "Is customer data deleted | after an account is closed?" */
const SUBORDINATE = /\b(?:when|after|before|if|once|while|unless|until|where|because|whether)\b/i;

/** "Are shared accounts allowed?": the main clause's last participle (allowed), not an adjective (shared). */
function participleOf(question: string): string | undefined {
  if (!BE_QUESTION.test(question)) return undefined;
  const main = question.split(SUBORDINATE)[0] ?? question;
  return [...main.matchAll(/\b([a-z]+(?:ed|en))\b/gi)].at(-1)?.[1];
}

/**
 * The verb a closed question turns on ("Do you sell ...": sell; "Are backups encrypted?": encrypted), when it says
 * something of its own (not "have", "use", "allowed"): a sentence that does not say it does not answer the
 * question ("We use a provider to manage payment card processing" does not say whether card details are stored).
 */
export function keyVerb(question: string): string | null {
  const text = question.trim();
  const verb = (text.match(SUBJECT)?.[1] ?? participleOf(text))?.toLowerCase();
  return verb && !LIGHT_VERBS.has(verb) ? verb : null;
}

/** Whether `text` says the verb, in any of its forms ("store": stores, stored, storage; "revoke": revocation). */
export function saysVerb(text: string, verb: string): boolean {
  const root = verb
    .toLowerCase()
    .replace(/(?:ed|en|es|s)$/, '')
    .replace(/e$/, '');
  const prefix = root.slice(0, Math.max(4, root.length - 1));
  return new RegExp(`\\b${prefix.replace(/[^a-z-]/g, '')}`, 'i').test(text);
}
