/**
 * The built-in entity extractor (issue 8 point 2): kinds of entities, canonical names that merge spellings,
 * capitalised ordinary words that are not names, relationships with their linking phrase, and key terms
 * scored against the user's corpus. Issue 25 point 9: organisations without a legal form and places from the
 * GeoNames gazetteer, in a travel policy.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalName,
  createEntityLexicon,
  type EntityLexicon,
  findMentions,
  keyTerms,
  linkingPhrase,
  lowerCaseWords,
  MENTIONED_WITH,
  mergeMentions,
  relationsIn,
  sentenceSpans,
  singular,
  termMatchers,
  termMentions,
} from './entities.ts';

let lexicon: EntityLexicon;
beforeAll(() => {
  lexicon = createEntityLexicon(['Globex Corporation', 'Data Storage Corp', 'Stripe, Inc.']);
});

const mentionsOf = (text: string) =>
  findMentions(text, lexicon, lowerCaseWords(text)).map((m) => `${m.type}:${m.canonical}`);

describe('entities', () => {
  it('gives one canonical name to the spellings of one organisation, person or term', () => {
    for (const name of ['Acme Corp', 'Acme Corporation', 'ACME Inc.', 'Acme, Inc', 'The Acme Company Ltd'])
      expect(canonicalName('organization', name), name).toBe('acme');
    expect(canonicalName('person', 'Dr. Jane Smith')).toBe('jane smith');
    expect(canonicalName('term', 'Access Policies')).toBe('access policy');
    expect(['policies', 'processes', 'access', 'status', 'keys', 'analysis'].map(singular)).toEqual([
      'policy',
      'process',
      'access',
      'status',
      'key',
      'analysis',
    ]);
  });

  it('finds organisations, people, products, technologies, places, money and dates', () => {
    expect(
      mentionsOf(
        'On March 3, 2024 Jane Smith of Acme Corporation met Globex in Berlin, Germany. ' +
          'They agreed a $1.2 million deal for Okta with SSO, MFA and AES-256 by Q3 2024.',
      ),
    ).toEqual([
      'date:2024-03-03',
      'person:jane smith',
      'organization:acme',
      'organization:globex',
      'place:berlin',
      'place:germany',
      'money:usd 1200000',
      'product:okta',
      'technology:sso',
      'technology:mfa',
      'technology:aes 256',
      'date:2024-q3',
    ]);
  });

  it('does not take capitalised ordinary words for names', () => {
    // "Grant" is a first name and "Data Storage" a company of our data, but here they are plain words.
    const text =
      'Grant Access to the data storage only when asked.\n\nData Storage\n\nWe grant access weekly.';
    expect(mentionsOf(text)).toEqual([]);
    // "Under" starts the sentence; the organisation is "Acme Corp".
    expect(mentionsOf('Under Acme Corp rules, nothing changes.')).toEqual(['organization:acme']);
    expect(mentionsOf('Company: Acme Corporation; City: Paris')).toEqual([
      'organization:acme',
      'place:paris',
    ]);
  });

  it('finds the agency of a travel policy and the cities of its offices, and nothing in its headings', () => {
    const text = readFileSync(
      join(import.meta.dirname, '../../../../tests/fixtures/knowledge/travel-policy.md'),
      'utf8',
    );
    const named = new Set(
      findMentions(text, lexicon, lowerCaseWords(text))
        .filter((m) => m.type === 'organization' || m.type === 'place' || m.type === 'person')
        .map((m) => `${m.type}:${m.canonical}`),
    );
    expect([...named].sort()).toEqual([
      // "Northwind Analytics, Inc." by its legal form; "Zephyrine Travel" as the agency, the subject of
      // "confirms" and the object of "Contact" (the sentence's verb is not part of the name).
      'organization:northwind analytics',
      'organization:zephyrine travel',
      // Lisbon is a large city, Reykjavik a capital, Porto a city after "visiting".
      'place:lisbon',
      'place:porto',
      'place:reykjavik',
    ]);
    // The headings ("Northwind Travel and Expense Policy", "Expense Reports Are Due Monthly"), dictionary
    // phrases ("Key Personnel", "Social Security") and a person's name we cannot tell from a company's
    // ("Sigrun Jonsdottir") are none of them.
  });

  it('reads a small city as a place only after a place word, and an unknown name only with a reason', () => {
    expect(mentionsOf('Our team in Porto and Braga meets monthly.')).toEqual(['place:porto', 'place:braga']);
    expect(mentionsOf('Porto wine is served.')).toEqual([]);
    // "Nordlys Reisen": two unknown words, no word organisations are named with and no cue, could be a person;
    // "Nordlys Rail" ends in an everyday word, and "our supplier" says what it is.
    expect(mentionsOf('Staff book through Nordlys Reisen.')).toEqual([]);
    expect(mentionsOf('Staff book trains through Nordlys Rail.')).toEqual(['organization:nordlys rail']);
    expect(mentionsOf('Our supplier Nordlys Reisen sends invoices.')).toEqual([
      'organization:nordlys reisen',
    ]);
    // A Title Case line is a heading, whatever words it holds.
    expect(mentionsOf('Zephyrine Travel Booking Rules\nBook early.')).toEqual([]);
  });

  it('splits sentences, but not after Inc. or Dr.', () => {
    const text = 'Acme Inc. uses Okta. Dr. Brown approves it!\nNext line';
    expect(sentenceSpans(text).map((s) => text.slice(s.start, s.end).trim())).toEqual([
      'Acme Inc. uses Okta.',
      'Dr. Brown approves it!',
      'Next line',
    ]);
  });

  it('links two entities of a sentence with the verb phrase between them, or "mentioned with"', () => {
    expect(linkingPhrase(' implements ')).toBe('implements');
    expect(linkingPhrase(' is required for the ')).toBe('is required for');
    expect(linkingPhrase(' and ')).toBeNull();
    expect(linkingPhrase(' for ')).toBeNull();
    expect(linkingPhrase(' (see section 4) uses ')).toBeNull();
    expect(linkingPhrase(' has been asked many times over the years to use ')).toBeNull();

    const text = 'Acme Corp implements Okta for SSO. MFA is required for GitHub.';
    const relations = relationsIn(text, findMentions(text, lexicon, lowerCaseWords(text)));
    expect(relations.map((r) => [r.source.canonical, r.relation, r.target.canonical])).toEqual([
      ['acme', 'implements', 'okta'],
      ['acme', MENTIONED_WITH, 'sso'],
      ['okta', MENTIONED_WITH, 'sso'],
      ['mfa', 'is required for', 'github'],
    ]);
    expect(relations[0]?.sentence).toBe('Acme Corp implements Okta for SSO.');
  });

  it('scores key terms against the corpus and finds them in passages, plural or singular', () => {
    const texts = [
      'The incident response plan names the incident response team. Every security incident is logged.',
      'The incident response team meets monthly; a security incident triggers the incident response plan.',
    ];
    const fresh = keyTerms(texts, { documents: 0, documentFrequency: new Map() });
    expect(fresh.map((t) => t.canonical)).toContain('incident response plan');
    expect(fresh.map((t) => t.canonical)).toContain('security incident');
    // In a corpus where every document already has "security incident", it no longer stands out.
    const common = keyTerms(
      texts,
      { documents: 50, documentFrequency: new Map([['security incident', 50]]) },
      2,
    );
    expect(common.map((t) => t.canonical)).not.toContain('security incident');

    const matchers = termMatchers([{ canonical: 'security incident', name: 'security incident', count: 2 }]);
    const passage = 'Two Security Incidents and one security incident at Acme Corp.';
    const merged = mergeMentions(
      findMentions(passage, lexicon, lowerCaseWords(passage)),
      termMentions(passage, matchers),
    );
    expect(merged.map((m) => `${m.type}:${passage.slice(m.start, m.end)}`)).toEqual([
      'term:Security Incidents',
      'term:security incident',
      'organization:Acme Corp',
    ]);
  });
});
