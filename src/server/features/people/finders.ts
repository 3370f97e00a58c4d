/**
 * The e-mail and phone finders (issue 6 §3). An address is the one we hold for the person (verified) or the
 * one the company domain's pattern gives (guessed, with a confidence); a number only one we hold. What a user
 * found is kept for them (`contact_reveals`), so they pay for it once; finding nothing costs nothing.
 */
import { sql } from 'drizzle-orm';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { contactReveals } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Charger } from '../credits/charger.ts';
import { findEmail } from './email-patterns.ts';
import { PERSON_NOT_FOUND } from './saved.ts';

/** Addresses at the company read to learn its pattern: enough to see it, few enough to stay quick. */
const KNOWN_ADDRESSES = 200;

export type FoundEmail = {
  email: string;
  status: 'verified' | 'guessed';
  confidence: number;
  creditsCharged: number;
};
export type FoundPhone = { phone: string; creditsCharged: number };

type Contact = {
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

/** The contact as the caller may see it (row-level security), with what they found before. */
async function contactOf(tx: Db, contactId: string): Promise<Contact> {
  const [contact] = await queryRows<Contact>(
    tx,
    sql`select p.company_id as "companyId", p.source, p.first_name as "firstName", p.last_name as "lastName", p.email,
        p.phone, m.domain, r.email as "revealedEmail", r.email_status as "revealedStatus",
        r.email_confidence as "revealedConfidence", r.phone as "revealedPhone"
      from company_contacts p join company_master m on m.id = p.company_id
      left join contact_reveals r on r.contact_id = p.id
        and r.user_id = nullif(current_setting('app.user_id', true), '')::uuid
      where p.id = ${contactId}::uuid`,
  );
  if (!contact) throw new AppError('NOT_FOUND', 404, PERSON_NOT_FOUND);
  return contact;
}

const keep = (
  db: Db,
  caller: Caller,
  contactId: string,
  found: Partial<typeof contactReveals.$inferInsert>,
) =>
  withUser(db, caller.id, (tx) =>
    tx
      .insert(contactReveals)
      .values({ userId: caller.id, contactId, ...found })
      .onConflictDoUpdate({ target: [contactReveals.userId, contactReveals.contactId], set: found }),
  );

export async function findContactEmail(
  db: Db,
  credits: Charger,
  caller: Caller,
  contactId: string,
): Promise<FoundEmail | null> {
  const found = await withUser(db, caller.id, async (tx) => {
    const contact = await contactOf(tx, contactId);
    if (contact.revealedEmail) {
      return {
        email: contact.revealedEmail,
        status: contact.revealedStatus ?? 'guessed',
        confidence: Number(contact.revealedConfidence ?? 0),
        paid: true,
      };
    }
    if (!contact.domain && !contact.email) return null;
    // A real person's address is never guessed from made-up sample addresses at their company.
    const evidence = contact.source === 'synthetic' ? sql`true` : sql`source <> 'synthetic'`;
    const known = await queryRows<{ first: string; last: string; email: string }>(
      tx,
      sql`select first_name as first, last_name as last, email from company_contacts
        where company_id = ${contact.companyId}::uuid and email is not null and ${evidence}
        limit ${KNOWN_ADDRESSES}`,
    );
    const person = { first: contact.firstName, last: contact.lastName };
    // The address we hold is verified whatever its domain; a guess needs the company's domain.
    const result = contact.email
      ? { email: contact.email.toLowerCase(), status: 'verified' as const, confidence: 100 }
      : contact.domain
        ? findEmail(person, contact.domain, known)
        : null;
    return result
      ? { email: result.email, status: result.status, confidence: result.confidence, paid: false }
      : null;
  });
  if (!found) return null;
  if (found.paid)
    return { email: found.email, status: found.status, confidence: found.confidence, creditsCharged: 0 };
  const charge = await credits.charge(caller, 'email_finder', 1, 'E-mail address found');
  await keep(db, caller, contactId, {
    email: found.email,
    emailStatus: found.status,
    emailConfidence: found.confidence,
    emailFoundAt: new Date(),
  });
  return {
    email: found.email,
    status: found.status,
    confidence: found.confidence,
    creditsCharged: charge.creditsCharged,
  };
}

export async function findContactPhone(
  db: Db,
  credits: Charger,
  caller: Caller,
  contactId: string,
): Promise<FoundPhone | null> {
  const contact = await withUser(db, caller.id, (tx) => contactOf(tx, contactId));
  if (contact.revealedPhone) return { phone: contact.revealedPhone, creditsCharged: 0 };
  if (!contact.phone) return null;
  const charge = await credits.charge(caller, 'phone_finder', 1, 'Phone number found');
  await keep(db, caller, contactId, { phone: contact.phone, phoneFoundAt: new Date() });
  return { phone: contact.phone, creditsCharged: charge.creditsCharged };
}
