import { nameKey } from '../companies/data/names.ts';

/** A person's name as a key: lower case, without accents or punctuation ('José  O’Brien' -> 'jose o brien'). */
export const personNameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The keys of `contact_suppressions` that name a person: their e-mail address when we hold one, and their name
 * at their company (for people we hold no address for). A person is left out when any of their keys is there.
 */
export function suppressionKeys(person: {
  email?: string | null;
  fullName: string;
  companyName: string;
}): string[] {
  const keys = [`name:${personNameKey(person.fullName)}@${nameKey(person.companyName)}`];
  const email = person.email?.trim().toLowerCase();
  if (email) keys.unshift(`email:${email}`);
  return keys;
}
