/**
 * The import/export hub's new endpoints (issue 10) through the HTTP app on both databases: the prospects' CSV,
 * the answer library's CSV export and import (row by row, refused and skipped rows reported with their line),
 * and every bad file refused with its reason and nothing written.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient, callJson } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { categorize, type LibraryList } from '../../../shared/answers.ts';
import { type CsvImportReport, LIBRARY_IMPORT_MAX_BYTES } from '../../../shared/data-exchange.ts';
import type { App } from '../../http/app.ts';

describe.each(backends())('the import/export hub on $name', (backend: Backend) => {
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, { seed: true, users: { ada: 'Ada', bob: 'Bob' } }));
  });
  afterAll(() => close?.());

  const call = callJson;
  const importCsv = async (client: AuthClient, content: string | Uint8Array, name = 'library.csv') => {
    const form = new FormData();
    form.append('file', new File([content as BlobPart], name, { type: 'text/csv' }));
    const response = await app.request('/api/v1/answers/library/imports', {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookie },
    });
    return {
      status: response.status,
      body: (await response.json()) as CsvImportReport & { error?: { message: string } },
    };
  };
  const library = async (client: AuthClient) =>
    (await call<LibraryList>(client, 'GET', '/api/v1/answers/library?limit=100')).body;
  const credits = async () =>
    (await call<{ remainingCredits: number }>(ada, 'GET', '/api/v1/credits')).body.remainingCredits;

  it("exports the caller's prospects as CSV, free, and only theirs", async () => {
    for (const name of ['Globex', 'Initech']) {
      expect((await call(ada, 'POST', '/api/v1/prospects', { name })).status).toBe(201);
    }
    await call(bob, 'POST', '/api/v1/prospects', { name: 'Umbrella' });
    const before = await credits();
    const response = await ada.request('GET', '/api/v1/prospects/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="prospects-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = Papa.parse<Record<string, string>>(await response.text(), { header: true }).data;
    expect(rows.map((r) => r.Name)).toEqual(['Globex', 'Initech']);
    expect(rows[0]).toMatchObject({ Status: 'Qualified', 'Account health': 'High engagement' });
    expect(await credits()).toBe(before);
    expect((await app.request('/api/v1/prospects/export.csv')).status).toBe(401);
  });

  it('imports a library CSV row by row: valid rows in, repeated questions skipped, bad rows refused with their line', async () => {
    const csv = [
      'Question,Answer,Category,Tags,Notes',
      '"Is customer data encrypted at rest?","Yes: AES-256,\nkeys in KMS.",security,"encryption; soc2",x',
      'Do you support SAML single sign-on?,Yes: SAML 2.0.,,sso,',
      ',An answer without its question,,,',
      'What does it cost?,,pricing,,',
      'Is there an API?,Yes: a REST API.,apis,,',
      'is customer data   ENCRYPTED at rest?,Duplicate of line 2.,security,,',
    ].join('\n');
    const { status, body } = await importCsv(ada, csv);
    expect(status).toBe(200);
    expect(body).toMatchObject({ rows: 6, imported: 2, ignoredColumns: ['Notes'] });
    expect(body.refused).toEqual([
      // The first row's answer spans lines 2 and 3.
      { line: 5, reason: 'question must be at least 3 characters' },
      { line: 6, reason: 'answer must not be empty' },
      { line: 7, reason: expect.stringContaining('category "apis" is not one of objections, pricing') },
    ]);
    expect(body.skipped).toEqual([{ line: 8, reason: 'the same question as line 2' }]);
    const entries = (await library(ada)).entries;
    expect(entries).toHaveLength(2);
    const encrypted = entries.find((e) => e.question.startsWith('Is customer data'));
    expect(encrypted).toMatchObject({
      answer: 'Yes: AES-256,\nkeys in KMS.',
      category: 'security',
      tags: ['encryption', 'soc2'],
      owner: 'Ada',
    });
    // No category: filed by its words.
    const saml = 'Do you support SAML single sign-on?';
    expect(entries.find((e) => e.question === saml)?.category).toBe(categorize(saml));
    expect((await library(bob)).total).toBe(0);
  });

  it('skips questions already in the library when the same file is imported again', async () => {
    const { body } = await importCsv(ada, 'question,answer\nDo you support SAML single sign-on?,Yes.\n');
    expect(body).toMatchObject({ imported: 0, refused: [] });
    expect(body.skipped).toEqual([{ line: 2, reason: 'the question is already in the library' }]);
  });

  it('exports the library as CSV that imports back as it was', async () => {
    await call(ada, 'POST', '/api/v1/answers/library', {
      question: 'How do you handle objections about price?',
      answer: '- Show the ROI\n- Offer a pilot',
      category: 'objections',
      tags: ['pricing'],
    });
    const response = await ada.request('GET', '/api/v1/answers/library/export.csv');
    expect(response.status).toBe(200);
    const text = await response.text();
    const rows = Papa.parse<Record<string, string>>(text, { header: true }).data;
    expect(Object.keys(rows[0] ?? {})).toEqual(['question', 'answer', 'category', 'tags', 'owner']);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.category === 'objections')?.answer).toBe("'- Show the ROI\n- Offer a pilot");
    const carol = authClient(app);
    await carol.signUp('carol@example.com', 'violet-harbor-42', 'Carol');
    const { body } = await importCsv(carol, text);
    expect(body).toMatchObject({ rows: 3, imported: 3, refused: [], skipped: [] });
    const copied = (await library(carol)).entries;
    expect(copied.find((e) => e.category === 'objections')).toMatchObject({
      answer: '- Show the ROI\n- Offer a pilot',
      tags: ['pricing'],
      owner: 'Ada',
    });
  });

  it('refuses a file it cannot read with the reason, and writes nothing', async () => {
    const before = (await library(ada)).total;
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('question,answer\nQu'),
      0xe9, // "é" in Latin-1: not UTF-8
      ...new TextEncoder().encode('bec?,Oui\n'),
    ]);
    const cases: [string | Uint8Array, number, RegExp][] = [
      ['', 400, /The file is empty/],
      ['\n\n  \n', 400, /The file is empty/],
      ['question\nIs there an API?\n', 400, /no "answer" column/],
      ['q,a\nIs there an API?,Yes\n', 400, /no "question" or "answer" column/],
      ['question,answer\n', 400, /a header but no rows/],
      [latin1, 400, /not UTF-8/],
      [
        `question,answer\n${'Is this too big?,Yes\n'.repeat(LIBRARY_IMPORT_MAX_BYTES / 20)}`,
        413,
        /larger than 2 MB/,
      ],
      [`question,answer\n${'Is there an API?,Yes\n'.repeat(5001)}`, 400, /more than 5,000 rows/],
    ];
    for (const [content, status, message] of cases) {
      const answer = await importCsv(ada, content);
      expect(answer.status, String(message)).toBe(status);
      expect(answer.body.error?.message).toMatch(message);
    }
    const notMultipart = await ada.request('POST', '/api/v1/answers/library/imports', { file: 'x' });
    expect(notMultipart.status).toBe(415);
    expect(await notMultipart.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect((await library(ada)).total).toBe(before);
  });
});
