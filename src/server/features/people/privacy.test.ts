/**
 * Removal at a person's request (issue 6 §4): asked on the public API, confirmed from the mailbox, found by
 * the address we hold, by the address we would guess, or by name at a company; removed with what users
 * saved and found about them, and suppressed for good. Nobody learns from the answer who is in our data.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { queryRows } from '../../db/client.ts';
import { companyContacts, companyMaster, mailOutbox } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import { REMOVAL_LINK_INVALID, REMOVAL_REQUESTED } from './privacy.ts';

const shared = { source: 'synthetic', license: 'Synthetic (generated)' } as const;

describe.each(backends())('removal at a person’s request on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let close: () => Promise<void>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        const [ledger, leeds] = await database.db
          .insert(companyMaster)
          .values([
            { name: 'Berlin Ledger', domain: 'berlinledger.de', ...shared },
            { name: 'Leeds Retail Group', ...shared },
          ])
          .returning({ id: companyMaster.id });
        const person = (
          companyId: string | undefined,
          first: string,
          last: string,
          email: string | null,
        ) => ({
          companyId: companyId ?? '',
          firstName: first,
          lastName: last,
          fullName: `${first} ${last}`,
          email,
          ...shared,
        });
        const rows = await database.db
          .insert(companyContacts)
          .values([
            person(ledger?.id, 'Patrick', 'Collins', 'patrick.collins@berlinledger.de'),
            person(ledger?.id, 'Greta', 'Vogel', 'greta.vogel@berlinledger.de'),
            // No address held: the finder would guess jonas.weber@berlinledger.de from the two above.
            person(ledger?.id, 'Jonas', 'Weber', null),
            // No domain, no address: only her name at her company finds her.
            person(leeds?.id, 'Amelia', 'Clarke', null),
          ])
          .returning({ id: companyContacts.id, fullName: companyContacts.fullName });
        ids = Object.fromEntries(rows.map((row) => [row.fullName, row.id]));
      },
      users: { ada: 'Ada' },
    }));
  });
  afterAll(() => close?.());

  const ask = async (body: unknown, ip = '203.0.113.7') => {
    const response = await app.request('/api/v1/privacy/removal-requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const confirm = async (token: string) => {
    const response = await app.request('/api/v1/privacy/removal-requests/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    return { status: response.status, body: await response.json() };
  };
  /** The token of the last link mailed to the address. */
  const tokenMailedTo = async (email: string) => {
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return /\/privacy\/remove-me\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  };
  const people = async () =>
    (
      await queryRows<{ full_name: string }>(
        database.db,
        sql`select full_name from company_contacts order by 1`,
      )
    ).map((row) => row.full_name);
  const suppressed = async () =>
    (
      await queryRows<{ person_key: string }>(database.db, sql`select person_key from contact_suppressions`)
    ).map((row) => row.person_key);

  it('answers every address alike, and removes a person whose address we hold only once the link is opened', async () => {
    expect((await ada.request('PUT', `/api/v1/people/${ids['Patrick Collins']}/saved`, {})).status).toBe(201);
    const held = await ask({ email: ' Patrick.Collins@BerlinLedger.de ' });
    const unknown = await ask({ email: 'nobody@example.org' });
    expect(held).toEqual({ status: 202, body: { message: REMOVAL_REQUESTED } });
    expect(unknown).toEqual(held);
    // Asking removes nothing: the link proves the address is the asker's.
    expect(await people()).toContain('Patrick Collins');

    const token = await tokenMailedTo('patrick.collins@berlinledger.de');
    expect(token).not.toBe('');
    expect(await confirm('not-the-token')).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ message: REMOVAL_LINK_INVALID }) },
    });
    const done = await confirm(token);
    expect([done.status, done.body.removedPeople]).toEqual([200, 1]);
    expect(await people()).not.toContain('Patrick Collins');
    // Gone from Ada's My People too, and kept out of every later load by address and by name.
    const mine = await (await ada.request('GET', '/api/v1/people?myPeople=true')).json();
    expect(mine.people).toEqual([]);
    expect(await suppressed()).toEqual(
      expect.arrayContaining(['email:patrick.collins@berlinledger.de', 'name:patrick collins@berlin ledger']),
    );
    // A link works once.
    expect((await confirm(token)).status).toBe(400);
    // The unknown address confirms too, and removes nobody.
    expect((await confirm(await tokenMailedTo('nobody@example.org'))).body.removedPeople).toBe(0);
  });

  it('finds a person by the address our finder would guess, or by name at their company', async () => {
    await ask({ email: 'jonas.weber@berlinledger.de' });
    expect((await confirm(await tokenMailedTo('jonas.weber@berlinledger.de'))).body.removedPeople).toBe(1);
    await ask({ email: 'amelia@gmail.example', name: 'Amelia  Clarke', company: 'leeds retail group' });
    expect((await confirm(await tokenMailedTo('amelia@gmail.example'))).body.removedPeople).toBe(1);
    expect(await people()).toEqual(['Greta Vogel']);
  });

  it('refuses bad input and limits requests per address and per network', async () => {
    for (const body of [{}, { email: 'not an address' }, { email: 'a@b.co', phone: '1' }]) {
      expect((await ask(body)).status).toBe(400);
    }
    for (let i = 0; i < 3; i++)
      expect((await ask({ email: 'again@example.org' }, `198.51.100.${i}`)).status).toBe(202);
    const limited = await ask({ email: 'again@example.org' }, '198.51.100.9');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
  });
});
