/**
 * People from a CSV into My People (issue 10, the import/export hub). My People holds references to the people
 * Prospector knows (shared data or the user's own), so each row is matched to one: by e-mail (an address we
 * hold, or one the user found), else by name at the company (its name or domain). A matched person is saved
 * with the row's notes and tags; a person already in My People (or on an earlier line) is skipped; a row that
 * matches no one, or is invalid, is refused with its line and reason. The people export's columns are read,
 * so an exported file imports back.
 */
import { eq, sql } from 'drizzle-orm';
import { type CsvImportReport, PEOPLE_CSV_COLUMNS } from '../../../shared/data-exchange.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { savedKeyPeople } from '../../db/schema.ts';
import { type CsvRecord, importCsvRecords } from '../../http/csv-import.ts';
import { savedPersonChangeSchema } from './saved.ts';

type PersonRow = {
  name: string;
  email: string;
  company: string;
  domain: string;
  notes?: string;
  tags?: string[];
};

const TAG_SEPARATOR = /[;,]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function personOf(cell: (column: string) => string): { row: PersonRow } | { reason: string } {
  const name = cell('name').replace(/\s+/g, ' ');
  if (!name) return { reason: 'name is empty' };
  const email = cell('e-mail').toLowerCase();
  if (email && !EMAIL.test(email)) return { reason: `e-mail "${cell('e-mail')}" is not an e-mail address` };
  const company = cell('company');
  const domain = cell('company domain').toLowerCase();
  if (!email && !company && !domain) {
    return { reason: 'give the e-mail or the company of the person, to find them' };
  }
  const tags = cell('tags')
    .split(TAG_SEPARATOR)
    .map((tag) => tag.trim())
    .filter(Boolean);
  const parsed = savedPersonChangeSchema.safeParse({
    ...(cell('notes') ? { notes: cell('notes') } : {}),
    ...(tags.length ? { tags } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { reason: `${String(issue?.path[0] ?? 'row')} ${issue?.message ?? 'is invalid'}` };
  }
  return { row: { name, email, company, domain, ...parsed.data } };
}

/** The person the row names, as the caller sees them (row-level security: shared data and their own). */
async function matchPerson(tx: Db, caller: Caller, row: PersonRow): Promise<string | { reason: string }> {
  if (row.email) {
    const [byEmail] = await queryRows<{ id: string }>(
      tx,
      sql`(select id from company_contacts where lower(email) = ${row.email} order by id limit 1)
          union all
          (select contact_id as id from contact_reveals
            where user_id = ${caller.id}::uuid and lower(email) = ${row.email} limit 1)
          limit 1`,
    );
    if (byEmail) return byEmail.id;
  }
  if (row.company || row.domain) {
    // The companies first (by their indexes on name and domain), then their people by name.
    const [byName] = await queryRows<{ id: string }>(
      tx,
      sql`select p.id from company_contacts p
          where p.company_id in (
            select id from company_master
            where ${row.company ? sql`lower(name) = lower(${row.company})` : sql`false`}
               or ${row.domain ? sql`lower(domain) = ${row.domain}` : sql`false`})
            and lower(p.full_name) = lower(${row.name})
          order by p.owner_id is null, p.id limit 1`,
    );
    if (byName) return byName.id;
  }
  const at = row.company || row.domain;
  return {
    reason: `no person ${row.email ? `with the e-mail ${row.email}${at ? ' or ' : ''}` : ''}${at ? `named ${row.name} at ${at}` : ''} in Prospector's data: find them in the People Finder, or import their company`,
  };
}

export function importPeopleCsv(
  db: Db,
  caller: Caller,
  upload: { columns: readonly string[]; records: readonly CsvRecord[] },
): Promise<CsvImportReport> {
  return importCsvRecords(db, caller.id, upload, {
    known: PEOPLE_CSV_COLUMNS,
    parse: personOf,
    existing: async (tx) =>
      (
        await tx
          .select({ id: savedKeyPeople.contactId })
          .from(savedKeyPeople)
          .where(eq(savedKeyPeople.userId, caller.id))
      ).map((row) => row.id),
    keyOf: (tx, row) => matchPerson(tx, caller, row),
    skipReason: (earlier) =>
      earlier ? `the same person as line ${earlier}` : 'the person is already in My People',
    write: (tx, row, contactId) =>
      tx
        .insert(savedKeyPeople)
        .values({ userId: caller.id, contactId, notes: row.notes ?? '', tags: row.tags ?? [] })
        .onConflictDoNothing(),
  });
}
