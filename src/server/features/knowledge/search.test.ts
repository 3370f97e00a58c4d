/**
 * Enterprise file search (issue 8 point 5) through the HTTP app on both databases: passages with their matches
 * marked « », web-search syntax, every word first and any word when none holds them all, filters by type, date
 * and entity, keyset pages, bad input, and isolation between users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import {
  type InsertedDocument,
  insertDocument,
  insertEntity,
  userIdOf,
} from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { KnowledgeSearchResponse } from '../../../shared/knowledge.ts';
import type { App } from '../../http/app.ts';

describe.each(backends())('enterprise file search on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let policy: InsertedDocument;
  let incident: InsertedDocument;
  let encryption: InsertedDocument;
  let bobDoc: InsertedDocument;
  let okta: string;
  let bobEntity: string;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, { users: { ada: 'Ada', bob: 'Bob' } }));
    const adaId = await userIdOf(database.db, 'ada@example.com');
    const db = database.db;
    policy = await insertDocument(db, adaId, {
      filename: 'access-control.md',
      title: 'Access Control Policy',
      createdAt: new Date('2026-01-10T09:00:00Z'),
      passages: [
        {
          section: 'Access Control > MFA',
          text: 'Multi-factor authentication (MFA) is required for production access. Okta provides MFA to every employee.',
        },
        {
          section: 'Access Control > Passwords',
          text: 'Passwords are at least 14 characters. The «legacy» VPN still accepts a password without MFA until March.',
        },
      ],
    });
    incident = await insertDocument(db, adaId, {
      filename: 'incident-response.pdf',
      title: 'Incident Response Plan',
      createdAt: new Date('2026-03-05T12:00:00Z'),
      passages: [
        {
          page: 3,
          text: 'The incident commander notifies affected customers within 72 hours. Responders use MFA on every console.',
        },
        { page: 4, text: 'Lessons learned from each incident are recorded in the post-mortem.' },
      ],
    });
    encryption = await insertDocument(db, adaId, {
      filename: 'data-protection.docx',
      title: 'Data Protection Standard',
      createdAt: new Date('2026-05-01T08:00:00Z'),
      passages: [
        { section: 'Encryption', text: 'Customer data is encrypted with AES-256; keys live in AWS KMS.' },
      ],
    });
    await insertDocument(db, adaId, {
      filename: 'draft.md',
      status: 'processing',
      passages: [{ text: 'Draft: MFA for contractors.' }],
    });
    okta = await insertEntity(db, adaId, {
      name: 'Okta',
      type: 'product',
      mentions: [{ documentId: policy.id, chunkId: policy.chunkIds[0] as string }],
    });
    const bobId = await userIdOf(database.db, 'bob@example.com');
    bobDoc = await insertDocument(db, bobId, {
      filename: 'bluebird.md',
      passages: [{ text: 'Project Bluebird replaces MFA tokens with passkeys for the incident team.' }],
    });
    bobEntity = await insertEntity(db, bobId, {
      name: 'Project Bluebird',
      type: 'product',
      mentions: [{ documentId: bobDoc.id, chunkId: bobDoc.chunkIds[0] as string }],
    });
  });
  afterAll(() => close?.());

  const search = async (client: AuthClient, query: string) => {
    const response = await client.request('GET', `/api/v1/knowledge/search?${query}`);
    return { status: response.status, body: (await response.json()) as KnowledgeSearchResponse };
  };
  const chunkIds = (body: KnowledgeSearchResponse) => body.passages.map((p) => p.chunkId);

  it('asks for a session and refuses bad input with clear messages', async () => {
    expect((await app.request('/api/v1/knowledge/search?q=mfa')).status).toBe(401);
    for (const query of [
      '',
      'q=%20%20',
      `q=${'x'.repeat(501)}`,
      'q=mfa&type=exe',
      'q=mfa&from=yesterday',
      'q=mfa&from=2026-13-45',
      'q=mfa&from=2026-05-01&to=2026-04-01',
      'q=mfa&entity=okta',
      'q=mfa&limit=0',
      'q=mfa&limit=101',
      'q=mfa&sort=newest',
      'q=mfa&cursor=not-a-cursor',
    ]) {
      const { status, body } = await search(ada, query);
      expect(status, query).toBe(400);
      expect((body as unknown as { error: { message: string } }).error.message, query).toMatch(/^Invalid/);
    }
  });

  it('finds the passages holding the words, best first, with the matches marked', async () => {
    const { status, body } = await search(ada, 'q=MFA');
    expect(status).toBe(200);
    expect(body.matchedAllWords).toBe(true);
    expect(chunkIds(body).sort()).toEqual(
      [policy.chunkIds[0], policy.chunkIds[1], incident.chunkIds[0]].sort() as string[],
    );
    // The heading says MFA too: that passage is the best.
    expect(body.passages[0]).toMatchObject({
      chunkId: policy.chunkIds[0],
      documentId: policy.id,
      title: 'Access Control Policy',
      filename: 'access-control.md',
      mimeType: 'text/markdown',
      section: 'Access Control > MFA',
      page: null,
      createdAt: '2026-01-10T09:00:00.000Z',
    });
    expect(body.passages[0]?.highlighted).toContain('«MFA»');
    expect(body.passages[0]?.score).toBeGreaterThan(body.passages.at(-1)?.score ?? 1);
    // The document's own « » cannot be mistaken for a match.
    const legacy = body.passages.find((p) => p.chunkId === policy.chunkIds[1]);
    expect(legacy?.highlighted).toContain('"legacy"');
    const pdf = body.passages.find((p) => p.documentId === incident.id);
    expect(pdf).toMatchObject({ page: 3, mimeType: 'application/pdf' });
  });

  it('reads quoted phrases and excluded words, and falls back to any of the words', async () => {
    const phrase = await search(ada, `q=${encodeURIComponent('"incident commander"')}`);
    expect(chunkIds(phrase.body)).toEqual([incident.chunkIds[0]]);
    expect(phrase.body.passages[0]?.highlighted).toMatch(/«incident» «commander»|«incident commander»/);
    const without = await search(ada, `q=${encodeURIComponent('incident -customers')}`);
    expect(chunkIds(without.body)).toEqual([incident.chunkIds[1]]);
    const some = await search(ada, 'q=encryption%20pizza');
    expect(some.body.matchedAllWords).toBe(false);
    expect(chunkIds(some.body)).toEqual([encryption.chunkIds[0]]);
    const none = await search(ada, 'q=pizza');
    expect(none.body).toEqual({ passages: [], nextCursor: null, matchedAllWords: false });
  });

  it('filters by document type, upload date and entity', async () => {
    const pdf = await search(ada, 'q=MFA&type=pdf');
    expect(chunkIds(pdf.body)).toEqual([incident.chunkIds[0]]);
    const byMime = await search(ada, 'q=MFA&type=application%2Fpdf&type=md');
    expect(byMime.body.passages).toHaveLength(3);
    const march = await search(ada, 'q=MFA&from=2026-03-01&to=2026-03-05');
    expect(chunkIds(march.body)).toEqual([incident.chunkIds[0]]);
    const since = await search(ada, 'q=MFA&from=2026-03-05T13:00:00Z');
    expect(since.body.passages).toEqual([]);
    const entity = await search(ada, `q=MFA&entity=${okta}`);
    expect(chunkIds(entity.body)).toEqual([policy.chunkIds[0]]);
  });

  it('pages through the results with a cursor, without repeating a passage', async () => {
    const first = await search(ada, 'q=MFA&limit=2');
    expect(first.body.passages).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await search(
      ada,
      `q=MFA&limit=2&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(second.body.passages).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    expect(new Set([...chunkIds(first.body), ...chunkIds(second.body)]).size).toBe(3);
  });

  it("never finds another user's passages, and refuses their entity as a filter", async () => {
    const ours = await search(ada, 'q=Bluebird');
    expect(ours.body.passages).toEqual([]);
    const mine = await search(ada, 'q=incident');
    expect(mine.body.passages.map((p) => p.documentId)).not.toContain(bobDoc.id);
    const theirs = await search(ada, `q=MFA&entity=${bobEntity}`);
    expect(theirs.status).toBe(404);
    const bobs = await search(bob, 'q=MFA');
    expect(bobs.body.passages.map((p) => p.documentId)).toEqual([bobDoc.id]);
  });
});
