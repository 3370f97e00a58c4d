/**
 * Knowledge-base documents (issue 8 points 1, 2 and 4): upload with a verdict per file, processing into
 * passages and a graph (per format, with pages and heading paths), merging across documents, replace and
 * delete, every bad input, crash recovery, credits, and isolation between users.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import {
  buildDocx,
  buildPdf,
  buildUnderstatedZipBombDocx,
  buildZipBombDocx,
} from '../../../../tests/helpers/knowledge-files.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { KnowledgeDocument, UploadResult } from '../../../shared/knowledge.ts';
import { queryRows } from '../../db/client.ts';
import { companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/knowledge');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const text = (value: string) => new TextEncoder().encode(value);

type Upload = { name: string; bytes: Uint8Array | string };

describe.each(backends())('knowledge documents on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let bob: AuthClient;
  let carol: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      database,
      app,
      jobs,
      users: { ada, bob, carol },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        // A company of our data: the gazetteer finds it without a legal form ("Globex").
        await database.db
          .insert(companyMaster)
          .values({ name: 'Globex Corporation', source: 'sp500', license: 'ODC-PDDL-1.0' });
      },
      // A 1 MB limit keeps the size tests small (the request limit is 4 times that).
      env: { UPLOAD_MAX_MB: '1' },
      users: { ada: 'Ada', bob: 'Bob', carol: 'Carol' },
    }));
  });
  afterAll(() => close?.());

  const upload = async (client: AuthClient, files: Upload[]) => {
    const form = new FormData();
    for (const file of files) form.append('files', new File([file.bytes as BlobPart], file.name));
    const response = await app.request('/api/v1/knowledge/documents', {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookie },
    });
    const body = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
    return { status: response.status, body, results: (body?.results ?? []) as UploadResult[] };
  };
  const uploadAndProcess = async (client: AuthClient, files: Upload[]) => {
    const sent = await upload(client, files);
    await jobs.runOnce();
    return sent;
  };
  const document = async (client: AuthClient, id: string): Promise<KnowledgeDocument> =>
    (await client.request('GET', `/api/v1/knowledge/documents/${id}`)).json();
  const chunksOf = (documentId: string) =>
    queryRows<{ section: string | null; page: number | null; text: string }>(
      database.db,
      sql`select section, page, text from document_chunks where document_id = ${documentId} order by ordinal`,
    );
  const entity = async (userId: string, type: string, canonical: string) =>
    (
      await queryRows<{ id: string; name: string; mention_count: number; document_count: number }>(
        database.db,
        sql`select id, name, mention_count, document_count from knowledge_entities
            where user_id = ${userId} and entity_type = ${type} and canonical_name = ${canonical}`,
      )
    )[0];
  const relationships = (userId: string, source: string, target: string) =>
    queryRows<{ relation: string; weight: number; passages: number }>(
      database.db,
      sql`select r.relation, r.weight,
            (select count(*) from relationship_document_refs x where x.relationship_id = r.id)::int as passages
          from knowledge_relationships r
          join knowledge_entities s on s.id = r.source_entity_id
          join knowledge_entities t on t.id = r.target_entity_id
          where r.user_id = ${userId} and s.canonical_name = ${source} and t.canonical_name = ${target}
          order by r.relation`,
    );
  const charges = async (userId: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from credit_transactions
            where user_id = ${userId} and activity_type = 'document_processing'`,
      )
    )[0]?.n ?? 0;
  const userId = async (client: AuthClient) => (await client.session())?.user.id ?? '';

  it('extracts every format into passages that keep their page or heading path', async () => {
    const pdf = buildPdf([
      ['Security overview', 'Acme Corp encrypts every backup.'],
      ['Second page', 'Okta is required for single sign-on.'],
    ]);
    const docx = await buildDocx([
      { heading: 1, text: 'Security Handbook' },
      { text: 'This handbook explains how staff protect customer data.' },
      { heading: 2, text: 'Access' },
      { text: 'Engineers use GitHub with MFA.' },
    ]);
    const sent = await upload(ada, [
      { name: 'access-policy.md', bytes: fixture('access-policy.md') },
      { name: 'vendor-review.html', bytes: fixture('vendor-review.html') },
      { name: 'contacts.csv', bytes: fixture('contacts.csv') },
      { name: 'security-profile.json', bytes: fixture('security-profile.json') },
      { name: 'meeting-notes.txt', bytes: fixture('meeting-notes.txt') },
      { name: 'overview.pdf', bytes: pdf },
      { name: 'handbook.docx', bytes: docx },
      // A folder upload: the relative path is the file name.
      { name: 'policies/ir/incident-response-policy.md', bytes: fixture('incident-response-policy.md') },
      { name: 'sanction-notice.pdf', bytes: fixture('sanction-notice.pdf') },
    ]);
    expect(sent.status).toBe(202);
    expect(sent.results.map((r) => r.ok)).toEqual(Array(9).fill(true));
    expect(sent.results.every((r) => r.document?.status === 'queued' && r.document.jobId)).toBe(true);
    const ids = Object.fromEntries(sent.results.map((r) => [r.filename, r.document?.id ?? '']));
    expect(sent.results[7]?.document).toMatchObject({
      filename: 'policies/ir/incident-response-policy.md',
      title: 'incident response policy',
      mimeType: 'text/markdown',
    });

    await jobs.runOnce();
    for (const result of sent.results) {
      const doc = await document(ada, result.document?.id ?? '');
      expect(doc, doc.filename).toMatchObject({
        status: 'indexed',
        stage: 'indexed',
        progress: 100,
        error: null,
      });
      expect(doc.chunkCount).toBeGreaterThan(0);
      const job = await (await ada.request('GET', `/api/v1/jobs/${doc.jobId}`)).json();
      expect(job).toMatchObject({ status: 'succeeded', progress: 100 });
    }

    // Issue 25: processed, a document is titled by its first heading; with none, by its file name still.
    const titles = Object.fromEntries(
      await Promise.all(
        sent.results.map(async (r) => [r.filename, (await document(ada, r.document?.id ?? '')).title]),
      ),
    );
    expect(titles).toEqual({
      'access-policy.md': 'Access',
      'vendor-review.html': 'Vendor Security Review',
      'contacts.csv': 'contacts',
      'security-profile.json': 'security profile',
      'meeting-notes.txt': 'meeting notes',
      'overview.pdf': 'Security overview',
      'handbook.docx': 'Security Handbook',
      'policies/ir/incident-response-policy.md': 'Incident Response',
      'sanction-notice.pdf': 'Employee Warning Notice',
    });

    const pdfChunks = await chunksOf(ids['overview.pdf'] ?? '');
    expect(pdfChunks.map((c) => c.page)).toEqual([1, 2]);
    expect(pdfChunks[1]?.text).toContain('Okta is required for single sign-on.');
    expect((await document(ada, ids['overview.pdf'] ?? '')).pageCount).toBe(2);
    expect((await chunksOf(ids['sanction-notice.pdf'] ?? ''))[0]).toMatchObject({ page: 1 });

    const markdown = await chunksOf(ids['access-policy.md'] ?? '');
    const mfa = markdown.find((c) => c.text.includes('MFA is required to access any critical system'));
    expect(mfa?.section).toBe('Access > Policy Statements > Access Control Policy');
    // A passage never crosses a section.
    expect(new Set(markdown.map((c) => c.section)).size).toBe(markdown.length);

    const html = await chunksOf(ids['vendor-review.html'] ?? '');
    expect(html.find((c) => c.text.includes('uses Okta for SSO'))?.section).toBe(
      'Vendor Security Review > Identity',
    );
    expect(html.map((c) => c.text).join(' ')).not.toMatch(
      /trackingSecret|console\.log|font-family|Enable JavaScript/,
    );

    const docxChunks = await chunksOf(ids['handbook.docx'] ?? '');
    expect(docxChunks.map((c) => [c.section, c.text])).toEqual([
      ['Security Handbook', 'This handbook explains how staff protect customer data.'],
      ['Security Handbook > Access', 'Engineers use GitHub with MFA.'],
    ]);

    const csv = await chunksOf(ids['contacts.csv'] ?? '');
    expect(csv[0]?.text).toContain(
      'Name: Jane Smith; Company: Acme Corporation; Role: Chief Security Officer',
    );

    const json = await chunksOf(ids['security-profile.json'] ?? '');
    expect(json.find((c) => c.text.includes('controls.sso: Okta'))?.section).toBe('controls');

    // Entities of several kinds, merged across these documents.
    const ada_ = await userId(ada);
    expect(await entity(ada_, 'organization', 'acme')).toMatchObject({ document_count: 3 });
    expect(await entity(ada_, 'organization', 'globex')).toBeDefined();
    expect(await entity(ada_, 'person', 'jane smith')).toBeDefined();
    expect(await entity(ada_, 'product', 'okta')).toMatchObject({ name: 'Okta' });
    expect(await entity(ada_, 'technology', 'sso')).toBeDefined();
    expect(await entity(ada_, 'place', 'germany')).toBeDefined();
    expect(await entity(ada_, 'money', 'usd 250000')).toBeDefined();
    expect(await entity(ada_, 'date', '2024-03-03')).toBeDefined();
    expect(await entity(ada_, 'term', 'computing resource')).toBeDefined();
    expect(await charges(ada_)).toBe(9);
  });

  it('merges "Acme Corp" and "Acme Corporation" across documents and weighs a relationship by its passages', async () => {
    const carolId = await userId(carol);
    const sent = await uploadAndProcess(carol, [
      { name: 'a.txt', bytes: 'Acme Corp implements Okta for its sales team.' },
      { name: 'b.txt', bytes: 'Acme Corporation implements Okta in every office.\n\nInitech LLC uses Jira.' },
    ]);
    expect(sent.results.every((r) => r.ok)).toBe(true);
    const acme = await entity(carolId, 'organization', 'acme');
    expect(acme).toMatchObject({ mention_count: 2, document_count: 2 });
    expect(await relationships(carolId, 'acme', 'okta')).toEqual([
      { relation: 'implements', weight: 2, passages: 2 },
    ]);
    const stats = await (await carol.request('GET', '/api/v1/knowledge/stats')).json();
    expect(stats).toMatchObject({ totalDocuments: 2, recentActivity: 2 });
    expect(stats.totalEntities).toBeGreaterThanOrEqual(4);
    expect(stats.totalRelationships).toBeGreaterThanOrEqual(2);

    // Deleting b takes its evidence out: the relationship weighs 1, Initech (only in b) disappears.
    const b = sent.results[1]?.document?.id ?? '';
    expect((await carol.request('DELETE', `/api/v1/knowledge/documents/${b}`)).status).toBe(204);
    expect(await entity(carolId, 'organization', 'acme')).toMatchObject({
      mention_count: 1,
      document_count: 1,
    });
    expect(await relationships(carolId, 'acme', 'okta')).toEqual([
      { relation: 'implements', weight: 1, passages: 1 },
    ]);
    expect(await entity(carolId, 'organization', 'initech')).toBeUndefined();
    expect(await entity(carolId, 'product', 'jira')).toBeUndefined();
    expect((await carol.request('GET', `/api/v1/knowledge/documents/${b}`)).status).toBe(404);
    expect((await chunksOf(b)).length).toBe(0);

    const a = sent.results[0]?.document?.id ?? '';
    expect((await carol.request('DELETE', `/api/v1/knowledge/documents/${a}`)).status).toBe(204);
    expect(await entity(carolId, 'organization', 'acme')).toBeUndefined();
    expect(await (await carol.request('GET', '/api/v1/knowledge/stats')).json()).toMatchObject({
      totalDocuments: 0,
      totalEntities: 0,
      totalRelationships: 0,
    });
  });

  it('makes the agency and the office cities of an uploaded travel policy entities of the graph', async () => {
    const eli = authClient(app);
    await eli.signUp('eli@example.com', 'violet-harbor-42', 'Eli');
    const sent = await uploadAndProcess(eli, [
      { name: 'travel-policy.md', bytes: fixture('travel-policy.md') },
    ]);
    expect(sent.results.every((r) => r.ok)).toBe(true);
    const named = async (type: string) => {
      const response = await eli.request('GET', `/api/v1/knowledge/graph/entities?type=${type}&limit=100`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { entities: { name: string }[] };
      return body.entities.map((e) => e.name).sort();
    };
    expect(await named('organization')).toEqual(['Northwind Analytics, Inc', 'Zephyrine Travel']);
    expect(await named('place')).toEqual(['Lisbon', 'Porto', 'Reykjavík']);
    expect(await named('person')).toEqual([]);
  });

  it('treats the same file again as the same document, and a changed file as a replacement', async () => {
    const carolId = await userId(carol);
    const before = await charges(carolId);
    const first = await uploadAndProcess(carol, [
      { name: 'notes/pricing.md', bytes: '# Pricing\n\nWe resell Salesforce.' },
    ]);
    const id = first.results[0]?.document?.id;
    expect(await charges(carolId)).toBe(before + 1);

    const again = await upload(carol, [
      { name: 'notes/pricing.md', bytes: '# Pricing\n\nWe resell Salesforce.' },
    ]);
    expect(again.status).toBe(200);
    expect(again.results[0]?.document).toMatchObject({ id, status: 'indexed' });
    await jobs.runOnce();
    expect(await charges(carolId)).toBe(before + 1);

    const changed = await upload(carol, [
      { name: 'notes/pricing.md', bytes: '# Pricing\n\nWe resell HubSpot.' },
    ]);
    expect(changed.status).toBe(202);
    expect(changed.results[0]?.document).toMatchObject({ id, status: 'queued' });
    // The old contribution is gone at once, not after processing.
    expect(await entity(carolId, 'product', 'salesforce')).toBeUndefined();
    await jobs.runOnce();
    expect(await document(carol, id ?? '')).toMatchObject({ status: 'indexed' });
    expect(await entity(carolId, 'product', 'hubspot')).toMatchObject({ document_count: 1 });
    expect((await chunksOf(id ?? '')).map((c) => c.text)).toEqual(['We resell HubSpot.']);
    expect(await charges(carolId)).toBe(before + 2);

    const list = await (await carol.request('GET', '/api/v1/knowledge/documents')).json();
    expect(list.documents.filter((d: KnowledgeDocument) => d.filename === 'notes/pricing.md')).toHaveLength(
      1,
    );
  });

  it("keeps each word's passage count (the chat weighs words by it) exact through replacements and deletes", async () => {
    const dan = authClient(app);
    await dan.signUp('dan@example.com', 'violet-harbor-42', 'Dan');
    const danId = await userId(dan);
    // What the counts must be: the words of the passages the user holds, counted afresh.
    const counts = (from: 'kept' | 'recounted') =>
      queryRows<{ lexeme: string; passages: number }>(
        database.db,
        from === 'kept'
          ? sql`select lexeme, passages from knowledge_word_counts where user_id = ${danId} order by lexeme`
          : sql`select w.lexeme, count(*)::int as passages from document_chunks c, unnest(c.search_vector) w
                where c.user_id = ${danId} group by w.lexeme order by w.lexeme`,
      );
    const sent = await uploadAndProcess(dan, [
      {
        name: 'backup.md',
        bytes: '# Backups\n\nBackups are encrypted.\n\n## Restores\n\nRestores are tested yearly.',
      },
      { name: 'vendors.md', bytes: '# Vendors\n\nVendors are reviewed yearly.' },
    ]);
    expect((await counts('kept')).find((c) => c.lexeme === 'year')).toEqual({ lexeme: 'year', passages: 2 });
    expect(await counts('kept')).toEqual(await counts('recounted'));

    await uploadAndProcess(dan, [
      { name: 'vendors.md', bytes: '# Vendors\n\nVendors are reviewed monthly.' },
    ]);
    expect((await counts('kept')).find((c) => c.lexeme === 'year')).toEqual({ lexeme: 'year', passages: 1 });
    expect(await counts('kept')).toEqual(await counts('recounted'));

    for (const result of sent.results) {
      await dan.request('DELETE', `/api/v1/knowledge/documents/${result.document?.id}`);
    }
    expect(await counts('kept')).toEqual([]);
  });

  it('gives every bad file its own clear error while the good ones go through', async () => {
    const bobId = await userId(bob);
    const binary = new Uint8Array([0x48, 0x69, 0x00, 0x01, 0x02, 0xff]);
    const latin1 = new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]); // "Müller" in Latin-1
    const sent = await upload(bob, [
      { name: 'good.md', bytes: '# Good\n\nAcme Corp passed the SOC 2 audit.' },
      { name: 'corrupt.pdf', bytes: '%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage' },
      { name: 'locked.pdf', bytes: buildPdf([['The secret plan']], { userPassword: 'hunter2' }) },
      { name: 'bomb.docx', bytes: await buildZipBombDocx(60) },
      { name: 'sly-bomb.docx', bytes: await buildUnderstatedZipBombDocx(60) },
      { name: 'empty.txt', bytes: '' },
      { name: 'program.txt', bytes: binary },
      { name: 'legacy.md', bytes: latin1 },
      { name: 'photo.png', bytes: binary },
      { name: 'notes.pdf', bytes: 'just text, not a PDF' },
      { name: 'big.txt', bytes: 'a'.repeat(1024 * 1024 + 1) },
    ]);
    expect(sent.status).toBe(202);
    const verdict = Object.fromEntries(sent.results.map((r) => [r.filename, r.ok ? 'ok' : r.error]));
    expect(verdict).toEqual({
      'good.md': 'ok',
      'corrupt.pdf': 'ok',
      'locked.pdf': 'ok',
      'bomb.docx': 'ok',
      'sly-bomb.docx': 'ok',
      'empty.txt': '"empty.txt" is empty',
      'program.txt': '"program.txt" is not a text file (it contains binary data)',
      'legacy.md': '"legacy.md" is not UTF-8 text; save it as UTF-8 and upload it again',
      'photo.png': expect.stringMatching(
        /^"photo\.png" is not a supported file type\. Accepted: PDF \(\.pdf\), Word \(\.docx\), Text \(\.txt\), Markdown \(\.md, \.markdown\), HTML \(\.html, \.htm\), CSV \(\.csv\), JSON \(\.json\)$/,
      ),
      'notes.pdf': '"notes.pdf" is not a PDF (it has no PDF header)',
      'big.txt': '"big.txt" is larger than the 1 MB limit',
    });
    await jobs.runOnce();
    const ids = Object.fromEntries(sent.results.map((r) => [r.filename, r.document?.id ?? '']));
    expect(await document(bob, ids['good.md'] ?? '')).toMatchObject({ status: 'indexed' });
    expect(await document(bob, ids['corrupt.pdf'] ?? '')).toMatchObject({
      status: 'failed',
      stage: 'failed',
      error: 'The PDF is damaged or not a PDF, so its text could not be read',
    });
    expect(await document(bob, ids['locked.pdf'] ?? '')).toMatchObject({
      status: 'failed',
      error: 'The PDF is password-protected; remove the password (print it to a new PDF) and upload it again',
    });
    expect(await document(bob, ids['bomb.docx'] ?? '')).toMatchObject({
      status: 'failed',
      error:
        'The Word document would expand to more than 50 MB when unzipped (a zip bomb?), so it was not opened',
    });
    expect(await document(bob, ids['sly-bomb.docx'] ?? '')).toMatchObject({
      status: 'failed',
      error:
        'The Word document expands to more than it declares when unzipped (a zip bomb?), so it was not opened',
    });
    // Nothing half-indexed, nothing charged for the failures.
    for (const name of ['corrupt.pdf', 'locked.pdf', 'bomb.docx', 'sly-bomb.docx']) {
      expect(await chunksOf(ids[name] ?? '')).toEqual([]);
    }
    expect(await charges(bobId)).toBe(1);
    const list = await (await bob.request('GET', '/api/v1/knowledge/documents')).json();
    expect(list.documents.map((d: KnowledgeDocument) => d.filename).sort()).toEqual(
      ['bomb.docx', 'corrupt.pdf', 'good.md', 'locked.pdf', 'sly-bomb.docx'].sort(),
    );

    // A failed document may be processed again; it fails the same way, still uncharged.
    const again = await bob.request('POST', `/api/v1/knowledge/documents/${ids['corrupt.pdf']}/reprocess`);
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ status: 'queued' });
    await jobs.runOnce();
    expect(await document(bob, ids['corrupt.pdf'] ?? '')).toMatchObject({ status: 'failed' });
    expect(await charges(bobId)).toBe(1);
  });

  it('refuses a request too large to read with a 413, and a request without files with a 400', async () => {
    const huge = await upload(bob, [{ name: 'huge.txt', bytes: 'a'.repeat(6 * 1024 * 1024) }]);
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe(
      'The upload is larger than 4 MB in all. Send fewer files at once (each file may be up to 1 MB)',
    );
    const none = await upload(bob, []);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Send the files as multipart/form-data in the field "files"');
    const json = await bob.request('POST', '/api/v1/knowledge/documents', { files: [] });
    expect(json.status).toBe(400);
    // The server is still up and answers.
    expect((await bob.request('GET', '/api/v1/knowledge/stats')).status).toBe(200);
  });

  it('lists the most recent documents, searches titles, and downloads the original safely', async () => {
    const odd = 'Résumé "final"; v2.txt';
    const sent = await upload(ada, [{ name: `cv/${odd}`, bytes: 'Ada Lovelace wrote the first program.' }]);
    const id = sent.results[0]?.document?.id ?? '';
    const found = await (await ada.request('GET', '/api/v1/knowledge/documents?q=r%C3%A9SUM')).json();
    expect(found.documents.map((d: KnowledgeDocument) => d.id)).toEqual([id]);
    // Found by their file names (…-policy.md); processed, they are titled by their first headings.
    const policies = await (await ada.request('GET', '/api/v1/knowledge/documents?q=POLICY')).json();
    expect(policies.documents.map((d: KnowledgeDocument) => d.title).sort()).toEqual([
      'Access',
      'Incident Response',
    ]);
    const byHeading = await (
      await ada.request('GET', '/api/v1/knowledge/documents?q=incident%20resp')
    ).json();
    expect(byHeading.documents.map((d: KnowledgeDocument) => d.filename)).toEqual([
      'policies/ir/incident-response-policy.md',
    ]);
    const recent = await (await ada.request('GET', '/api/v1/knowledge/documents?limit=3')).json();
    expect(recent.documents).toHaveLength(3);
    expect(recent.documents[0].id).toBe(id);
    expect((await ada.request('GET', '/api/v1/knowledge/documents?limit=101')).status).toBe(400);
    expect((await ada.request('GET', '/api/v1/knowledge/documents?sort=name')).status).toBe(400);

    const download = await ada.request('GET', `/api/v1/knowledge/documents/${id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final__ v2.txt"; filename*=UTF-8''${encodeURIComponent(odd)}`,
    );
    expect(await download.text()).toBe('Ada Lovelace wrote the first program.');

    const pdf = (await upload(ada, [{ name: 'overview.pdf', bytes: buildPdf([['x']]) }])).results[0];
    expect(pdf?.ok).toBe(true);
    const pdfDownload = await ada.request('GET', `/api/v1/knowledge/documents/${pdf?.document?.id}/download`);
    expect(pdfDownload.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await pdfDownload.arrayBuffer())).toEqual(buildPdf([['x']]));
    await jobs.runOnce();
  });

  it("never shows one user's documents, originals or counts to another", async () => {
    const [adaDoc] = (await (await ada.request('GET', '/api/v1/knowledge/documents?limit=1')).json())
      .documents;
    const id = adaDoc.id;
    const adaStats = await (await ada.request('GET', '/api/v1/knowledge/stats')).json();
    expect(adaStats.totalDocuments).toBeGreaterThan(0);
    // Bob sees only his own.
    const bobList = await (await bob.request('GET', '/api/v1/knowledge/documents?limit=100')).json();
    expect(bobList.documents.some((d: KnowledgeDocument) => d.id === id)).toBe(false);
    expect(
      (await (await bob.request('GET', '/api/v1/knowledge/documents?q=access')).json()).documents,
    ).toEqual([]);
    for (const [method, path] of [
      ['GET', `/api/v1/knowledge/documents/${id}`],
      ['GET', `/api/v1/knowledge/documents/${id}/download`],
      ['POST', `/api/v1/knowledge/documents/${id}/reprocess`],
      ['DELETE', `/api/v1/knowledge/documents/${id}`],
    ] as const) {
      const response = await bob.request(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.message).toBe('Document not found');
    }
    const bobStats = await (await bob.request('GET', '/api/v1/knowledge/stats')).json();
    expect(bobStats.totalDocuments).toBe(5);
    expect(bobStats.totalEntities).toBeLessThan(adaStats.totalEntities);
    // The same file name is a different document for each user.
    const bobUpload = await upload(bob, [{ name: 'access-policy.md', bytes: fixture('access-policy.md') }]);
    expect(bobUpload.results[0]?.document?.id).not.toBe(id);
    await jobs.runOnce();
    expect(await document(ada, id)).toMatchObject({ id });
    // Signed out: nothing.
    const anonymous = authClient(app);
    expect((await anonymous.request('GET', '/api/v1/knowledge/documents')).status).toBe(401);
    expect((await anonymous.request('GET', '/api/v1/knowledge/stats')).status).toBe(401);
    expect((await anonymous.request('GET', `/api/v1/knowledge/documents/${id}/download`)).status).toBe(401);
  });

  it('fails a document uncharged when the credits are not there, and processes it once they are', async () => {
    const carolId = await userId(carol);
    await leaveCredits(database, carol, 2);
    const sent = await uploadAndProcess(carol, [{ name: 'broke.txt', bytes: 'Acme Corp buys Okta.' }]);
    const id = sent.results[0]?.document?.id ?? '';
    expect(await document(carol, id)).toMatchObject({
      status: 'failed',
      error: 'Insufficient credits. Required: 3, Available: 2',
      chunkCount: 0,
    });
    expect(await chunksOf(id)).toEqual([]);
    const before = await charges(carolId);
    await leaveCredits(database, carol, 100);
    expect((await carol.request('POST', `/api/v1/knowledge/documents/${id}/reprocess`)).status).toBe(202);
    expect((await carol.request('POST', `/api/v1/knowledge/documents/${id}/reprocess`)).status).toBe(409);
    await jobs.runOnce();
    expect(await document(carol, id)).toMatchObject({ status: 'indexed' });
    expect(await charges(carolId)).toBe(before + 1);

    // A re-process that fails leaves nothing of the document behind, not its old passages.
    await leaveCredits(database, carol, 0);
    expect((await carol.request('POST', `/api/v1/knowledge/documents/${id}/reprocess`)).status).toBe(202);
    await jobs.runOnce();
    expect(await document(carol, id)).toMatchObject({ status: 'failed', chunkCount: 0 });
    expect(await chunksOf(id)).toEqual([]);
    await leaveCredits(database, carol, 100);
  });

  it('resumes a document whose server died mid-way, and charges it once', async () => {
    const carolId = await userId(carol);
    const sent = await upload(carol, [
      { name: 'resume.txt', bytes: 'Our vendor Globex implements Kubernetes.' },
    ]);
    const doc = sent.results[0]?.document;
    // As a crashed worker leaves it: the job running with a stale heartbeat, the document half-way.
    await database.db.execute(
      sql`update jobs set status = 'running', locked_by = 'dead-server', attempts = 1,
            locked_at = now() - interval '1 hour', heartbeat_at = now() - interval '1 hour'
          where id = ${doc?.jobId}`,
    );
    await database.db.execute(
      sql`update document_references set status = 'processing', stage = 'extracting_entities', progress = 45
          where id = ${doc?.id}`,
    );
    const before = await charges(carolId);
    await jobs.runOnce();
    expect(await document(carol, doc?.id ?? '')).toMatchObject({ status: 'indexed', progress: 100 });
    expect(await relationships(carolId, 'globex', 'kubernetes')).toEqual([
      { relation: 'implements', weight: 1, passages: 1 },
    ]);
    expect(await charges(carolId)).toBe(before + 1);
  });

  it('lets a document whose job gave up be processed again', async () => {
    const sent = await upload(carol, [{ name: 'stuck.txt', bytes: 'Acme Corp uses Jira.' }]);
    const doc = sent.results[0]?.document;
    // The last attempt died with its server: the queue failed the job, the document still says processing.
    await database.db.execute(
      sql`update jobs set status = 'failed', finished_at = now() where id = ${doc?.jobId}`,
    );
    await database.db.execute(
      sql`update document_references set status = 'processing' where id = ${doc?.id}`,
    );
    const again = await carol.request('POST', `/api/v1/knowledge/documents/${doc?.id}/reprocess`);
    expect(again.status).toBe(202);
    await jobs.runOnce();
    expect(await document(carol, doc?.id ?? '')).toMatchObject({ status: 'indexed' });
  });

  it(`takes the first ${1000} files of a larger upload and refuses the rest one by one`, async () => {
    const files = Array.from({ length: 1001 }, (_, i) => ({
      name: `bulk/note-${i}.txt`,
      bytes: text(`Note ${i}`),
    }));
    const sent = await upload(bob, files);
    expect(sent.results).toHaveLength(1001);
    expect(sent.results.slice(0, 1000).every((r) => r.ok)).toBe(true);
    expect(sent.results[1000]).toEqual({
      filename: 'bulk/note-1000.txt',
      ok: false,
      error:
        '"bulk/note-1000.txt" was not taken: an upload holds at most 1000 files; upload it in another batch',
    });
    // A thousand files in one request: 14-17 s on PGlite in a full run, over 30 s on a machine busy with another
    // run as well.
  }, 120_000);
});
