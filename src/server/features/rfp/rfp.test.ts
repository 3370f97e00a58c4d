/**
 * RFP responses (issue 9 points 2, 3 and 5) through the HTTP app on both databases: a project from pasted text
 * and from a CSV; "draft all" as a job answering from the library first (free), then the knowledge base with
 * citations (one rfp_answer each) and leaving what nothing answers empty for review (free); editing, approving,
 * assigning, commenting, regenerating, saving to the library; the exports (DOCX, CSV, the CSV's own rows);
 * running out of credits mid-way; bad input; and isolation between users.
 */
import JSZip from 'jszip';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, callJson } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { LibraryEntry } from '../../../shared/answers.ts';
import type { RfpComment, RfpProject, RfpQuestion } from '../../../shared/rfp.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';

const PASTED = `Security questionnaire

1. Is customer data encrypted at rest?
2. How often are backups restored in a test?
3. Do you support single sign-on with SAML?
4. Which data centers in Brazil do you use?`;

describe.each(backends())('RFP responses on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      database,
      app,
      jobs,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, { seed: true, users: { ada: 'Ada Lovelace', bob: 'Bob' } }));
    await insertDocument(database.db, await userIdOf(database.db, 'ada@example.com'), {
      filename: 'data-protection.md',
      title: 'Data Protection Standard',
      passages: [
        {
          section: 'Encryption',
          text: 'Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2 or higher. Encryption keys are managed in AWS KMS and rotated annually.',
        },
        {
          section: 'Backups',
          text: 'Backups are taken every night, kept for 35 days, and a restore is tested every quarter.',
        },
      ],
    });
  });
  afterAll(() => close?.());

  const call = callJson;
  const upload = (
    client: AuthClient,
    name: string,
    content: string | Uint8Array,
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    form.append('file', new File([content as BlobPart], name));
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return app.request('/api/v1/rfp/projects', {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookie },
    });
  };
  const remaining = async (client: AuthClient) =>
    (await call<{ remainingCredits: number }>(client, 'GET', '/api/v1/credits')).body.remainingCredits;
  const draftAll = async (client: AuthClient, id: string) => {
    const started = await call<{ jobId: string; questions: number }>(
      client,
      'POST',
      `/api/v1/rfp/projects/${id}/draft`,
    );
    expect(started.status).toBe(202);
    await jobs.runOnce();
    const job = await call<{ status: string; progress: number; result: Record<string, unknown> }>(
      client,
      'GET',
      `/api/v1/jobs/${started.body.jobId}`,
    );
    return { ...job.body, questions: started.body.questions };
  };

  let project: RfpProject;
  const question = (n: number) => project.questions[n - 1] as RfpQuestion;

  it('makes a project of pasted questions', async () => {
    const created = await call<RfpProject>(ada, 'POST', '/api/v1/rfp/projects', {
      title: 'Globex vendor assessment',
      text: PASTED,
      issuer: 'Globex',
      deadline: '2026-12-15',
    });
    expect(created.status).toBe(201);
    project = created.body;
    expect(project).toMatchObject({
      title: 'Globex vendor assessment',
      issuer: 'Globex',
      deadline: '2026-12-15',
      sourceFormat: 'pasted',
      exportsToSource: false,
    });
    expect(project.questions.map((q) => [q.ref, q.text])).toEqual([
      ['1', 'Is customer data encrypted at rest?'],
      ['2', 'How often are backups restored in a test?'],
      ['3', 'Do you support single sign-on with SAML?'],
      ['4', 'Which data centers in Brazil do you use?'],
    ]);
    expect(project.progress).toMatchObject({ total: 4, approved: 0, percent: 0 });
  });

  it('drafts all as a job: the library first for free, then cited answers at one credit each, and leaves the rest for review', async () => {
    await call(ada, 'POST', '/api/v1/answers/library', {
      question: 'Do you support SAML single sign-on?',
      answer: 'Yes: SAML 2.0 with Okta, Azure AD and Google Workspace.',
      category: 'security',
    });
    const before = await remaining(ada);
    const job = await draftAll(ada, project.id);
    expect(job.questions).toBe(4);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100 });
    // Two drafted from the knowledge base at 2 credits each (rfp_answer).
    expect(job.result).toMatchObject({
      drafted: 4,
      fromLibrary: 1,
      fromKnowledge: 2,
      unanswered: 1,
      creditsCharged: 4,
      stopped: null,
    });
    expect(await remaining(ada)).toBe(before - 4);

    project = (await call<RfpProject>(ada, 'GET', `/api/v1/rfp/projects/${project.id}`)).body;
    // A closed question: its verdict first, the confidence explained in one line.
    expect(question(1)).toMatchObject({ answerOrigin: 'knowledge', status: 'draft', verdict: 'yes' });
    expect(question(1).answer).toMatch(/^Yes\. .*AES-256.*\[1\]/);
    expect(question(1).confidenceReason).toMatch(/^The quoted sentence holds \d+% of what the question asks/);
    expect(question(1).sources[0]).toMatchObject({
      title: 'Data Protection Standard',
      section: 'Encryption',
    });
    expect(question(1).confidence).toBeGreaterThanOrEqual(45);
    expect(question(2).answer).toMatch(/quarter/);
    expect(question(3)).toMatchObject({
      answerOrigin: 'library',
      answer: 'Yes: SAML 2.0 with Okta, Azure AD and Google Workspace.',
    });
    expect(question(3).confidence).toBeGreaterThanOrEqual(60);
    expect(question(3).confidenceReason).toMatch(/^From your answer library/);
    expect(question(4)).toMatchObject({
      answer: '',
      status: 'needs_review',
      confidence: 0,
      answerOrigin: null,
    });
    expect(project.draftJob).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(project.progress).toMatchObject({ total: 4, answered: 3, draft: 3, needsReview: 1, approved: 0 });
  });

  it('edits, assigns, comments, approves and saves an approved answer to the library', async () => {
    const empty = await call<{ error: { message: string } }>(
      ada,
      'PATCH',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}`,
      { status: 'approved' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('The answer is empty');

    const edited = await call<RfpQuestion>(
      ada,
      'PATCH',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}`,
      {
        answer: 'We host in **São Paulo** (AWS sa-east-1).',
        assignee: 'Dana (Security)',
      },
    );
    expect(edited.body).toMatchObject({
      answerOrigin: 'manual',
      assignee: 'Dana (Security)',
      status: 'needs_review',
    });
    const comment = await call<RfpComment>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}/comments`,
      {
        body: 'Confirm with infra before we send',
      },
    );
    expect(comment.body).toMatchObject({ author: 'Ada Lovelace', body: 'Confirm with infra before we send' });
    const comments = await call<{ comments: RfpComment[] }>(
      ada,
      'GET',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}/comments`,
    );
    expect(comments.body.comments).toHaveLength(1);

    const notYet = await call<{ error: { message: string } }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}/library`,
    );
    expect(notYet.status).toBe(409);
    expect(notYet.body.error.message).toBe('Approve the answer before saving it to the library');
    const approved = await call<RfpQuestion>(
      ada,
      'PATCH',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}`,
      {
        status: 'approved',
      },
    );
    expect(approved.body.status).toBe('approved');
    expect(approved.body.approvedAt).not.toBeNull();
    expect(approved.body.commentCount).toBe(1);
    const saved = await call<{ entryId: string; created: boolean }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}/library`,
    );
    expect(saved.status).toBe(201);
    const entry = await call<LibraryEntry>(ada, 'GET', `/api/v1/answers/library/${saved.body.entryId}`);
    expect(entry.body).toMatchObject({ origin: 'rfp', question: 'Which data centers in Brazil do you use?' });

    // Editing an approved answer sends it back to draft; the project completes when every question is approved.
    const reopened = await call<RfpQuestion>(
      ada,
      'PATCH',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}`,
      {
        answer: 'We host in São Paulo (AWS sa-east-1) and Frankfurt.',
      },
    );
    expect(reopened.body.status).toBe('draft');
    for (const n of [1, 2, 3, 4]) {
      await call(ada, 'PATCH', `/api/v1/rfp/projects/${project.id}/questions/${question(n).id}`, {
        status: 'approved',
      });
    }
    project = (await call<RfpProject>(ada, 'GET', `/api/v1/rfp/projects/${project.id}`)).body;
    expect(project.progress).toMatchObject({ approved: 4, percent: 100 });
    expect(project.completedAt).not.toBeNull();
    // Saving it again updates the same library entry rather than adding another.
    const again = await call<{ entryId: string; created: boolean }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.id}/questions/${question(4).id}/library`,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ entryId: saved.body.entryId, created: false });
    const updated = await call<LibraryEntry>(ada, 'GET', `/api/v1/answers/library/${saved.body.entryId}`);
    expect(updated.body.answer).toBe('We host in São Paulo (AWS sa-east-1) and Frankfurt.');
    const nothing = await call<{ error: { message: string } }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.id}/draft`,
    );
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.message).toBe('Every question is approved: nothing to draft');
  });

  it('regenerates one answer for one rfp_answer (2 credits)', async () => {
    const before = await remaining(ada);
    const again = await call<{ question: RfpQuestion; creditsCharged: number }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.id}/questions/${question(2).id}/regenerate`,
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      creditsCharged: 2,
      question: { status: 'draft', answerOrigin: 'knowledge' },
    });
    expect(await remaining(ada)).toBe(before - 2);
  });

  it('exports to DOCX and CSV', async () => {
    const docx = await ada.request('GET', `/api/v1/rfp/projects/${project.id}/export?format=docx`);
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-disposition')).toContain('Globex vendor assessment.docx');
    const zip = await JSZip.loadAsync(new Uint8Array(await docx.arrayBuffer()));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toContain('Is customer data encrypted at rest?');
    expect(xml).toContain('Frankfurt');
    expect(xml).toContain('Data Protection Standard');

    const csv = await ada.request('GET', `/api/v1/rfp/projects/${project.id}/export?format=csv`);
    const rows = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, '')).data;
    expect(rows[0]).toEqual([
      'Ref',
      'Section',
      'Question',
      'Verdict',
      'Answer',
      'Status',
      'Assignee',
      'Confidence',
      'Sources',
    ]);
    expect(rows[1]?.slice(2, 4)).toEqual(['Is customer data encrypted at rest?', 'Yes']);
    expect(rows[4]).toEqual(
      expect.arrayContaining([
        '4',
        'Which data centers in Brazil do you use?',
        'We host in São Paulo (AWS sa-east-1) and Frankfurt.',
        'approved',
        'Dana (Security)',
      ]),
    );
    const source = await call<{ error: { message: string } }>(
      ada,
      'GET',
      `/api/v1/rfp/projects/${project.id}/export?format=source`,
    );
    expect(source.status).toBe(409);
  });

  it('writes the answers back into the rows of an uploaded CSV questionnaire', async () => {
    const csv =
      'ID,Control,Question,Vendor response\nA1,Crypto,Is customer data encrypted at rest?,\nA2,Backup,How often are backups restored in a test?,\n';
    const response = await upload(ada, 'globex-controls.csv', csv, { issuer: 'Globex' });
    expect(response.status).toBe(201);
    const sheet = (await response.json()) as RfpProject;
    expect(sheet).toMatchObject({ title: 'globex-controls', sourceFormat: 'csv', exportsToSource: true });
    expect(sheet.questions.map((q) => q.text)).toEqual([
      'Is customer data encrypted at rest?',
      'How often are backups restored in a test?',
    ]);
    await draftAll(ada, sheet.id);
    const back = await ada.request('GET', `/api/v1/rfp/projects/${sheet.id}/export?format=source`);
    expect(back.status).toBe(200);
    const rows = Papa.parse<string[]>(await back.text()).data.filter((row) => row.length > 1);
    expect(rows[0]).toEqual(['ID', 'Control', 'Question', 'Vendor response']);
    expect(rows[1]?.[3]).toMatch(/AES-256/);
    expect(rows[2]?.[3]).toMatch(/quarter/);
    expect(rows[1]?.slice(0, 3)).toEqual(['A1', 'Crypto', 'Is customer data encrypted at rest?']);
  });

  it('answers the rows of a questionnaire with a Yes/No column as closed questions, the verdict in that column', async () => {
    const csv =
      'Ref,Requirement,Yes/No,Comments\nC1,Customer data encrypted at rest with a strong cipher,,\nC2,Backups restored in a test every quarter,,\n';
    const response = await upload(ada, 'acme-controls.csv', csv);
    expect(response.status).toBe(201);
    const sheet = (await response.json()) as RfpProject;
    await draftAll(ada, sheet.id);
    const drafted = (await call<RfpProject>(ada, 'GET', `/api/v1/rfp/projects/${sheet.id}`)).body;
    expect(drafted.questions.map((q) => q.verdict)).toEqual(['yes', 'yes']);
    const back = await ada.request('GET', `/api/v1/rfp/projects/${sheet.id}/export?format=source`);
    const rows = Papa.parse<string[]>(await back.text()).data.filter((row) => row.length > 1);
    expect(rows[0]).toEqual(['Ref', 'Requirement', 'Yes/No', 'Comments']);
    expect(rows[1]?.[2]).toBe('Yes');
    expect(rows[1]?.[3]).toMatch(/^Customer data is encrypted at rest with AES-256/);
    expect(rows[2]?.[2]).toBe('Yes');
    expect(rows[2]?.[3]).toMatch(/quarter/);
  });

  it('stops drafting when the credits run out, keeping what was paid for', async () => {
    const created = await call<RfpProject>(ada, 'POST', '/api/v1/rfp/projects', {
      title: 'Short on credits',
      text: PASTED,
    });
    // Enough for one drafted answer (2 credits) and not two.
    await leaveCredits(database, ada, 3);
    const job = await draftAll(ada, created.body.id);
    expect(job.status).toBe('succeeded');
    expect(job.result).toMatchObject({
      drafted: 1,
      creditsCharged: 2,
      stopped: 'Insufficient credits. Required: 2, Available: 1',
    });
    expect(await remaining(ada)).toBe(1);
    const after = (await call<RfpProject>(ada, 'GET', `/api/v1/rfp/projects/${created.body.id}`)).body;
    expect(after.questions.filter((q) => q.answer !== '').map((q) => q.ordinal)).toEqual([1]);
    await leaveCredits(database, ada, 0);
    const refused = await call<{ error: { message: string } }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${created.body.id}/draft`,
    );
    expect(refused.status).toBe(402);
    await leaveCredits(database, ada, 100);
  });

  it('refuses bad input with clear messages', async () => {
    expect((await app.request('/api/v1/rfp/projects')).status).toBe(401);
    for (const body of [
      {},
      { title: '', text: '1. Why?' },
      { title: 'x', text: '' },
      { title: 'x', text: '1. Why?', deadline: '2026-13-45' },
      { title: 'x', text: '1. Why?', extra: 1 },
    ]) {
      const { status, body: answer } = await call<{ error: { message: string } }>(
        ada,
        'POST',
        '/api/v1/rfp/projects',
        body,
      );
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error.message).toMatch(/^Invalid request: /);
    }
    const none = await call<{ error: { message: string } }>(ada, 'POST', '/api/v1/rfp/projects', {
      title: 'x',
      text: 'Hello there.',
    });
    expect(none.status).toBe(422);
    expect(none.body.error.message).toMatch(/^No questions were found in it/);
    const noFile = await app.request('/api/v1/rfp/projects', {
      method: 'POST',
      body: new FormData(),
      headers: { cookie: ada.cookie },
    });
    expect(noFile.status).toBe(400);
    const binary = await upload(ada, 'questions.csv', new Uint8Array([0, 1, 2, 3, 255, 254, 0, 0, 7]));
    expect(binary.status).toBe(422);
    const badDate = await upload(ada, 'q.csv', 'Question\nIs it secure?\n', { deadline: 'soon' });
    expect(badDate.status).toBe(400);
    expect(((await badDate.json()) as { error: { message: string } }).error.message).toMatch(
      /^Invalid request: deadline/,
    );
    for (const [method, path, body] of [
      ['GET', '/api/v1/rfp/projects/nope', undefined],
      ['GET', `/api/v1/rfp/projects/${project.id}/export?format=pdf`, undefined],
      ['PATCH', `/api/v1/rfp/projects/${project.id}/questions/${question(1).id}`, { status: 'done' }],
      ['POST', `/api/v1/rfp/projects/${project.id}/questions/${question(1).id}/comments`, { body: ' ' }],
    ] as const) {
      expect((await ada.request(method, path, body)).status, `${method} ${path}`).toBe(400);
    }
  });

  it("never shows one user another's projects, questions or exports", async () => {
    const list = await call<{ projects: RfpProject[] }>(bob, 'GET', '/api/v1/rfp/projects');
    expect(list.body.projects).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/api/v1/rfp/projects/${project.id}`, undefined],
      ['PATCH', `/api/v1/rfp/projects/${project.id}`, { title: 'Mine now' }],
      ['POST', `/api/v1/rfp/projects/${project.id}/draft`, undefined],
      ['PATCH', `/api/v1/rfp/projects/${project.id}/questions/${question(1).id}`, { answer: 'x' }],
      ['POST', `/api/v1/rfp/projects/${project.id}/questions/${question(1).id}/regenerate`, undefined],
      ['GET', `/api/v1/rfp/projects/${project.id}/questions/${question(1).id}/comments`, undefined],
      ['GET', `/api/v1/rfp/projects/${project.id}/export?format=csv`, undefined],
      ['DELETE', `/api/v1/rfp/projects/${project.id}`, undefined],
    ] as const) {
      expect((await bob.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    // Bob's drafts never cite Ada's documents.
    const own = await call<RfpProject>(bob, 'POST', '/api/v1/rfp/projects', { title: 'Bob', text: PASTED });
    await draftAll(bob, own.body.id);
    const drafted = (await call<RfpProject>(bob, 'GET', `/api/v1/rfp/projects/${own.body.id}`)).body;
    expect(drafted.questions.every((q) => q.answer === '' && q.sources.length === 0)).toBe(true);
    expect((await ada.request('DELETE', `/api/v1/rfp/projects/${project.id}`)).status).toBe(204);
  });
});
