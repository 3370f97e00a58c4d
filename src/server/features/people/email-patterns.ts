/**
 * The e-mail finder's pattern logic (issue 6): learns a domain's address pattern from the addresses we hold
 * and finds a person's address, verified (we hold it) or guessed (the learned pattern). Pure: the caller
 * passes the addresses it holds, and the pattern is learned afresh on every call, so learning is kept cheap.
 */

/** The local-part patterns we know, most common in business e-mail first; ties are broken by this order. */
export const EMAIL_PATTERNS = [
  '{first}.{last}',
  '{f}{last}',
  '{first}',
  '{first}{last}',
  '{f}.{last}',
  '{first}_{last}',
  '{first}{l}',
  '{last}',
  '{last}.{first}',
  '{last}{f}',
  '{first}-{last}',
  '{f}{l}',
] as const;

export type EmailPattern = (typeof EMAIL_PATTERNS)[number];

/** A name as it appears in a local part: lower-case ASCII letters only; f and l are the initials. */
export type NameParts = { first: string; last: string; f: string; l: string };

export type KnownAddress = { first: string; last: string; email: string };

export type DomainPattern = {
  pattern: EmailPattern;
  /** Addresses that follow the pattern. */
  support: number;
  /** The domain's distinct addresses that follow any pattern we know. */
  total: number;
  confidence: number;
};

export type FoundEmail = {
  email: string;
  status: 'verified' | 'guessed';
  confidence: number;
  /** The pattern the address follows; null for a verified address that follows none of ours. */
  pattern: EmailPattern | null;
};

/** Only an address we hold is certain; a learned pattern stays below it (see patternConfidence). */
export const VERIFIED_CONFIDENCE = 100;

// A table rather than parsing '{first}.{last}' on every call: learning runs for thousands of domains.
const LOCAL_PART = {
  '{first}.{last}': (n) => `${n.first}.${n.last}`,
  '{f}{last}': (n) => n.f + n.last,
  '{first}': (n) => n.first,
  '{first}{last}': (n) => n.first + n.last,
  '{f}.{last}': (n) => `${n.f}.${n.last}`,
  '{first}_{last}': (n) => `${n.first}_${n.last}`,
  '{first}{l}': (n) => n.first + n.l,
  '{last}': (n) => n.last,
  '{last}.{first}': (n) => `${n.last}.${n.first}`,
  '{last}{f}': (n) => n.last + n.f,
  '{first}-{last}': (n) => `${n.first}-${n.last}`,
  '{f}{l}': (n) => n.f + n.l,
} as const satisfies Record<EmailPattern, (name: NameParts) => string>;

// ---------------------------------------------------------------------------------------------------------
// Names and addresses
// ---------------------------------------------------------------------------------------------------------

/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/** 'José' -> 'jose', "O'Brien" -> 'obrien', 'Jean-Luc' -> 'jeanluc', 'van der Berg' -> 'vanderberg'. */
function localToken(name: string): string {
  // Most names are plain ASCII letters; skip the Unicode work for them.
  if (/^[A-Za-z]*$/.test(name)) return name.toLowerCase();
  // NFD splits 'é' into 'e' and an accent; the last step drops the accent with the apostrophes and spaces.
  return name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? '')
    .replace(/[^a-z]/g, '');
}

/** The tokens a local part is built from, or null when either name has no letters we can write. */
export function nameParts(first: string, last: string): NameParts | null {
  const f = localToken(first);
  const l = localToken(last);
  if (!f || !l) return null;
  return { first: f, last: l, f: f.charAt(0), l: l.charAt(0) };
}

const normalizeDomain = (domain: string) => domain.trim().toLowerCase();

export function addressFor(
  pattern: EmailPattern,
  first: string,
  last: string,
  domain: string,
): string | null {
  const parts = nameParts(first, last);
  const host = normalizeDomain(domain);
  if (!parts || !host) return null;
  return `${LOCAL_PART[pattern](parts)}@${host}`;
}

function splitAddress(text: string): { email: string; local: string; domain: string } | null {
  const email = text.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  return { email, local: email.slice(0, at), domain: email.slice(at + 1) };
}

function patternsOfLocal(parts: NameParts, local: string): EmailPattern[] {
  return EMAIL_PATTERNS.filter((pattern) => LOCAL_PART[pattern](parts) === local);
}

/** Every pattern that yields this address for this name; several can ('j.smith' for J Smith). */
export function patternsOf(first: string, last: string, email: string): EmailPattern[] {
  const parts = nameParts(first, last);
  const address = splitAddress(email);
  if (!parts || !address) return [];
  return patternsOfLocal(parts, address.local);
}

// ---------------------------------------------------------------------------------------------------------
// Learning a domain's pattern
// ---------------------------------------------------------------------------------------------------------

/** How much of an unseen address that breaks the pattern we assume (see patternConfidence). */
const UNSEEN_DISSENT = 0.75;

/**
 * How sure a learned pattern is, 0-99: the share of the domain's addresses that follow it, discounted when
 * there are few, as if we also held 3/4 of an address that does not: floor(100 * support / (total + 0.75)).
 * 1 of 1 -> 57, 3 of 3 -> 80, 10 of 10 -> 93, 20 of 20 -> 96, 7 of 10 -> 65. It never reaches
 * VERIFIED_CONFIDENCE: a pattern, however consistent, is still a guess for a new person.
 */
export function patternConfidence(support: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((100 * support) / (total + UNSEEN_DISSENT));
}

type HeldAddress = { parts: NameParts; local: string; email: string };

/** The distinct addresses we hold on this domain whose holder's name we can write. */
function heldOn(domain: string, known: readonly KnownAddress[]): HeldAddress[] {
  const held: HeldAddress[] = [];
  const seen = new Set<string>();
  for (const entry of known) {
    const address = splitAddress(entry.email);
    if (!address || address.domain !== domain) continue;
    // The same address read from two sources is one piece of evidence, not two.
    if (seen.has(address.email)) continue;
    seen.add(address.email);
    const parts = nameParts(entry.first, entry.last);
    if (parts) held.push({ parts, local: address.local, email: address.email });
  }
  return held;
}

function bestPattern(held: readonly HeldAddress[]): DomainPattern | null {
  const support = new Map<EmailPattern, number>();
  let total = 0;
  for (const { parts, local } of held) {
    const followed = patternsOfLocal(parts, local);
    for (const pattern of followed) support.set(pattern, (support.get(pattern) ?? 0) + 1);
    // 'info@' or 'jsmith2@' say nothing about the pattern: they count neither for nor against.
    if (followed.length > 0) total++;
  }
  // EMAIL_PATTERNS order and strictly-greater, so a tie goes to the more common pattern.
  let best: DomainPattern | null = null;
  for (const pattern of EMAIL_PATTERNS) {
    const count = support.get(pattern) ?? 0;
    if (count > (best?.support ?? 0)) {
      best = { pattern, support: count, total, confidence: patternConfidence(count, total) };
    }
  }
  return best;
}

/**
 * The pattern most of the domain's addresses follow, or null when none we hold follows one we know.
 * Addresses on other domains are ignored, so the caller may pass a company's whole list.
 */
export function learnDomainPattern(domain: string, known: readonly KnownAddress[]): DomainPattern | null {
  return bestPattern(heldOn(normalizeDomain(domain), known));
}

// ---------------------------------------------------------------------------------------------------------
// Finding an address
// ---------------------------------------------------------------------------------------------------------

/**
 * This person's address on the domain: 'verified' when we hold it (the same cleaned names), else 'guessed'
 * from the domain's learned pattern. A domain without any address to learn from gives null, not a bare
 * '{first}.{last}' guess: we charge only when we return an address, and an address with no evidence behind
 * it is not worth a credit (nor a bounce).
 */
export function findEmail(
  person: { first: string; last: string },
  domain: string,
  known: readonly KnownAddress[],
): FoundEmail | null {
  const parts = nameParts(person.first, person.last);
  const host = normalizeDomain(domain);
  if (!parts || !host) return null;
  const held = heldOn(host, known);
  const own = held.find((h) => h.parts.first === parts.first && h.parts.last === parts.last);
  if (own) {
    return {
      email: own.email,
      status: 'verified',
      confidence: VERIFIED_CONFIDENCE,
      pattern: patternsOfLocal(parts, own.local)[0] ?? null,
    };
  }
  const learned = bestPattern(held);
  if (!learned) return null;
  return {
    email: `${LOCAL_PART[learned.pattern](parts)}@${host}`,
    status: 'guessed',
    confidence: learned.confidence,
    pattern: learned.pattern,
  };
}
