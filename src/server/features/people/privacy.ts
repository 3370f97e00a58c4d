/**
 * Removal at a person's request (issue 6 §4; the right to erasure). Anyone may ask on the public page with
 * their e-mail address; a link sent to that address confirms it is theirs, so nobody can remove someone else.
 * Confirming removes the person from the shared people data and adds their keys to `contact_suppressions`,
 * which every load, import of shared data and regeneration honours, so the removal lasts.
 *
 * The person is found by their address as we hold it, by the address our finder would guess for them at the
 * address's domain, and by their name at a company when they give both (people we hold no address for).
 * Users' own imports are their data, not ours to delete, and are left alone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { contactSuppressions, privacyRequests } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { nameKey } from '../companies/data/names.ts';
import { emailOf, knownAddresses } from './finders.ts';
import { personNameKey, suppressionKeys } from './suppression.ts';

/** How long a confirmation link works. */
const LINK_HOURS = 24;

export const REMOVAL_REQUESTED =
  'Thank you. If we hold data about this address, a confirmation link is on its way to it. Open it within 24 hours to complete the removal.';
export const REMOVAL_LINK_INVALID = 'This link is invalid or has expired. Please ask for the removal again.';

export type RemovalRequest = { email: string; name?: string; company?: string };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Records the request and mails its confirmation link. Every address gets the same answer and the same mail,
 * whether or not we hold data about it: the page must not tell a stranger who is in our data.
 */
export async function requestRemoval(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  request: RemovalRequest,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const email = request.email.trim().toLowerCase();
  await db.insert(privacyRequests).values({
    email,
    name: request.name?.trim() || null,
    company: request.company?.trim() || null,
    tokenHash: hashOf(token),
    expiresAt: new Date(Date.now() + LINK_HOURS * 3600_000),
  });
  const link = `${publicUrl}/privacy/remove-me/confirm?token=${token}`;
  await mailer.send({
    to: email,
    kind: 'privacy-removal',
    subject: 'Prospector: confirm the removal of your data',
    text: [
      'Someone (we hope you) asked Prospector to remove the data it holds about this e-mail address from the',
      'people that its users can search.',
      '',
      `To confirm, open this link within ${LINK_HOURS} hours:`,
      link,
      '',
      'If you did not ask for this, ignore this mail: nothing changes.',
    ].join('\n'),
  });
}

type Candidate = {
  id: string;
  source: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string | null;
  domain: string | null;
  companyId: string;
  companyName: string;
};

const CANDIDATE = sql`p.id, p.source, p.first_name as "firstName", p.last_name as "lastName",
  p.full_name as "fullName", p.email, m.domain, m.id as "companyId", m.name as "companyName"`;

/** The shared people this request names (see the module comment). */
async function peopleNamed(db: Db, request: RemovalRequest): Promise<Candidate[]> {
  const email = request.email.trim().toLowerCase();
  const domain = email.split('@')[1] ?? '';
  const held = await queryRows<Candidate>(
    db,
    sql`select ${CANDIDATE} from company_contacts p join company_master m on m.id = p.company_id
      where lower(p.email) = ${email} and p.owner_id is null`,
  );
  const atDomain = await queryRows<Candidate>(
    db,
    sql`select ${CANDIDATE} from company_contacts p join company_master m on m.id = p.company_id
      where lower(m.domain) = ${domain} and p.email is null and p.owner_id is null`,
  );
  const known = await knownAddresses(db, [...new Set(atDomain.map((p) => p.companyId))]);
  const guessed = atDomain.filter(
    (person) => emailOf(person, known.get(person.companyId) ?? [])?.email === email,
  );
  let byName: Candidate[] = [];
  const name = request.name?.trim();
  const company = request.company?.trim().toLowerCase();
  if (name && company) {
    const atCompany = await queryRows<Candidate>(
      db,
      sql`select ${CANDIDATE} from company_contacts p join company_master m on m.id = p.company_id
        where (lower(m.name) = ${company} or lower(m.domain) = ${company}) and p.owner_id is null`,
    );
    byName = atCompany.filter((person) => personNameKey(person.fullName) === personNameKey(name));
  }
  const unique = new Map([...held, ...guessed, ...byName].map((person) => [person.id, person]));
  return [...unique.values()];
}

/**
 * Confirms a request from its link: removes the people it names and suppresses them for good. Returns how
 * many people were removed, or null for an unknown, used or expired link.
 */
export async function confirmRemoval(db: Db, token: string): Promise<number | null> {
  const [request] = await db
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.tokenHash, hashOf(token)),
        eq(privacyRequests.status, 'pending'),
        gt(privacyRequests.expiresAt, new Date()),
      ),
    );
  if (!request) return null;
  const query = {
    email: request.email,
    name: request.name ?? undefined,
    company: request.company ?? undefined,
  };
  const people = await peopleNamed(db, query);
  const keys = new Set([`email:${request.email}`]);
  for (const person of people) {
    for (const key of suppressionKeys({ ...person, companyName: person.companyName })) keys.add(key);
  }
  if (query.name && query.company) keys.add(`name:${personNameKey(query.name)}@${nameKey(query.company)}`);
  return db.transaction(async (tx) => {
    // Claimed first: of two clicks on the same link, one removes and the other finds it used.
    const [claimed] = await tx
      .update(privacyRequests)
      .set({ status: 'confirmed', confirmedAt: new Date(), removedPeople: people.length })
      .where(and(eq(privacyRequests.id, request.id), eq(privacyRequests.status, 'pending')))
      .returning({ id: privacyRequests.id });
    if (!claimed) return null;
    await tx
      .insert(contactSuppressions)
      .values([...keys].map((personKey) => ({ personKey, reason: 'request' })))
      .onConflictDoNothing();
    if (people.length > 0) {
      await tx.execute(
        sql`delete from company_contacts where id = any(${`{${people.map((p) => p.id).join(',')}}`}::uuid[])`,
      );
    }
    return people.length;
  });
}
