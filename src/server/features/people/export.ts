import { departmentLabel, type SearchedPerson, seniorityLabel } from '../../../shared/people.ts';
import type { CsvColumns } from '../../http/csv-export.ts';

/** The people CSV: what the search shows, with the addresses and numbers the caller found (never the rest). */
export const PEOPLE_COLUMNS: CsvColumns<SearchedPerson> = [
  ['Name', (p) => p.fullName],
  ['First name', (p) => p.firstName],
  ['Last name', (p) => p.lastName],
  ['Title', (p) => p.title],
  ['Seniority', (p) => seniorityLabel(p.seniority)],
  ['Department', (p) => departmentLabel(p.department)],
  ['E-mail', (p) => p.email],
  ['E-mail status', (p) => p.emailStatus],
  ['E-mail confidence', (p) => p.emailConfidence],
  ['Phone', (p) => p.phone],
  ['City', (p) => p.city],
  ['Region', (p) => p.region],
  ['Country', (p) => p.country],
  ['Company', (p) => p.company.name],
  ['Company domain', (p) => p.company.domain],
  ['Company industry', (p) => p.company.industry],
  ['Company size', (p) => p.company.size],
  ['Company country', (p) => p.company.country],
  ['In My People', (p) => (p.saved ? 'yes' : 'no')],
  ['Source', (p) => p.source],
  ['Licence', (p) => p.license],
];
