import { describe, expect, it } from 'vitest';
import {
  addressFor,
  EMAIL_PATTERNS,
  type EmailPattern,
  findEmail,
  type KnownAddress,
  learnDomainPattern,
  nameParts,
  patternConfidence,
  patternsOf,
  VERIFIED_CONFIDENCE,
} from './email-patterns.ts';

/** People at acme.com, all on one pattern; `staff(10, '{first}.{last}')` is a clean domain of ten. */
const PEOPLE = [
  ['Anna', 'Berg'],
  ['Carl', 'Dahl'],
  ['Eva', 'Fors'],
  ['Gustav', 'Holm'],
  ['Ida', 'Jansson'],
  ['Karl', 'Lind'],
  ['Maja', 'Nord'],
  ['Olle', 'Persson'],
  ['Rut', 'Strand'],
  ['Tor', 'Udd'],
  ['Vera', 'Wall'],
  ['Axel', 'Ek'],
] as const;

const staff = (count: number, pattern: EmailPattern, domain = 'acme.com', from = 0): KnownAddress[] =>
  PEOPLE.slice(from, from + count).map(([first, last]) => ({
    first,
    last,
    email: addressFor(pattern, first, last, domain) ?? '',
  }));

describe('EMAIL_PATTERNS', () => {
  it('starts with the most common business pattern and lists each once', () => {
    expect(EMAIL_PATTERNS[0]).toBe('{first}.{last}');
    expect(new Set(EMAIL_PATTERNS).size).toBe(EMAIL_PATTERNS.length);
  });
});

describe('nameParts', () => {
  it.each([
    ['John', 'Smith', 'john', 'smith'],
    ['JOHN', 'SMITH', 'john', 'smith'],
    ['  John ', ' Smith  ', 'john', 'smith'],
    ['José', 'García', 'jose', 'garcia'],
    ['Jürgen', 'Müller', 'jurgen', 'muller'],
    ['Björk', 'Guðmundsdóttir', 'bjork', 'gudmundsdottir'],
    ['Ærling', 'Søren', 'aerling', 'soren'],
    ['Paweł', 'Łukasz', 'pawel', 'lukasz'],
    ['Sebastian', 'Weiß', 'sebastian', 'weiss'],
    ['François', 'Lefèvre', 'francois', 'lefevre'],
    ['Conor', "O'Brien", 'conor', 'obrien'],
    ['Conor', 'O’Brien', 'conor', 'obrien'],
    ["D'Arcy", 'Smith', 'darcy', 'smith'],
    ['Jean-Luc', 'Picard', 'jeanluc', 'picard'],
    ['Mary Ann', 'Smith-Jones', 'maryann', 'smithjones'],
    ['Pieter', 'van der Berg', 'pieter', 'vanderberg'],
    ['Ana', 'de la Cruz', 'ana', 'delacruz'],
    ['J.', 'Smith', 'j', 'smith'],
  ])('%s %s -> %s %s', (first, last, firstToken, lastToken) => {
    expect(nameParts(first, last)).toEqual({
      first: firstToken,
      last: lastToken,
      f: firstToken.charAt(0),
      l: lastToken.charAt(0),
    });
  });

  it.each([
    ['', 'Smith'],
    ['John', ''],
    ['  ', 'Smith'],
    ["'", 'Smith'],
    ['John', '-'],
    ['王', '伟'],
  ])('"%s" "%s" has no usable name: null', (first, last) => {
    expect(nameParts(first, last)).toBeNull();
  });
});

describe('addressFor and patternsOf', () => {
  // Every pattern for one name whose patterns all differ.
  it.each([
    ['{first}.{last}', 'john.smith@acme.com'],
    ['{f}{last}', 'jsmith@acme.com'],
    ['{first}', 'john@acme.com'],
    ['{first}{last}', 'johnsmith@acme.com'],
    ['{f}.{last}', 'j.smith@acme.com'],
    ['{first}_{last}', 'john_smith@acme.com'],
    ['{first}{l}', 'johns@acme.com'],
    ['{last}', 'smith@acme.com'],
    ['{last}.{first}', 'smith.john@acme.com'],
    ['{last}{f}', 'smithj@acme.com'],
    ['{first}-{last}', 'john-smith@acme.com'],
    ['{f}{l}', 'js@acme.com'],
  ] as const)('%s -> %s, and back', (pattern, email) => {
    expect(addressFor(pattern, 'John', 'Smith', 'acme.com')).toBe(email);
    expect(patternsOf('John', 'Smith', email)).toEqual([pattern]);
  });

  it('covers every pattern in the tests above', () => {
    const covered = EMAIL_PATTERNS.map((pattern) =>
      patternsOf('John', 'Smith', addressFor(pattern, 'John', 'Smith', 'x.io') ?? ''),
    );
    expect(covered.flat()).toEqual([...EMAIL_PATTERNS]);
  });

  it.each([
    ['José', 'Müller-Weiß', '{first}.{last}', 'jose.mullerweiss@acme.com'],
    ['Conor', "O'Brien", '{f}{last}', 'cobrien@acme.com'],
    ['Pieter', 'van der Berg', '{first}_{last}', 'pieter_vanderberg@acme.com'],
  ] as const)('%s %s, %s -> %s', (first, last, pattern, email) => {
    expect(addressFor(pattern, first, last, 'acme.com')).toBe(email);
  });

  it('writes the domain in lower case and needs a name and a domain', () => {
    expect(addressFor('{first}.{last}', 'JOHN', 'SMITH', ' ACME.com ')).toBe('john.smith@acme.com');
    expect(addressFor('{first}.{last}', '', 'Smith', 'acme.com')).toBeNull();
    expect(addressFor('{first}.{last}', 'John', 'Smith', ' ')).toBeNull();
  });

  it('reads addresses in any case', () => {
    expect(patternsOf('john', 'smith', ' John.Smith@ACME.com ')).toEqual(['{first}.{last}']);
  });

  it.each([
    // A one-letter first name is its own initial.
    ['J', 'Smith', 'j.smith@acme.com', ['{first}.{last}', '{f}.{last}']],
    ['J', 'Smith', 'jsmith@acme.com', ['{f}{last}', '{first}{last}']],
    ['J', 'Smith', 'js@acme.com', ['{first}{l}', '{f}{l}']],
    // ...and so is a one-letter last name.
    ['John', 'S', 'johns@acme.com', ['{first}{last}', '{first}{l}']],
    ['Li', 'Li', 'li@acme.com', ['{first}', '{last}']],
  ] as const)('%s %s: %s follows several patterns', (first, last, email, patterns) => {
    expect(patternsOf(first, last, email)).toEqual(patterns);
  });

  it.each([
    ['John', 'Smith', 'info@acme.com'],
    ['John', 'Smith', 'john.smith2@acme.com'],
    ['John', 'Smith', 'not an address'],
    ['John', 'Smith', '@acme.com'],
    ['', 'Smith', 'smith@acme.com'],
  ])('%s %s: %s follows none', (first, last, email) => {
    expect(patternsOf(first, last, email)).toEqual([]);
  });
});

describe('patternConfidence', () => {
  it.each([
    [1, 1, 57],
    [2, 2, 72],
    [3, 3, 80],
    [10, 10, 93],
    [20, 20, 96],
    [1000, 1000, 99],
    [7, 10, 65],
    [5, 10, 46],
    [1, 2, 36],
    [0, 0, 0],
  ])('%i of %i addresses -> %i', (support, total, confidence) => {
    expect(patternConfidence(support, total)).toBe(confidence);
  });

  it('stays below a verified address however much evidence there is', () => {
    expect(patternConfidence(1_000_000, 1_000_000)).toBeLessThan(VERIFIED_CONFIDENCE);
  });
});

describe('learnDomainPattern', () => {
  it.each(EMAIL_PATTERNS)('learns %s from ten addresses that follow it', (pattern) => {
    expect(learnDomainPattern('acme.com', staff(10, pattern))).toEqual({
      pattern,
      support: 10,
      total: 10,
      confidence: 93,
    });
  });

  it('one address is weak evidence', () => {
    expect(learnDomainPattern('acme.com', staff(1, '{f}{last}'))).toEqual({
      pattern: '{f}{last}',
      support: 1,
      total: 1,
      confidence: 57,
    });
  });

  it('a mixed domain: 7 of 10 follow {first}.{last}', () => {
    const known = [...staff(7, '{first}.{last}'), ...staff(3, '{f}{last}', 'acme.com', 7)];
    expect(learnDomainPattern('acme.com', known)).toEqual({
      pattern: '{first}.{last}',
      support: 7,
      total: 10,
      confidence: 65,
    });
  });

  it('ignores addresses on other domains, and reads the domain in any case', () => {
    const known = [...staff(2, '{first}.{last}'), ...staff(8, '{f}{last}', 'other.com', 2)];
    expect(learnDomainPattern(' ACME.com', known)).toMatchObject({ pattern: '{first}.{last}', total: 2 });
  });

  it('ignores addresses that follow no pattern and names it cannot write', () => {
    const known = [
      ...staff(2, '{last}'),
      { first: 'Sales', last: 'Team', email: 'info@acme.com' },
      { first: 'John', last: 'Smith', email: 'john.smith2@acme.com' },
      { first: '', last: 'Smith', email: 'smith@acme.com' },
    ];
    expect(learnDomainPattern('acme.com', known)).toMatchObject({ pattern: '{last}', support: 2, total: 2 });
  });

  it('counts an address held twice once', () => {
    const known = [...staff(1, '{first}'), ...staff(1, '{first}'), ...staff(2, '{last}', 'acme.com', 1)];
    expect(learnDomainPattern('acme.com', known)).toMatchObject({ pattern: '{last}', support: 2, total: 3 });
  });

  it('breaks a tie by how common the pattern is', () => {
    const known = [...staff(2, '{f}.{last}'), ...staff(2, '{first}{last}', 'acme.com', 2)];
    expect(learnDomainPattern('acme.com', known)).toMatchObject({ pattern: '{first}{last}', support: 2 });
  });

  it('an address of a one-letter name supports each pattern it follows', () => {
    const known = [
      { first: 'J', last: 'Smith', email: 'j.smith@acme.com' },
      ...staff(1, '{f}.{last}', 'acme.com', 1),
    ];
    expect(learnDomainPattern('acme.com', known)).toMatchObject({
      pattern: '{f}.{last}',
      support: 2,
      total: 2,
    });
  });

  it('knows nothing about a domain without addresses that follow a pattern', () => {
    expect(learnDomainPattern('acme.com', [])).toBeNull();
    expect(learnDomainPattern('acme.com', staff(3, '{first}.{last}', 'other.com'))).toBeNull();
    expect(learnDomainPattern('acme.com', [{ first: 'A', last: 'B', email: 'sales@acme.com' }])).toBeNull();
  });
});

describe('findEmail', () => {
  const known = [...staff(7, '{first}.{last}'), ...staff(3, '{f}{last}', 'acme.com', 7)];

  it('returns the address we hold for this person: verified, confidence 100', () => {
    expect(findEmail({ first: 'Rut', last: 'Strand' }, 'acme.com', known)).toEqual({
      email: 'rstrand@acme.com',
      status: 'verified',
      confidence: VERIFIED_CONFIDENCE,
      pattern: '{f}{last}',
    });
  });

  it('matches the held person by cleaned names, and returns a held address that follows no pattern', () => {
    const held = [...known, { first: 'JOSÉ', last: "O'Brien", email: 'Jose.OBrien2@Acme.com' }];
    expect(findEmail({ first: 'Jose', last: 'OBrien' }, 'acme.com', held)).toEqual({
      email: 'jose.obrien2@acme.com',
      status: 'verified',
      confidence: VERIFIED_CONFIDENCE,
      pattern: null,
    });
  });

  it('does not take an address this person holds on another domain as verified', () => {
    const elsewhere = [...known, { first: 'John', last: 'Smith', email: 'john@other.com' }];
    expect(findEmail({ first: 'John', last: 'Smith' }, 'acme.com', elsewhere)).toMatchObject({
      email: 'john.smith@acme.com',
      status: 'guessed',
    });
  });

  it.each([
    [{ first: 'John', last: 'Smith' }, 'john.smith@acme.com'],
    [{ first: 'JOSÉ', last: 'van der Berg' }, 'jose.vanderberg@acme.com'],
    [{ first: 'Conor', last: "O'Brien" }, 'conor.obrien@acme.com'],
  ])('guesses %o from the learned pattern: %s', (person, email) => {
    expect(findEmail(person, 'ACME.com', known)).toEqual({
      email,
      status: 'guessed',
      confidence: 65,
      pattern: '{first}.{last}',
    });
  });

  it('a guess from one address is weak', () => {
    expect(findEmail({ first: 'John', last: 'Smith' }, 'acme.com', staff(1, '{f}{last}'))).toEqual({
      email: 'jsmith@acme.com',
      status: 'guessed',
      confidence: 57,
      pattern: '{f}{last}',
    });
  });

  // A bare '{first}.{last}' guess would be charged for an address with no evidence behind it.
  it('returns nothing, so charges nothing, when the domain has no address to learn from', () => {
    expect(findEmail({ first: 'John', last: 'Smith' }, 'acme.com', [])).toBeNull();
    expect(findEmail({ first: 'John', last: 'Smith' }, 'new.io', known)).toBeNull();
  });

  it('returns nothing for a name it cannot write or an empty domain', () => {
    expect(findEmail({ first: '', last: 'Smith' }, 'acme.com', known)).toBeNull();
    expect(findEmail({ first: 'John', last: '  ' }, 'acme.com', known)).toBeNull();
    expect(findEmail({ first: 'John', last: 'Smith' }, '', known)).toBeNull();
  });
});
