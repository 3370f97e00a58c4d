import { describe, expect, it } from 'vitest';
import type { Person } from './api.ts';
import { bySeniority, peopleCount, personLocation, personSourceLabel, roleAt } from './format.ts';

const person = (fullName: string, seniority: string | null) => ({ fullName, seniority }) as Person;

describe('bySeniority', () => {
  it('puts the most senior first, then orders by name, unknown ranks last', () => {
    const people = [
      person('Zoe Intern', 'intern'),
      person('Nobody Known', null),
      person('Bea Vp', 'vp'),
      person('Al Vp', 'vp'),
      person('Olga Owner', 'owner'),
      person('Ray Future', 'galactic_emperor'),
      person('Cleo Cto', 'c_suite'),
    ];
    expect(people.sort(bySeniority).map((p) => p.fullName)).toEqual([
      'Olga Owner',
      'Cleo Cto',
      'Al Vp',
      'Bea Vp',
      'Zoe Intern',
      'Nobody Known',
      'Ray Future',
    ]);
  });
});

describe('person texts', () => {
  it('counts people in English, with grouped thousands', () => {
    expect([0, 1, 2, 12_345].map(peopleCount)).toEqual(['0 people', '1 person', '2 people', '12,345 people']);
  });

  it('says the role at the company, or the company alone without a title', () => {
    expect(roleAt({ title: 'Co-founder', company: { name: 'Stripe' } } as Person)).toBe(
      'Co-founder at Stripe',
    );
    expect(roleAt({ title: null, company: { name: 'Stripe' } } as Person)).toBe('Stripe');
    expect(roleAt({ title: '', company: { name: 'Stripe' } } as Person)).toBe('Stripe');
  });

  it('joins the place without repeating a name, or none', () => {
    expect(personLocation({ city: 'San Francisco', region: 'California', country: 'United States' })).toBe(
      'San Francisco, California, United States',
    );
    expect(personLocation({ city: 'Berlin', region: 'Berlin', country: 'Germany' })).toBe('Berlin, Germany');
    expect(personLocation({ city: null, region: null, country: null })).toBeNull();
  });

  it("names a person's source: people sources first, then company sources, else as stored", () => {
    expect(personSourceLabel('yc')).toBe('Y Combinator founders');
    expect(personSourceLabel('synthetic')).toBe('Synthetic sample contacts');
    expect(personSourceLabel('sec')).toBe('SEC listed companies');
    expect(personSourceLabel('linkedin')).toBe('linkedin');
  });
});
