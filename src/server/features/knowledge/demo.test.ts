/**
 * The demo knowledge library (issue 8 point 6): loaded once on the first use of the knowledge base, with the
 * company's name in place of the placeholders, free of charge, removed in one call (with what it contributed)
 * and not loaded again, loaded again on request; other users unaffected. The tests process only a few of the
 * demo documents (the rest stay queued), which is enough to show they are indexed without a charge.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { DemoLibrary, DemoRfq, KnowledgeDocument, KnowledgeStats } from '../../../shared/knowledge.ts';
import type { AppDeps } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import type { App } from '../../http/app.ts';
import { DEMO_COMPANY, DEMO_FOLDER, demoDocuments, demoTemplates } from './demo.ts';
import { processDocument } from './processing.ts';

const LIBRARY = join(import.meta.dirname, 'demo/policies');
/** What ships, counted from the folder itself. */
const SHIPPED = ['policies', 'procedures', 'ref'].reduce(
  (n, folder) => n + readdirSync(join(LIBRARY, folder)).filter((f) => f.endsWith('.md.tmpl')).length,
  0,
);

describe('the demo library files', () => {
  it('renders every shipped template with nothing left unfilled', () => {
    expect(SHIPPED).toBeGreaterThan(100);
    expect(demoTemplates()).toHaveLength(SHIPPED);
    const documents = demoDocuments('Initech');
    expect(documents).toHaveLength(SHIPPED);
    for (const document of documents) {
      expect(document.text, document.filename).not.toMatch(/\{\{|\}\}/);
      expect(document.filename.startsWith(`${DEMO_FOLDER}/`)).toBe(true);
      expect(document.title).not.toBe('');
    }
    const access = documents.find((d) => d.filename === `${DEMO_FOLDER}/policies/access.md`);
    expect(access?.title).toBe('Access');
    expect(access?.text).toContain('Access to Initech systems');
    // Contacts are on the company's example.com domain.
    expect(documents.some((d) => d.text.includes('security@initech.example.com'))).toBe(true);
    // No standards text ships (ISO/AICPA): only the three folders of templates.
    expect(readdirSync(LIBRARY).sort()).toEqual([
      'LICENSE',
      'policies',
      'procedures',
      'providers.json',
      'ref',
      'summaries.json',
    ]);
    // A procedure shows its control statement under its title.
    const compliance = documents.find(
      (d) => d.filename === `${DEMO_FOLDER}/procedures/cp-compliance-mgmt.md`,
    );
    expect(compliance?.text).toMatch(
      /^### Compliance Program Management\n\nThe organization has a program and defined process to manage compliance/,
    );
  });
});

describe.each(backends())('the demo knowledge library on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let deps: AppDeps;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      database,
      app,
      deps,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      env: { KNOWLEDGE_DEMO: 'true' },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
    await ada.request('PATCH', '/api/v1/profile', { company: { name: 'Globex Labs' } });
    // No credits at all: a demo document that were checked or charged would fail.
    await leaveCredits(database, ada, 0);
  }, 60_000);
  afterAll(() => close?.());

  const userId = async (client: AuthClient) => (await client.session())?.user.id ?? '';
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(database.db, query))[0]?.n ?? 0;
  const demoDocs = async (client: AuthClient) =>
    queryRows<{ id: string; filename: string; title: string; checksum: string; status: string }>(
      database.db,
      sql`select id, filename, title, checksum, status from document_references
          where user_id = ${await userId(client)} and source_type = 'demo' order by filename`,
    );
  const demo = async (client: AuthClient) =>
    (await (await client.request('GET', '/api/v1/knowledge/demo')).json()) as DemoLibrary;
  const stats = async (client: AuthClient) =>
    (await (await client.request('GET', '/api/v1/knowledge/stats')).json()) as KnowledgeStats;

  it('loads the library once, on the first use of the knowledge base, not at sign-up', async () => {
    expect(await demo(ada)).toEqual({ state: 'pending', documents: 0 });
    expect(await demoDocs(ada)).toHaveLength(0);

    // The page asks for its stats and its documents at the same time: still one library.
    const [first, list] = await Promise.all([
      ada.request('GET', '/api/v1/knowledge/stats'),
      ada.request('GET', '/api/v1/knowledge/documents?limit=100'),
    ]);
    expect(first.status).toBe(200);
    expect(list.status).toBe(200);
    // Both answered once the library was there.
    expect(((await first.json()) as KnowledgeStats).totalDocuments).toBe(SHIPPED);
    expect((await list.json()).documents).toHaveLength(100);
    expect((await stats(ada)).totalDocuments).toBe(SHIPPED);
    expect(await demo(ada)).toEqual({ state: 'loaded', documents: SHIPPED });

    const documents = ((await (await ada.request('GET', '/api/v1/knowledge/documents?limit=100')).json())
      .documents ?? []) as KnowledgeDocument[];
    expect(documents).toHaveLength(100);
    expect(documents.every((d) => d.sourceType === 'demo' && d.status === 'queued' && d.jobId)).toBe(true);

    // Asking again loads nothing more.
    await ada.request('GET', '/api/v1/knowledge/documents');
    expect(await demoDocs(ada)).toHaveLength(SHIPPED);
    // Bob has not opened his knowledge base: he has nothing.
    expect(await demoDocs(bob)).toHaveLength(0);
  }, 60_000);

  it("fills the placeholders with the user's company and titles each document from its heading", async () => {
    const access = (await demoDocs(ada)).find((d) => d.filename === `${DEMO_FOLDER}/policies/access.md`);
    expect(access?.title).toBe('Access');
    const download = await ada.request('GET', `/api/v1/knowledge/documents/${access?.id}/download`);
    expect(download.status).toBe(200);
    const text = await download.text();
    expect(text).toContain('Access to Globex Labs systems');
    expect(text).not.toMatch(/\{\{|\}\}/);
  });

  it('processes demo documents without a charge, even with no credits left', async () => {
    const id = await userId(ada);
    const few = (await demoDocs(ada)).filter((d) =>
      ['policies/access.md', 'policies/vendor.md', 'procedures/cp-access-mfa.md'].some((p) =>
        d.filename.endsWith(p),
      ),
    );
    expect(few).toHaveLength(3);
    for (const document of few) {
      const outcome = await processDocument(deps, {
        documentId: document.id,
        userId: id,
        checksum: document.checksum,
      });
      expect(outcome.status).toBe('indexed');
    }
    expect(
      await count(sql`select count(*)::int as n from credit_transactions
        where user_id = ${id} and activity_type = 'document_processing'`),
    ).toBe(0);
    const after = await stats(ada);
    expect(after.totalEntities).toBeGreaterThan(0);
    expect(after.totalRelationships).toBeGreaterThan(0);
  }, 60_000);

  it('removes every demo document and what it contributed, keeps own uploads, and does not reload', async () => {
    const id = await userId(ada);
    const form = new FormData();
    form.append('files', new File(['# Notes\n\nOur own notes about Initech.'], 'notes.md'));
    const uploaded = await app.request('/api/v1/knowledge/documents', {
      method: 'POST',
      body: form,
      headers: { cookie: ada.cookie },
    });
    expect(uploaded.status).toBe(202);

    const removed = await ada.request('DELETE', '/api/v1/knowledge/demo');
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ state: 'removed', documents: 0, removed: SHIPPED });
    expect(await demoDocs(ada)).toHaveLength(0);
    // Only the demo documents had been processed: their entities, relationships and passages are gone.
    expect(await count(sql`select count(*)::int as n from knowledge_entities where user_id = ${id}`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from knowledge_relationships where user_id = ${id}`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from document_chunks where user_id = ${id}`)).toBe(0);

    // The next uses do not bring it back, in this server or another one.
    expect((await stats(ada)).totalDocuments).toBe(1);
    const other = await createTestApp(database, { env: { KNOWLEDGE_DEMO: 'true' } });
    const again = authClient(other.app);
    await again.signIn('ada@example.com', 'violet-harbor-42');
    await again.request('GET', '/api/v1/knowledge/documents');
    expect(await demoDocs(ada)).toHaveLength(0);
    expect(await demo(ada)).toEqual({ state: 'removed', documents: 0 });

    // A second removal removes nothing and is fine.
    expect(await (await ada.request('DELETE', '/api/v1/knowledge/demo')).json()).toMatchObject({
      removed: 0,
    });
  }, 60_000);

  it("leaves another user's library alone, and loads it with the demo company's name", async () => {
    await bob.request('GET', '/api/v1/knowledge/stats');
    const bobs = await demoDocs(bob);
    expect(bobs).toHaveLength(SHIPPED);
    const access = bobs.find((d) => d.filename === `${DEMO_FOLDER}/policies/access.md`);
    const text = await (
      await bob.request('GET', `/api/v1/knowledge/documents/${access?.id}/download`)
    ).text();
    expect(text).toContain(`Access to ${DEMO_COMPANY} systems`);
    // Ada's removal and Ada's documents are not Bob's, and Bob's are not Ada's.
    expect(await demo(bob)).toEqual({ state: 'loaded', documents: SHIPPED });
    expect((await ada.request('GET', `/api/v1/knowledge/documents/${access?.id}`)).status).toBe(404);
    await bob.request('DELETE', '/api/v1/knowledge/demo');
  }, 60_000);

  it('loads the library again on request', async () => {
    const loaded = await ada.request('POST', '/api/v1/knowledge/demo');
    expect(loaded.status).toBe(202);
    expect(await loaded.json()).toEqual({ state: 'loaded', documents: SHIPPED });
    expect((await stats(ada)).totalDocuments).toBe(SHIPPED + 1);
    // Loading again while it is there adds nothing.
    expect(await (await ada.request('POST', '/api/v1/knowledge/demo')).json()).toEqual({
      state: 'loaded',
      documents: SHIPPED,
    });
  }, 60_000);

  it('lists the sample RFQs to try, with their Markdown', async () => {
    const response = await ada.request('GET', '/api/v1/knowledge/demo/rfqs');
    expect(response.status).toBe(200);
    const { rfqs } = (await response.json()) as { rfqs: DemoRfq[] };
    expect(rfqs.map((r) => r.name)).toContain('bpa-opm-eqip');
    for (const rfq of rfqs) {
      expect(rfq.title).not.toBe(rfq.name);
      expect(rfq.files.length).toBeGreaterThan(0);
      for (const file of rfq.files) expect(file.markdown.length).toBeGreaterThan(0);
    }
    const eqip = rfqs.find((r) => r.name === 'bpa-opm-eqip');
    expect(eqip?.files.map((f) => f.path)).toContain('RFQ.md');
  });

  it('loads nothing on first use when KNOWLEDGE_DEMO is false', async () => {
    const off = await createTestApp(database, { env: { KNOWLEDGE_DEMO: 'false' } });
    const carol = authClient(off.app);
    await carol.signUp('carol@example.com', 'violet-harbor-42', 'Carol');
    expect((await stats(carol)).totalDocuments).toBe(0);
    expect(await demo(carol)).toEqual({ state: 'pending', documents: 0 });
  });

  it('asks for a session on every demo endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/knowledge/demo'],
      ['POST', '/api/v1/knowledge/demo'],
      ['DELETE', '/api/v1/knowledge/demo'],
      ['GET', '/api/v1/knowledge/demo/rfqs'],
    ] as const) {
      expect((await app.request(path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });
});
