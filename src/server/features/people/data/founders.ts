/**
 * The real people in our data: the founders of the Y Combinator startups (the `Founders` column of the same
 * CC BY-SA 4.0 file the companies come from), each a contact at their company, placed at its headquarters. A
 * founder of several startups is a contact at each. We hold no addresses or numbers for them.
 */
import Papa from 'papaparse';
import { COMPANY_SOURCES } from '../../../../shared/companies.ts';
import { nameKey } from '../../companies/data/names.ts';

/** A YC company as `company_master` holds it. */
export type FounderCompany = {
  id: string;
  name: string;
  country: string | null;
  countryCode: string | null;
  region: string | null;
  city: string | null;
};

export type FounderContact = {
  companyId: string;
  companyName: string;
  firstName: string;
  lastName: string;
  fullName: string;
  title: string;
  country: string | null;
  countryCode: string | null;
  region: string | null;
  city: string | null;
  source: 'yc';
  license: string;
};

/** 'Jean-Luc  Picard' -> first 'Jean-Luc', last 'Picard'; a single word is a first name. */
export function splitName(fullName: string): { firstName: string; lastName: string; fullName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' '), fullName: words.join(' ') };
}

/** The founders of every startup of the YC file whose company we hold, matched by the company's name key. */
export function founderContacts(ycCsv: string, companies: readonly FounderCompany[]): FounderContact[] {
  const byKey = new Map(companies.map((company) => [nameKey(company.name), company]));
  const { data } = Papa.parse<Record<string, string>>(ycCsv, { header: true, skipEmptyLines: true });
  const contacts: FounderContact[] = [];
  const seen = new Set<string>();
  for (const row of data) {
    const company = byKey.get(nameKey(row.Company ?? ''));
    if (!company) continue;
    const names = (row.Founders ?? '')
      .split(',')
      .map((name) => splitName(name))
      .filter((name) => name.firstName);
    for (const name of names) {
      const key = `${company.id}:${name.fullName.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      contacts.push({
        companyId: company.id,
        companyName: company.name,
        ...name,
        title: names.length > 1 ? 'Co-founder' : 'Founder',
        country: company.country,
        countryCode: company.countryCode,
        region: company.region,
        city: company.city,
        source: 'yc',
        license: COMPANY_SOURCES.yc.license,
      });
    }
  }
  return contacts;
}
