/**
 * Prospects from a CSV (issue 10, the import/export hub): the columns the prospects export writes (name
 * required; company, status, account health, revenue potential, lifecycle, revenue, employees, location, ceo),
 * so an exported file imports back. Each valid row becomes a prospect as one added by hand would (spec 3 §4's
 * defaults, the company linked when one of that name is known, a `prospect.created` event); a name the caller
 * already has (or an earlier line has) is skipped; an invalid row is refused with its line and reason.
 */
import { eq, sql } from 'drizzle-orm';
import { type CsvImportReport, PROSPECTS_CSV_COLUMNS } from '../../../shared/data-exchange.ts';
import {
  ACCOUNT_HEALTH_LABELS,
  ACCOUNT_HEALTHS,
  LIFECYCLE_LABELS,
  LIFECYCLE_POSITIONS,
  PROSPECT_NAME_MAX,
  PROSPECT_STATUS_LABELS,
  PROSPECT_STATUSES,
  REVENUE_POTENTIAL_LABELS,
  REVENUE_POTENTIALS,
} from '../../../shared/prospects.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { savedProspects } from '../../db/schema.ts';
import { type CsvRecord, importCsvRecords } from '../../http/csv-import.ts';
import { refreshMomentum } from './momentum.ts';
import { companyFactsNamed, insertProspect } from './service.ts';

/** The longest text a prospect's free fields (revenue, employees, location, CEO) take. */
export const PROSPECT_FIELD_MAX = 200;

type ImportedProspect = {
  name: string;
  company: string;
  status?: string;
  accountHealth?: string;
  revenuePotential?: string;
  lifecyclePosition?: string;
  revenue?: string;
  employees?: string;
  location?: string;
  ceo?: string;
};

const nameKey = (name: string) => name.trim().toLowerCase();

/** A closed-list cell: its value, or its label as the export writes it (any case); '' when empty. */
function choice<T extends string>(
  raw: string,
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): T | '' | null {
  if (!raw) return '';
  const lower = raw.toLowerCase();
  return values.find((v) => v === lower || labels[v].toLowerCase() === lower) ?? null;
}

const CLOSED = [
  ['status', 'status', PROSPECT_STATUSES, PROSPECT_STATUS_LABELS],
  ['account health', 'accountHealth', ACCOUNT_HEALTHS, ACCOUNT_HEALTH_LABELS],
  ['revenue potential', 'revenuePotential', REVENUE_POTENTIALS, REVENUE_POTENTIAL_LABELS],
  ['lifecycle', 'lifecyclePosition', LIFECYCLE_POSITIONS, LIFECYCLE_LABELS],
] as const;

const FREE = ['revenue', 'employees', 'location', 'ceo'] as const;

function prospectOf(cell: (column: string) => string): { row: ImportedProspect } | { reason: string } {
  const name = cell('name').replace(/\s+/g, ' ');
  if (!name) return { reason: 'name is empty' };
  if (name.length > PROSPECT_NAME_MAX)
    return { reason: `name is longer than ${PROSPECT_NAME_MAX} characters` };
  const row: ImportedProspect = { name, company: cell('company') };
  for (const [column, field, values, labels] of CLOSED) {
    const value = choice(cell(column), values as readonly string[], labels as Record<string, string>);
    if (value === null) {
      return { reason: `${column} "${cell(column)}" is not one of ${values.join(', ')}` };
    }
    if (value) row[field] = value;
  }
  for (const field of FREE) {
    const value = cell(field);
    if (value.length > PROSPECT_FIELD_MAX) {
      return { reason: `${field} is longer than ${PROSPECT_FIELD_MAX} characters` };
    }
    // The export writes "Unknown" for what is not known: the default, as an empty cell.
    if (value && value !== 'Unknown') row[field] = value;
  }
  return { row };
}

export function importProspectsCsv(
  db: Db,
  caller: Caller,
  upload: { columns: readonly string[]; records: readonly CsvRecord[] },
): Promise<CsvImportReport> {
  const batch: { reportId?: string; created: string[] } = { created: [] };
  return importCsvRecords(db, caller.id, upload, {
    known: PROSPECTS_CSV_COLUMNS,
    parse: prospectOf,
    existing: async (tx) =>
      (
        await tx
          .select({ key: sql<string>`lower(${savedProspects.name})` })
          .from(savedProspects)
          .where(eq(savedProspects.userId, caller.id))
      ).map((row) => row.key),
    keyOf: (_tx, row) => nameKey(row.name),
    skipReason: (earlier) =>
      earlier ? `the same name as line ${earlier}` : 'a prospect of that name is already in your pipeline',
    write: async (tx, { company, ...row }) => {
      // The company of that name (or, with no company column, the prospect's own name, as the copilot does)
      // is linked, and what it knows fills the fields the file leaves empty.
      const facts = (await companyFactsNamed(tx, caller, company || row.name)) ?? {};
      return insertProspect(tx, caller, { ...facts, ...row }, batch);
    },
    // Deal momentum of every new prospect, computed once.
    finish: (tx) => refreshMomentum(tx, caller.id, batch.created),
  });
}
