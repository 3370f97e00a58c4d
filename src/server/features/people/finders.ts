/**
 * The e-mail and phone finders (issue 6 §3), for one person or a selection. An address is the one we hold for
 * the person (verified) or the one the company domain's pattern gives (guessed, with a confidence); a number
 * only one we hold. What a user found is kept for them (`contact_reveals`), so they pay for it once; finding
 * nothing costs nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Person, SearchedPerson } from '../../../shared/people.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { contactReveals } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Charger } from '../credits/charger.ts';
import { findEmail, type KnownAddress } from './email-patterns.ts';
import { PERSON_NOT_FOUND } from './saved.ts';

/** Addresses at a company read to learn its pattern: enough to see it, few enough to stay quick. */
const KNOWN_ADDRESSES = 200;

export type EmailResult = { email: string; status: 'verified' | 'guessed'; confidence: number };
export type FoundEmail = EmailResult & { creditsCharged: number };
export type FoundPhone = { phone: string; creditsCharged: number };

type Contact = {
  id: string;
  companyId: string;
  source: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  domain: string | null;
  revealedEmail: string | null;
  revealedStatus: 'verified' | 'guessed' | null;
  revealedConfidence: number | null;
  revealedPhone: string | null;
};

/** What was looked for. */
export type Lookup = { email: boolean; phone: boolean };

/** Per person: what the finders give, and whether the caller had paid for it before. */
export type Finding = {
  email: (EmailResult & { paidBefore: boolean }) | null;
  phone: { phone: string; paidBefore: boolean } | null;
};

/** The contacts as the caller may see them (row-level security), with what they found before. */
async function contactsOf(tx: Db, ids: readonly string[]): Promise<Contact[]> {
  return queryRows<Contact>(
    tx,
    sql`select p.id, p.company_id as "companyId", p.source, p.first_name as "firstName",
        p.last_name as "lastName", p.email, p.phone, m.domain, r.email as "revealedEmail",
        r.email_status as "revealedStatus", r.email_confidence as "revealedConfidence", r.phone as "revealedPhone"
      from company_contacts p join company_master m on m.id = p.company_id
      left join contact_reveals r on r.contact_id = p.id
        and r.user_id = nullif(current_setting('app.user_id', true), '')::uuid
      where p.id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
}

type Known = KnownAddress & { synthetic: boolean };

/** The addresses held at these companies, real people's first, by company. */
export async function knownAddresses(tx: Db, companyIds: readonly string[]): Promise<Map<string, Known[]>> {
  const byCompany = new Map<string, Known[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = await queryRows<Known & { companyId: string }>(
    tx,
    sql`select c.id as "companyId", k.first_name as first, k.last_name as last, k.email, k.synthetic
      from unnest(${`{${companyIds.join(',')}}`}::uuid[]) as c(id)
      cross join lateral (
        select first_name, last_name, email, source = 'synthetic' as synthetic from company_contacts
        where company_id = c.id and email is not null
        order by source = 'synthetic' limit ${KNOWN_ADDRESSES}
      ) k`,
  );
  for (const { companyId, ...known } of rows) {
    const list = byCompany.get(companyId) ?? [];
    list.push(known);
    byCompany.set(companyId, list);
  }
  return byCompany;
}

/** The address we hold for a person (verified), else the one their company's pattern gives (guessed). */
export function emailOf(
  contact: Pick<Contact, 'email' | 'domain' | 'source' | 'firstName' | 'lastName'>,
  known: readonly Known[],
): EmailResult | null {
  // The address we hold is verified whatever its domain; a guess needs the company's domain.
  if (contact.email) return { email: contact.email.toLowerCase(), status: 'verified', confidence: 100 };
  if (!contact.domain) return null;
  // A real person's address is never guessed from made-up sample addresses at their company.
  const evidence = contact.source === 'synthetic' ? known : known.filter((k) => !k.synthetic);
  const found = findEmail({ first: contact.firstName, last: contact.lastName }, contact.domain, evidence);
  return found ? { email: found.email, status: found.status, confidence: found.confidence } : null;
}

/**
 * What the finders give for these people, without charging or keeping anything. People the caller may not
 * see are absent from the map.
 */
export async function lookUp(
  db: Db,
  caller: Caller,
  ids: readonly string[],
  lookup: Lookup,
): Promise<Map<string, Finding>> {
  return withUser(db, caller.id, async (tx) => {
    const contacts = await contactsOf(tx, ids);
    const guessAt = lookup.email
      ? contacts.filter((c) => !c.revealedEmail && !c.email && c.domain).map((c) => c.companyId)
      : [];
    const known = await knownAddresses(tx, [...new Set(guessAt)]);
    const findings = new Map<string, Finding>();
    for (const contact of contacts) {
      let email: Finding['email'] = null;
      if (lookup.email && contact.revealedEmail) {
        email = {
          email: contact.revealedEmail,
          status: contact.revealedStatus ?? 'guessed',
          confidence: Number(contact.revealedConfidence ?? 0),
          paidBefore: true,
        };
      } else if (lookup.email) {
        const found = emailOf(contact, known.get(contact.companyId) ?? []);
        email = found && { ...found, paidBefore: false };
      }
      const phone: Finding['phone'] = !lookup.phone
        ? null
        : contact.revealedPhone
          ? { phone: contact.revealedPhone, paidBefore: true }
          : contact.phone
            ? { phone: contact.phone, paidBefore: false }
            : null;
      findings.set(contact.id, { email, phone });
    }
    return findings;
  });
}

/**
 * The people with what Find e-mail would give each of them now, read by the finder's own lookUp, so a row that
 * says an address can be guessed is one the finder will guess (and one that says nothing, one it will not).
 */
export async function withEmailFind(
  db: Db,
  caller: Caller,
  people: readonly SearchedPerson[],
): Promise<Person[]> {
  if (people.length === 0) return [];
  const findings = await lookUp(
    db,
    caller,
    people.map((p) => p.id),
    { email: true, phone: false },
  );
  return people.map((person) => ({ ...person, emailFind: findings.get(person.id)?.email?.status ?? null }));
}

export type Kept = { email: Set<string>; phone: Set<string> };

/**
 * Keeps what the caller found, so they see it from then on and never pay for it again, and tells which finds
 * are theirs to pay for: only a find no one kept before, decided by the upsert itself (`where ... is null` under
 * the row lock), so that of two requests finding the same address at once exactly one keeps and pays for it.
 */
export async function keepFindings(
  db: Db,
  caller: Caller,
  findings: ReadonlyMap<string, Finding>,
): Promise<Kept> {
  const now = new Date();
  const emails = [...findings].flatMap(([contactId, f]) =>
    f.email && !f.email.paidBefore
      ? [
          {
            userId: caller.id,
            contactId,
            email: f.email.email,
            emailStatus: f.email.status,
            emailConfidence: f.email.confidence,
            emailFoundAt: now,
          },
        ]
      : [],
  );
  const phones = [...findings].flatMap(([contactId, f]) =>
    f.phone && !f.phone.paidBefore
      ? [{ userId: caller.id, contactId, phone: f.phone.phone, phoneFoundAt: now }]
      : [],
  );
  const target = [contactReveals.userId, contactReveals.contactId];
  const fresh = (column: string) => sql.raw(`excluded.${column}`);
  return withUser(db, caller.id, async (tx) => {
    const email =
      emails.length === 0
        ? []
        : await tx
            .insert(contactReveals)
            .values(emails)
            .onConflictDoUpdate({
              target,
              set: {
                email: fresh('email'),
                emailStatus: fresh('email_status'),
                emailConfidence: fresh('email_confidence'),
                emailFoundAt: fresh('email_found_at'),
              },
              setWhere: sql`${contactReveals.email} is null`,
            })
            .returning({ contactId: contactReveals.contactId });
    const phone =
      phones.length === 0
        ? []
        : await tx
            .insert(contactReveals)
            .values(phones)
            .onConflictDoUpdate({
              target,
              set: { phone: fresh('phone'), phoneFoundAt: fresh('phone_found_at') },
              setWhere: sql`${contactReveals.phone} is null`,
            })
            .returning({ contactId: contactReveals.contactId });
    return { email: new Set(email.map((r) => r.contactId)), phone: new Set(phone.map((r) => r.contactId)) };
  });
}

/** Takes back a find kept for a charge that was then refused: it was not paid for. */
function forgetFinding(db: Db, caller: Caller, contactId: string, kind: 'email' | 'phone') {
  const cleared =
    kind === 'email'
      ? { email: null, emailStatus: null, emailConfidence: null, emailFoundAt: null }
      : { phone: null, phoneFoundAt: null };
  return withUser(db, caller.id, (tx) =>
    tx
      .update(contactReveals)
      .set(cleared)
      .where(and(eq(contactReveals.userId, caller.id), eq(contactReveals.contactId, contactId))),
  );
}

/**
 * One person's find, paid once: refused before anything is kept when it could not be paid; kept, then charged
 * (the find taken back should the charge be refused after all); free when another request kept it first.
 */
async function payForFind(
  db: Db,
  credits: Charger,
  caller: Caller,
  contactId: string,
  finding: Finding,
  kind: 'email' | 'phone',
): Promise<number> {
  const activity = kind === 'email' ? 'email_finder' : 'phone_finder';
  await credits.check(caller, activity);
  const kept = await keepFindings(db, caller, new Map([[contactId, finding]]));
  if (!kept[kind].has(contactId)) return 0;
  try {
    const description = kind === 'email' ? 'E-mail address found' : 'Phone number found';
    return (await credits.charge(caller, activity, 1, description)).creditsCharged;
  } catch (err) {
    await forgetFinding(db, caller, contactId, kind);
    throw err;
  }
}

async function findOne(db: Db, caller: Caller, contactId: string, lookup: Lookup): Promise<Finding> {
  const finding = (await lookUp(db, caller, [contactId], lookup)).get(contactId);
  if (!finding) throw new AppError('NOT_FOUND', 404, PERSON_NOT_FOUND);
  return finding;
}

export async function findContactEmail(
  db: Db,
  credits: Charger,
  caller: Caller,
  contactId: string,
): Promise<FoundEmail | null> {
  const finding = await findOne(db, caller, contactId, { email: true, phone: false });
  if (!finding.email) return null;
  const { paidBefore, ...email } = finding.email;
  if (paidBefore) return { ...email, creditsCharged: 0 };
  const creditsCharged = await payForFind(
    db,
    credits,
    caller,
    contactId,
    { email: finding.email, phone: null },
    'email',
  );
  return { ...email, creditsCharged };
}

export async function findContactPhone(
  db: Db,
  credits: Charger,
  caller: Caller,
  contactId: string,
): Promise<FoundPhone | null> {
  const finding = await findOne(db, caller, contactId, { email: false, phone: true });
  if (!finding.phone) return null;
  if (finding.phone.paidBefore) return { phone: finding.phone.phone, creditsCharged: 0 };
  const creditsCharged = await payForFind(
    db,
    credits,
    caller,
    contactId,
    { email: null, phone: finding.phone },
    'phone',
  );
  return { phone: finding.phone.phone, creditsCharged };
}
