/**
 * Company names in a request: the names of our company data, indexed by their first word (so a request is
 * matched in time proportional to its length, not to the number of companies), plus a capitalised name after
 * a cue ("at Acme Robotics", "about Globex") that the data does not hold.
 */
import { STOP_WORDS, type Token } from './entities.ts';

/** Legal forms that people leave out: "Stripe" finds "Stripe, Inc.". */
const LEGAL_FORMS =
  /[,.]?\s+(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|plc|ag|gmbh|sa|nv|bv|holdings?|group|technologies|international)\.?$/i;

/** Words that are companies too but mean something else in a sales request. */
const COMMON_WORDS = new Set(
  `target box square block visa meta oracle apple amazon snap chime ramp brex gusto notion figma slack zoom
  shopify linear loom retool intercom twilio segment plaid stripe`.split(/\s+/),
);

/** Capitalised words after a cue that are dates, not companies ("slipped to Q2", "by Friday"). */
const NOT_A_NAME =
  /^(?:q[1-4]|h[12]|fy\d*|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|i|me|us)$/i;

const CUE =
  /\b(?:at|for|about|with|from|on|research|researching|to|of|called|named|into|vs\.?|versus|like)\s+$/i;

const key = (name: string) =>
  name
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}&'+ ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export type Gazetteer = {
  /**
   * The names found, as our data writes them (`known`), or capitalised names after a cue that our data does not
   * hold (`unknown`; asked last, when places and industries have taken their words). Marks the words taken.
   */
  find(text: string, tokens: Token[], taken: boolean[], mode: 'known' | 'unknown'): string[];
};

export function createGazetteer(names: readonly string[]): Gazetteer {
  // first word -> [words of the name, the name as stored], longest first
  const index = new Map<string, { words: string[]; name: string }[]>();
  const add = (words: string[], name: string) => {
    const first = words[0];
    if (!first) return;
    const list = index.get(first) ?? [];
    if (!list.some((entry) => entry.words.join(' ') === words.join(' '))) list.push({ words, name });
    index.set(first, list);
  };
  for (const name of names) {
    const full = key(name);
    const short = key(name.replace(LEGAL_FORMS, '').replace(LEGAL_FORMS, ''));
    for (const variant of new Set([full, short])) {
      const words = variant.split(' ').filter(Boolean);
      // A one-word name that is an everyday word ("Target") or too short is too often not a company.
      if (words.length === 1 && ((words[0]?.length ?? 0) < 3 || STOP_WORDS.has(words[0] ?? ''))) continue;
      add(words, name);
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length);

  return {
    find(text, tokens, taken, mode) {
      const found: string[] = [];
      // "Stripe's CFO": the possessive is not part of the name.
      const words = tokens.map((t) => key(t.text.replace(/['’]s$/, '')));
      for (let i = 0; i < tokens.length; i += 1) {
        if (taken[i]) continue;
        const candidates = mode === 'known' ? (index.get(words[i] ?? '') ?? []) : [];
        const hit = candidates.find(
          (c) =>
            c.words.every((w, j) => words[i + j] === w && !taken[i + j]) &&
            (c.words.length > 1 ||
              !COMMON_WORDS.has(c.words[0] ?? '') ||
              /^\p{Lu}/u.test(tokens[i]?.text ?? '') ||
              CUE.test(text.slice(0, tokens[i]?.start ?? 0))),
        );
        if (hit) {
          // A lower-case single word that is not a cue's object is more likely a plain word ("notion of").
          const token = tokens[i];
          if (
            hit.words.length === 1 &&
            token &&
            !/^\p{Lu}/u.test(token.text) &&
            !CUE.test(text.slice(0, token.start))
          ) {
            continue;
          }
          // The first word of a longer request is usually its verb ("Draft a proposal"), not a company.
          if (
            hit.words.length === 1 &&
            i === 0 &&
            tokens.length > 2 &&
            !/['’]s$/.test(tokens[0]?.text ?? '')
          ) {
            continue;
          }
          if (!found.includes(hit.name)) found.push(hit.name);
          for (let j = 0; j < hit.words.length; j += 1) taken[i + j] = true;
          i += hit.words.length - 1;
          continue;
        }
        // Not in our data: a capitalised name right after a cue ("about Acme Robotics").
        const token = tokens[i];
        if (
          mode === 'unknown' &&
          !NOT_A_NAME.test(token?.text ?? '') &&
          token &&
          /^\p{Lu}/u.test(token.text) &&
          !STOP_WORDS.has(token.lower) &&
          i > 0 &&
          CUE.test(text.slice(0, token.start))
        ) {
          let j = i;
          while (j + 1 < tokens.length && /^\p{Lu}/u.test(tokens[j + 1]?.text ?? '') && !taken[j + 1]) j += 1;
          const name = text.slice(token.start, tokens[j]?.end ?? token.end).replace(/['’]s$/, '');
          if (!found.includes(name)) found.push(name);
          for (let k = i; k <= j; k += 1) taken[k] = true;
          i = j;
        }
      }
      return found;
    },
  };
}
