/**
 * Document generation (issue 9 points 4 and 5) through the HTTP app on both databases: every template filled
 * with the company, the contact, the prospect's forecast, the seller's profile and cited facts from the
 * knowledge base; what is not known marked "[Missing: ...]" and listed, never invented; edit, list, delete,
 * export to DOCX, PDF and Markdown; one document_generation credit per document and none when refused; bad
 * input; isolation between users.
 */
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { DOC_TEMPLATES, type GeneratedDocument, MISSING_PATTERN } from '../../../shared/docgen.ts';
import { queryRows } from '../../db/client.ts';
import { seedReferenceData } from '../../db/seed/seed.ts';
import type { App } from '../../http/app.ts';

describe.each(backends())('document generation on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let companyId: string;
  let contactId: string;
  let prospectId: string;

  beforeAll(async () => {
    database = await backend.create();
    await seedReferenceData(database.db);
    ({ app } = await createTestApp(database));
    ada = authClient(app);
    bob = authClient(app);
    await ada.signUp('ada@example.com', 'violet-harbor-42', 'Ada Lovelace');
    await bob.signUp('bob@example.com', 'violet-harbor-42', 'Bob');
    const [company] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into company_master (name, primary_industry, size, employees, country, city, location, description, source, license)
          values ('Globex Logistics', 'Transportation', '201-500', 340, 'Germany', 'Hamburg', 'Hamburg, Germany',
            'Globex Logistics runs freight forwarding across northern Europe. It was founded by shipbrokers.', 'test', 'test')
          returning id`,
    );
    companyId = company?.id as string;
    const [contact] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into company_contacts (company_id, first_name, last_name, full_name, title, source, license)
          values (${companyId}, 'Hanna', 'Meyer', 'Hanna Meyer', 'Head of IT', 'test', 'test') returning id`,
    );
    contactId = contact?.id as string;
    await ada.request('PATCH', '/api/v1/profile', {
      company: {
        name: 'Northwind Analytics',
        website: 'northwind.example',
        industry: 'Software',
        offering: 'Route analytics that cut empty truck miles',
      },
    });
    const prospect = await ada.request('POST', '/api/v1/prospects', { companyId });
    prospectId = ((await prospect.json()) as { id: string }).id;
    await ada.request('PUT', `/api/v1/prospects/${prospectId}/forecasts`, {
      timelineDays: 90,
      conservativeAmount: 40000,
      realisticAmount: 60000,
      optimisticAmount: 90000,
      confidencePercentage: 70,
    });
    await insertDocument(database.db, await userIdOf(database.db, 'ada@example.com'), {
      filename: 'security-overview.md',
      title: 'Security Overview',
      passages: [
        {
          section: 'Compliance',
          text: 'Northwind Analytics holds a SOC 2 Type II report and ISO 27001 certification. Customer data is encrypted at rest with AES-256.',
        },
        {
          section: 'Onboarding',
          text: 'Implementation takes four weeks: data connection, route model training and a two-hour training for dispatchers.',
        },
      ],
    });
  });
  afterAll(() => database.destroy());

  const generate = async (client: AuthClient, body: unknown) => {
    const response = await client.request('POST', '/api/v1/docgen/documents', body);
    return {
      status: response.status,
      body: (await response.json()) as GeneratedDocument & {
        creditsCharged: number;
        error?: { message: string };
      },
    };
  };
  const remaining = async (client: AuthClient) =>
    ((await (await client.request('GET', '/api/v1/credits')).json()) as { remainingCredits: number })
      .remainingCredits;

  let proposal: GeneratedDocument;

  it('writes a proposal from the company, contact, forecast, profile and cited facts, for one credit', async () => {
    const before = await remaining(ada);
    const { status, body } = await generate(ada, { template: 'proposal', companyId, contactId, prospectId });
    expect(status).toBe(201);
    proposal = body;
    expect(body.creditsCharged).toBe(5);
    expect(await remaining(ada)).toBe(before - 5);
    expect(body.title).toBe('Proposal: Globex Logistics');
    expect(body.markdown).toContain('# Proposal for Globex Logistics');
    expect(body.markdown).toContain('Hanna Meyer, Head of IT');
    expect(body.markdown).toContain('Route analytics that cut empty truck miles');
    expect(body.markdown).toContain('Hamburg, Germany');
    expect(body.markdown).toContain('$60,000 expected ($40,000 to $90,000, 70% confidence, over 90 days)');
    expect(body.markdown).toMatch(/SOC 2 Type II.*\[\d\]/);
    expect(body.markdown).toMatch(/four weeks.*\[\d\]/);
    // Every marker names a source, and every source is cited.
    const markers = new Set([...body.markdown.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
    expect(new Set(body.sources.map((s) => s.ref))).toEqual(markers);
    expect(body.sources[0]).toMatchObject({ title: 'Security Overview' });
    // Support is not in the knowledge base: marked, not invented.
    expect(body.missing).toContain('a fact from your knowledge base about support and service levels');
    expect(body.markdown).toContain(
      '[Missing: a fact from your knowledge base about support and service levels]',
    );
  });

  it('fills every template, marking what it lacks instead of inventing it', async () => {
    for (const template of DOC_TEMPLATES) {
      const full = await generate(ada, { template, companyId, contactId, prospectId });
      expect(full.status, template).toBe(201);
      expect(full.body.markdown, template).toContain('Globex Logistics');
      const marks = [...full.body.markdown.matchAll(MISSING_PATTERN)].map((m) => m[1]);
      expect(new Set(marks), template).toEqual(new Set(full.body.missing));
      // Without a company, contact or prospect, the document says what it needs.
      const bare = await generate(ada, { template });
      expect(bare.status, template).toBe(201);
      expect(bare.body.missing.length, template).toBeGreaterThan(0);
      expect(bare.body.markdown, template).not.toContain('Globex');
    }
    const email = await generate(ada, { template: 'cold-outreach-email', contactId });
    expect(email.body.markdown).toMatch(/^\*\*Subject:\*\*/);
    expect(email.body.markdown).toContain('Hi Hanna,');
    expect(email.body.companyName).toBe('Globex Logistics');
  });

  it('edits, lists, exports and deletes a document', async () => {
    const edited = await ada.request('PATCH', `/api/v1/docgen/documents/${proposal.id}`, {
      markdown: proposal.markdown.replace(
        '[Missing: a fact from your knowledge base about support and service levels]',
        'Support by e-mail and phone, 8:00-18:00 CET.',
      ),
    });
    const updated = (await edited.json()) as GeneratedDocument;
    expect(updated.missing).not.toContain('a fact from your knowledge base about support and service levels');
    const list = (await (await ada.request('GET', '/api/v1/docgen/documents')).json()) as {
      documents: GeneratedDocument[];
    };
    expect(list.documents[0]?.id).toBe(proposal.id);

    const docx = await ada.request('GET', `/api/v1/docgen/documents/${proposal.id}/export?format=docx`);
    expect(docx.headers.get('content-disposition')).toContain('filename="Proposal: Globex Logistics.docx"');
    const xml =
      (await (
        await JSZip.loadAsync(new Uint8Array(await docx.arrayBuffer()))
      )
        .file('word/document.xml')
        ?.async('string')) ?? '';
    expect(xml).toContain('Proposal for Globex Logistics');
    expect(xml).toContain('Support by e-mail and phone');
    const pdf = await ada.request('GET', `/api/v1/docgen/documents/${proposal.id}/export?format=pdf`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text } = await extractText(bytes, { mergePages: true });
    expect(text).toContain('Globex Logistics');
    const md = await ada.request('GET', `/api/v1/docgen/documents/${proposal.id}/export?format=md`);
    expect(await md.text()).toContain('# Proposal for Globex Logistics');

    expect((await ada.request('DELETE', `/api/v1/docgen/documents/${proposal.id}`)).status).toBe(204);
    expect((await ada.request('GET', `/api/v1/docgen/documents/${proposal.id}`)).status).toBe(404);
  });

  it('refuses bad input and charges nothing for what it cannot make', async () => {
    for (const body of [
      {},
      { template: 'poem' },
      { template: 'proposal', companyId: 'globex' },
      { template: 'proposal', extra: 1 },
    ]) {
      const { status, body: answer } = await generate(ada, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error?.message).toMatch(/^Invalid request: /);
    }
    const before = await remaining(ada);
    const unknown = await generate(ada, {
      template: 'proposal',
      companyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe('Company not found');
    expect(await remaining(ada)).toBe(before);
    await leaveCredits(database, ada, 4);
    const broke = await generate(ada, { template: 'one-pager', companyId });
    expect(broke.status).toBe(402);
    expect(broke.body.error?.message).toBe('Insufficient credits. Required: 5, Available: 4');
    await leaveCredits(database, ada, 500);
  });

  it("never shows one user another's documents, prospects or knowledge", async () => {
    const mine = await generate(ada, { template: 'one-pager', companyId });
    expect((await bob.request('GET', `/api/v1/docgen/documents/${mine.body.id}`)).status).toBe(404);
    expect(
      (await bob.request('GET', `/api/v1/docgen/documents/${mine.body.id}/export?format=md`)).status,
    ).toBe(404);
    expect((await bob.request('DELETE', `/api/v1/docgen/documents/${mine.body.id}`)).status).toBe(404);
    const list = (await (await bob.request('GET', '/api/v1/docgen/documents')).json()) as {
      documents: unknown[];
    };
    expect(list.documents).toEqual([]);
    expect((await generate(bob, { template: 'proposal', prospectId })).status).toBe(404);
    const bobs = await generate(bob, { template: 'one-pager', companyId });
    expect(bobs.status).toBe(201);
    expect(bobs.body.markdown).not.toContain('SOC 2');
    expect(bobs.body.sources).toEqual([]);
  });
});
