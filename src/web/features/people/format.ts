import { COMPANY_SOURCES } from '../../../shared/companies.ts';
import { SENIORITIES } from '../../../shared/people.ts';
import { formatNumber } from '../../lib/format.ts';
import type { Person } from './api.ts';

/** Generated people, not real ones: every page that shows one says so. */
export const isSynthetic = (person: Pick<Person, 'source'>) => person.source === 'synthetic';

const PERSON_SOURCE_LABELS: Record<string, string> = {
  yc: 'Y Combinator founders',
  synthetic: 'Synthetic sample contacts',
  import: 'Your import',
};

export function personSourceLabel(source: string): string {
  return (
    PERSON_SOURCE_LABELS[source] ??
    (COMPANY_SOURCES as Record<string, { label: string } | undefined>)[source]?.label ??
    source
  );
}

/** 'San Francisco, California, United States'. */
export function personLocation(person: Pick<Person, 'city' | 'region' | 'country'>): string | null {
  const parts = [person.city, person.region, person.country].filter(
    (part, i, all): part is string => Boolean(part) && all.indexOf(part) === i,
  );
  return parts.length > 0 ? parts.join(', ') : null;
}

/** 'Co-founder at Stripe'. */
export const roleAt = (person: Pick<Person, 'title' | 'company'>): string =>
  person.title ? `${person.title} at ${person.company.name}` : person.company.name;

/** '1 person', '12 people'. */
export const peopleCount = (count: number) => `${formatNumber(count)} ${count === 1 ? 'person' : 'people'}`;

const rank = (person: Pick<Person, 'seniority'>) => {
  const index = (SENIORITIES as readonly (string | null)[]).indexOf(person.seniority);
  return index < 0 ? SENIORITIES.length : index;
};

/** The most senior first, then by name (the API sorts by name or relevance only). */
export const bySeniority = (a: Person, b: Person) =>
  rank(a) - rank(b) || a.fullName.localeCompare(b.fullName);
