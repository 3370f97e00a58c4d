/**
 * RFP responses under hostile input and storage faults (issue 21), on both databases: text a multipart upload
 * carries past the request guard (its fields, its file's name) is refused with 400 before anything is kept, and
 * an answer is charged only once its draft is saved (a failed save takes nothing; a refused charge leaves the
 * answer as it was).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, callJson } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { RfpProject, RfpQuestion } from '../../../shared/rfp.ts';
import type { App } from '../../http/app.ts';

const CSV = 'Question\nIs customer data encrypted at rest?\n';

describe.each(backends())('RFP responses under hostile input on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let close: () => Promise<void>;
  let adaId: string;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada },
      close,
    } = await signedInApp(backend, { seed: true, users: { ada: 'Ada Lovelace' } }));
    adaId = await userIdOf(database.db, 'ada@example.com');
    await insertDocument(database.db, adaId, {
      filename: 'data-protection.md',
      title: 'Data Protection Standard',
      passages: [
        {
          section: 'Encryption',
          text: 'Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2 or higher.',
        },
      ],
    });
  });
  afterAll(() => close?.());

  const remaining = async () =>
    (await callJson<{ remainingCredits: number }>(ada, 'GET', '/api/v1/credits')).body.remainingCredits;
  const projects = async () =>
    (await callJson<{ projects: unknown[] }>(ada, 'GET', '/api/v1/rfp/projects')).body.projects;
  const upload = (filename: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.append('file', new File([CSV], filename));
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return app.request('/api/v1/rfp/projects', {
      method: 'POST',
      body: form,
      headers: { cookie: ada.cookie },
    });
  };

  it('refuses a NUL in a multipart field or file name with a 400 that names it, and keeps no project', async () => {
    const before = (await projects()).length;
    for (const [filename, fields, field] of [
      ['questions.csv', { title: 'Globex\u0000 assessment' }, 'title'],
      ['questions.csv', { title: 'Globex', issuer: 'Glo\u0000bex' }, 'issuer'],
      ['ques\u0000tions.csv', { title: 'Globex' }, 'file (file name)'],
    ] as const) {
      const response = await upload(filename, fields);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toEqual({
        code: 'INVALID_TEXT',
        message: `Field "${field}" may not contain the NUL character (\\u0000)`,
        details: { location: 'body', field },
      });
    }
    expect(await projects()).toHaveLength(before);
    expect((await upload('questions.csv', { title: 'Globex assessment' })).status).toBe(201);
  });

  /** A storage fault in one table for Ada's rows, as a full disk or a lost connection would cause. */
  const fault = async (table: string, event: 'insert' | 'update', when: string) => {
    await database.db.execute(
      sql.raw(`create or replace function fail_write() returns trigger language plpgsql as $$
        begin raise exception 'simulated storage failure'; end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger fail_write before ${event} on ${table} for each row
        when (new.user_id = '${adaId}' and ${when}) execute function fail_write()`),
    );
    return () => database.db.execute(sql.raw(`drop trigger fail_write on ${table}`));
  };

  let project: RfpProject;
  const regenerate = () =>
    callJson<{ question: RfpQuestion; creditsCharged: number }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.id}/questions/${project.questions[0]?.id}/regenerate`,
    );
  const current = async () =>
    (await callJson<RfpProject>(ada, 'GET', `/api/v1/rfp/projects/${project.id}`)).body.questions[0];

  it('takes no credit for a draft that could not be saved', async () => {
    project = (
      await callJson<RfpProject>(ada, 'POST', '/api/v1/rfp/projects', {
        title: 'Charge order',
        text: '1. Is customer data encrypted at rest?',
      })
    ).body;
    const untouched = await current();
    const before = await remaining();
    const restore = await fault('rfp_questions', 'update', 'new.drafted_at is distinct from old.drafted_at');
    try {
      expect((await regenerate()).status).toBe(500);
    } finally {
      await restore();
    }
    expect(await remaining()).toBe(before);
    expect(await current()).toEqual(untouched);
    // The claim was let go: the next regenerate drafts and charges once.
    const again = await regenerate();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ creditsCharged: 2, question: { answerOrigin: 'knowledge' } });
    expect(await remaining()).toBe(before - 2);
  });

  it('leaves the answer as it was when the charge of its new draft fails', async () => {
    const edited = await callJson<RfpQuestion>(
      ada,
      'PATCH',
      `/api/v1/rfp/projects/${project.id}/questions/${project.questions[0]?.id}`,
      { answer: 'Yes, with AES-256.' },
    );
    expect(edited.status).toBe(200);
    const kept = await current();
    const before = await remaining();
    const restore = await fault('credit_transactions', 'insert', 'true');
    try {
      expect((await regenerate()).status).toBe(500);
    } finally {
      await restore();
    }
    expect(await remaining()).toBe(before);
    expect(await current()).toEqual(kept);
    expect((await regenerate()).status).toBe(200);
  });
});
