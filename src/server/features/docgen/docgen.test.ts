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
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { DOC_TEMPLATES, type GeneratedDocument, MISSING_PATTERN } from '../../../shared/docgen.ts';

const FORECAST_RANGE_MISSING = "the deal's value range (add a forecast range to the prospect)";

import { queryRows } from '../../db/client.ts';
import type { App } from '../../http/app.ts';
import { type FactCandidate, factCandidates, selectFacts } from './facts.ts';
import { type DocContext, type DocForecast, fillTemplate, TEMPLATE_TOPICS } from './templates.ts';

describe.each(backends())('document generation on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let companyId: string;
  let contactId: string;
  let prospectId: string;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, { seed: true, users: { ada: 'Ada Lovelace', bob: 'Bob' } }));
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
  afterAll(() => close?.());

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

  it('writes a proposal worth sending from a knowledge base that repeats itself, with a template and a zero forecast range (issue 24)', async () => {
    const carol = authClient(app);
    await carol.signUp('carol@example.com', 'violet-harbor-42', 'Carol');
    await carol.request('PATCH', '/api/v1/profile', {
      company: { name: 'Northwind Analytics', offering: 'Route analytics that cut empty truck miles' },
    });
    const [stripe] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into company_master (name, primary_industry, size, employees, country, city, location, description, source, license)
          values ('Stripe', 'Financial Services', '5001-10000', 8000, 'United States', 'San Francisco', 'San Francisco, United States',
            'Stripe builds payments infrastructure for the internet.', 'test', 'test')
          returning id`,
    );
    const [patrick] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into company_contacts (company_id, first_name, last_name, full_name, title, source, license)
          values (${stripe?.id}, 'Patrick', 'Collison', 'Patrick Collison', 'CEO', 'test', 'test') returning id`,
    );
    const prospect = (await (
      await carol.request('POST', '/api/v1/prospects', { companyId: stripe?.id })
    ).json()) as { id: string };
    await carol.request('PUT', `/api/v1/prospects/${prospect.id}/forecasts`, {
      timelineDays: 90,
      conservativeAmount: 2_000_000,
      realisticAmount: 2_500_000,
      optimisticAmount: 3_000_000,
      confidencePercentage: 60,
    });
    // A forecast written before the amounts were checked (or by an import): an expected figure, no range.
    await database.db.execute(
      sql`update revenue_forecasts set conservative_amount = 0, optimistic_amount = 0 where prospect_id = ${prospect.id}`,
    );
    const carolId = await userIdOf(database.db, 'carol@example.com');
    // One SSO passage that speaks of the product's benefits, implementation, onboarding and support at once.
    await insertDocument(database.db, carolId, {
      filename: 'platform-overview.md',
      title: 'Platform Overview',
      passages: [
        {
          section: 'Single sign-on',
          text: 'Every customer benefits from single sign-on (SSO) with SAML 2.0 and Okta, set up during implementation and onboarding and kept running by our customer support team.',
        },
      ],
    });
    // A data processing addendum copied from a policy template: a placeholder and a list's lead-in.
    await insertDocument(database.db, carolId, {
      filename: 'data-processing-addendum.md',
      title: 'Data Processing Addendum',
      passages: [
        {
          section: 'D. Types of Personal Data',
          text: [
            'The Processing will concern the following types of Personal Data _[insert types',
            'of Personal Data concerned, e.g.:]_',
            '',
            '* **c) Company customers that are natural persons:**  ',
            '  name, contact details (address, phone number and direct line, e-mail address),',
            '  information regarding purchases of such customers.',
            '',
            'Personal data is encrypted at rest with AES-256 and in transit with TLS 1.2.',
          ].join('\n'),
        },
      ],
    });

    const { status, body } = await generate(carol, {
      template: 'proposal',
      companyId: stripe?.id,
      contactId: patrick?.id,
      prospectId: prospect.id,
    });
    expect(status).toBe(201);
    const markdown = body.markdown;
    // No sentence twice: the SSO sentence is quoted once, under the section it answers best.
    const statements = [...markdown.matchAll(/^- (.+?) \[\d+\][.!?]?$/gm)].map((m) => m[1]);
    expect(statements.length).toBeGreaterThan(0);
    expect(new Set(statements).size).toBe(statements.length);
    expect(markdown.match(/single sign-on/gi) ?? []).toHaveLength(1);
    // No placeholder, no fragment: what cannot be quoted is not.
    expect(markdown).not.toMatch(/\[insert|e\.g\.:|natural persons:/i);
    expect(markdown).toMatch(/encrypted at rest with AES-256.*\[\d\]/);
    // The expected figure is real; the range is not, and is marked missing rather than printed.
    expect(markdown).toContain('$2,500,000 expected');
    expect(markdown).not.toContain('$0 to $0');
    expect(body.missing).toContain(FORECAST_RANGE_MISSING);
    expect(markdown).toContain(`[Missing: ${FORECAST_RANGE_MISSING}]`);
    // So the panel does not say "Nothing missing", and lists exactly what the text marks.
    expect(body.missing.length).toBeGreaterThan(0);
    const marks = [...markdown.matchAll(MISSING_PATTERN)].map((m) => m[1]);
    expect(new Set(marks)).toEqual(new Set(body.missing));
    // Every section has content of its own, or says what it lacks.
    for (const section of markdown.split(/^## /m).slice(1)) {
      const [heading = '', ...lines] = section.split('\n');
      expect(lines.join('\n').trim(), heading).not.toBe('');
    }
    // Every marker names a source, numbered in the order the document cites them.
    const markers = [...markdown.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect([...new Set(markers)]).toEqual(body.sources.map((s) => s.ref));
    expect(body.sources.map((s) => s.ref)).toEqual(body.sources.map((_s, i) => i + 1));
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

describe('the facts a document quotes (issue 24)', () => {
  type Passage = {
    chunkId: string;
    title: string;
    section: string | null;
    page: number | null;
    text: string;
  };
  const passage = (chunkId: string, section: string, text: string): Passage => ({
    chunkId,
    title: 'Platform Overview',
    section,
    page: null,
    text,
  });
  const SSO =
    'Every customer benefits from single sign-on (SSO) with SAML 2.0 and Okta, set up during implementation and onboarding and kept running by our customer support team.';
  const sso = passage('sso', 'Single sign-on', SSO);

  it('takes only sentences that answer a section, and leaves placeholders and fragments out', () => {
    const dpa = passage(
      'dpa',
      'D. Types of Personal Data',
      'The Processing will concern the following types of Personal Data _[insert types\nof Personal Data concerned, e.g.:]_\n\n* **c) Company customers that are natural persons:**  \n  name, contact details.',
    );
    expect(factCandidates('security', 'data protection', [dpa])).toEqual([]);
    // The SSO sentence answers three of the proposal's sections.
    const topics = ['value', 'implementation', 'support'] as const;
    const questions = {
      value: 'benefits for customers',
      implementation: 'implementation and onboarding',
      support: 'customer support',
    };
    for (const topic of topics) {
      expect(
        factCandidates(topic, questions[topic], [sso]).map((c) => c.text),
        topic,
      ).toEqual([SSO]);
    }
    // A rare word alone does not make a sentence answer a two-word question.
    const benefits = passage(
      'hr',
      'Privacy',
      'Individuals may not be required to waive their privacy rights for eligibility for benefits.',
    );
    expect(factCandidates('value', 'benefits for customers', [benefits])).toEqual([]);
  });

  it('quotes a sentence once, in the section it answers best, and numbers the sources in the order cited', () => {
    const encrypted = passage('enc', 'Encryption', 'Customer data is encrypted at rest with AES-256 keys.');
    const encryptedAgain = passage(
      'enc2',
      'Security',
      'All customer data is encrypted at rest with AES-256.',
    );
    const candidates: FactCandidate<Passage>[] = [
      { topic: 'implementation', text: SSO, share: 0.8, passage: sso },
      { topic: 'value', text: SSO, share: 0.7, passage: sso },
      { topic: 'support', text: SSO, share: 0.8, passage: sso },
      {
        topic: 'security',
        text: 'All customer data is encrypted at rest with AES-256.',
        share: 0.9,
        passage: encryptedAgain,
      },
      {
        topic: 'security',
        text: 'Customer data is encrypted at rest with AES-256 keys.',
        share: 1,
        passage: encrypted,
      },
      {
        topic: 'security',
        text: '[insert types of Personal Data concerned, e.g.:]',
        share: 1,
        passage: encrypted,
      },
    ];
    const { facts, passages } = selectFacts(TEMPLATE_TOPICS.proposal, candidates);
    // Implementation and support answer it equally well: the first of them in the document keeps it.
    expect(facts).toEqual({
      value: [],
      implementation: [{ topic: 'implementation', statement: SSO.replace(/\.$/, ' [1].') }],
      support: [],
      security: [
        { topic: 'security', statement: 'Customer data is encrypted at rest with AES-256 keys [2].' },
      ],
    });
    expect(passages.map((p) => p.chunkId)).toEqual(['sso', 'enc']);
  });

  const context = (forecast: DocForecast | null): DocContext => ({
    seller: { company: 'Northwind Analytics', offering: 'Route analytics', website: null, person: 'Ada' },
    company: null,
    contact: null,
    prospect: { name: 'Stripe', status: 'qualified', forecast, momentum: null },
    fit: null,
    icpSummary: null,
    facts: {},
    notes: null,
    today: new Date('2026-01-15'),
  });
  const forecast = (conservative: number, realistic: number, optimistic: number): DocForecast => ({
    timelineDays: 90,
    conservative,
    realistic,
    optimistic,
    confidence: 60,
  });

  it('prints a forecast range only when there is one, and the expected figure only when it is real', () => {
    const full = fillTemplate('business-case', context(forecast(40_000, 60_000, 90_000)));
    expect(full.markdown).toContain('$60,000 expected ($40,000 to $90,000, 60% confidence, over 90 days).');
    expect(full.missing).not.toContain(FORECAST_RANGE_MISSING);
    const noRange = fillTemplate('business-case', context(forecast(0, 2_500_000, 0)));
    expect(noRange.markdown).toContain(
      `$2,500,000 expected ([Missing: ${FORECAST_RANGE_MISSING}], 60% confidence, over 90 days).`,
    );
    expect(noRange.markdown).not.toContain('$0');
    expect(noRange.missing).toContain(FORECAST_RANGE_MISSING);
    const zero = fillTemplate('business-case', context(forecast(0, 0, 0)));
    expect(zero.markdown).toContain("[Missing: the deal's value (add a forecast to the prospect)].");
    expect(zero.markdown).not.toContain('$0');
    // A section no fact answers is marked, so the document is never "Nothing missing" without its facts.
    expect(zero.missing).toContain('a fact from your knowledge base about risk management and continuity');
  });

  it('marks a placeholder left in an input as missing', () => {
    const filled = fillTemplate('one-pager', {
      ...context(null),
      seller: {
        company: 'Northwind Analytics',
        offering: '[insert what you sell]',
        website: null,
        person: 'Ada',
      },
    });
    expect(filled.markdown).not.toContain('[insert');
    expect(filled.missing).toContain('what you sell (set it in your profile)');
  });
});
