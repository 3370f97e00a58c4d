/**
 * The knowledge chat with the built-in engine (issue 8 point 3), through the HTTP app on both databases: the
 * passage that answers is cited first with its document, section and page; an unrelated question gets "I don't
 * know" and no source; a short follow-up is read with the question before; one credit per answer and none
 * otherwise; spec 3 §8's fallback when retrieval fails; and one user's documents never reach another's answers.
 * The documents, passages and graph are written straight into the database (the ingestion pipeline is tested
 * on its own).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import {
  type InsertedDocument,
  insertDocument,
  insertEntity,
  insertRelationship,
  userIdOf,
} from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import {
  KNOWLEDGE_CHAT_FALLBACKS,
  KNOWLEDGE_CHAT_NO_ANSWER,
  type KnowledgeChatResponse,
} from '../../../shared/knowledge.ts';
import type { App } from '../../http/app.ts';
import { fallbackKind } from './chat.ts';

/** Ada's documents: a policy with sections, a PDF with pages, and neighbours that share some words. */
async function seedAda(db: TestDatabase['db'], userId: string) {
  const access = await insertDocument(db, userId, {
    filename: 'access-control.md',
    title: 'Access Control Policy',
    passages: [
      {
        section: 'Access Control > Multi-factor Authentication',
        text: 'Multi-factor authentication (MFA) is required for all access to production systems. Acme Corp implements Okta as its MFA provider. Approved methods include push notifications through the Okta mobile app and hardware tokens.',
      },
      {
        section: 'Access Control > Password Policy',
        text: 'Passwords must be at least 14 characters long and are rotated every 90 days. Password managers are approved for storing credentials.',
      },
    ],
  });
  const incident = await insertDocument(db, userId, {
    filename: 'incident-response.pdf',
    title: 'Incident Response Plan',
    passages: [
      {
        page: 2,
        text: 'This plan applies to all employees and contractors of Acme Corp and to every system that stores customer data.',
      },
      {
        page: 3,
        text: 'Security incidents are reported to the security team within 24 hours. The incident commander coordinates the response and notifies affected customers within 72 hours of confirmation.',
      },
      {
        page: 4,
        text: 'After an incident is closed, the team holds a post-mortem review and records lessons learned.',
      },
    ],
  });
  const encryption = await insertDocument(db, userId, {
    filename: 'data-protection.docx',
    title: 'Data Protection Standard',
    passages: [
      {
        section: 'Encryption',
        text: 'Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2 or higher. Encryption keys are managed in AWS KMS and rotated annually.',
      },
    ],
  });
  const training = await insertDocument(db, userId, {
    filename: 'security-training.md',
    title: 'Security Awareness Training',
    passages: [
      {
        section: 'Topics',
        text: 'Annual training covers phishing, MFA fatigue attacks, password hygiene and reporting suspicious e-mail.',
      },
    ],
  });
  // Not indexed yet: never cited.
  await insertDocument(db, userId, {
    filename: 'draft-mfa.md',
    title: 'Draft MFA notes',
    status: 'processing',
    passages: [{ text: 'Draft: we might move MFA to Duo next year, Okta provider contract ends.' }],
  });
  const mfa = await insertEntity(db, userId, {
    name: 'MFA',
    type: 'technology',
    mentions: [
      { documentId: access.id, chunkId: access.chunkIds[0] as string, count: 2 },
      { documentId: training.id, chunkId: training.chunkIds[0] as string },
    ],
  });
  const okta = await insertEntity(db, userId, {
    name: 'Okta',
    type: 'product',
    mentions: [{ documentId: access.id, chunkId: access.chunkIds[0] as string, count: 2 }],
  });
  const acme = await insertEntity(db, userId, {
    name: 'Acme Corp',
    canonicalName: 'acme',
    type: 'organization',
    mentions: [
      { documentId: access.id, chunkId: access.chunkIds[0] as string },
      { documentId: incident.id, chunkId: incident.chunkIds[0] as string },
    ],
  });
  await insertRelationship(db, userId, {
    source: okta,
    target: mfa,
    relation: 'provides',
    evidence: [
      {
        documentId: access.id,
        chunkId: access.chunkIds[0] as string,
        phrase: 'Acme Corp implements Okta as its MFA provider.',
      },
    ],
  });
  await insertRelationship(db, userId, {
    source: acme,
    target: okta,
    relation: 'implements',
    evidence: [
      {
        documentId: access.id,
        chunkId: access.chunkIds[0] as string,
        phrase: 'Acme Corp implements Okta as its MFA provider.',
      },
    ],
  });
  return { access, incident, encryption, training };
}

describe.each(backends())('the knowledge chat on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let docs: Awaited<ReturnType<typeof seedAda>>;
  let bobDoc: InsertedDocument;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, { seed: true, users: { ada: 'Ada', bob: 'Bob' } }));
    docs = await seedAda(database.db, await userIdOf(database.db, 'ada@example.com'));
    bobDoc = await insertDocument(database.db, await userIdOf(database.db, 'bob@example.com'), {
      filename: 'bluebird.md',
      title: 'Project Bluebird',
      passages: [
        {
          section: 'Launch',
          text: 'The Project Bluebird launch is scheduled for March; the launch budget is confidential.',
        },
      ],
    });
  });
  afterAll(() => close?.());

  const remaining = async (client: AuthClient) =>
    ((await (await client.request('GET', '/api/v1/credits')).json()) as { remainingCredits: number })
      .remainingCredits;
  const ask = async (client: AuthClient, query: string, chatHistory?: unknown) => {
    const response = await client.request('POST', '/api/v1/knowledge/chat', {
      query,
      ...(chatHistory === undefined ? {} : { chatHistory }),
    });
    return { status: response.status, body: (await response.json()) as KnowledgeChatResponse };
  };
  /** Every marker in the answer names a source, and every source is cited. */
  const expectConsistentCitations = (body: KnowledgeChatResponse) => {
    const markers = [...body.response.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(markers.length).toBeGreaterThan(0);
    expect(new Set(markers)).toEqual(new Set(body.sources.map((s) => s.ref)));
    expect(body.sources.map((s) => s.ref)).toEqual(body.sources.map((_, i) => i + 1));
  };

  it('asks for a session and refuses bad input with clear messages', async () => {
    const anonymous = await app.request('/api/v1/knowledge/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'hello' }),
    });
    expect(anonymous.status).toBe(401);
    for (const body of [
      {},
      { query: '   ' },
      { query: 'x'.repeat(2001) },
      { query: 'hi', extra: 1 },
      { query: 'hi', chatHistory: 'not a list' },
      { query: 'hi', chatHistory: [{ role: 'system', content: 'obey' }] },
      { query: 42 },
    ]) {
      const response = await ada.request('POST', '/api/v1/knowledge/chat', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.message).toMatch(/^Invalid request: /);
    }
    const notJson = await ada.request('POST', '/api/v1/knowledge/chat', undefined, {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers from the passage that answers, citing its document and page, for one credit', async () => {
    const before = await remaining(ada);
    const { status, body } = await ask(
      ada,
      'How quickly must we notify customers after a security incident?',
    );
    expect(status).toBe(200);
    expect(body.answered).toBe(true);
    expect(body.fallback).toBe(false);
    expect(body.sources[0]).toMatchObject({
      ref: 1,
      documentId: docs.incident.id,
      chunkId: docs.incident.chunkIds[1],
      title: 'Incident Response Plan',
      filename: 'incident-response.pdf',
      page: 3,
      section: null,
    });
    expect(body.sources[0]?.snippet).toContain('72 hours');
    expect(body.sources[0]?.score).toBeGreaterThan(0);
    expect(body.response).toContain('within 72 hours');
    expect(body.response).toContain('[1]');
    expectConsistentCitations(body);
    expect([body.creditsCharged, await remaining(ada)]).toEqual([1, before - 1]);
  });

  it('ranks the passage that answers above passages that only share its words, with the section', async () => {
    const { body } = await ask(ada, 'Which MFA provider do we use?');
    expect(body.answered).toBe(true);
    expect(body.sources[0]).toMatchObject({
      documentId: docs.access.id,
      chunkId: docs.access.chunkIds[0],
      section: 'Access Control > Multi-factor Authentication',
      page: null,
    });
    // The graph led there: the question names MFA, which the passage mentions.
    expect(body.sources[0]?.entity).toMatch(/MFA|Okta/);
    expect(body.response).toContain('Okta');
    expectConsistentCitations(body);
    // A document still being processed is never cited.
    expect(body.sources.map((s) => s.title)).not.toContain('Draft MFA notes');

    const keys = await ask(ada, 'How are encryption keys managed?');
    expect(keys.body.sources[0]).toMatchObject({ documentId: docs.encryption.id, section: 'Encryption' });
    expect(keys.body.response).toContain('AWS KMS');

    const passwords = await ask(ada, 'How long must passwords be?');
    expect(passwords.body.sources[0]?.chunkId).toBe(docs.access.chunkIds[1]);
    expect(passwords.body.response).toContain('14 characters');
  });

  it("says it does not know, cites nothing and charges nothing for a question its documents don't answer", async () => {
    const before = await remaining(ada);
    for (const query of [
      'What is the capital of France?',
      'Who won the football world cup in 2018?',
      'Recommend a good pizza place near the office',
    ]) {
      const { status, body } = await ask(ada, query);
      expect(status, query).toBe(200);
      expect(body, query).toMatchObject({
        answered: false,
        sources: [],
        creditsCharged: 0,
        response: KNOWLEDGE_CHAT_NO_ANSWER.notFound,
      });
    }
    expect(await remaining(ada)).toBe(before);
  });

  it('says so when the caller has no indexed documents yet', async () => {
    const carol = authClient(app);
    await carol.signUp('carol@example.com', 'violet-harbor-42', 'Carol');
    const { body } = await ask(carol, 'Which MFA provider do we use?');
    expect(body).toMatchObject({
      answered: false,
      sources: [],
      creditsCharged: 0,
      response: KNOWLEDGE_CHAT_NO_ANSWER.noDocuments,
    });
  });

  it('reads a short follow-up with the question before it', async () => {
    const alone = await ask(ada, 'How long must they be?');
    expect(alone.body.answered).toBe(false);
    const history = [
      { role: 'user', content: 'What is our password policy?' },
      { role: 'assistant', content: 'Password managers are approved for storing credentials [1].' },
    ];
    const followUp = await ask(ada, 'How long must they be?', history);
    expect(followUp.body.answered).toBe(true);
    expect(followUp.body.sources[0]?.chunkId).toBe(docs.access.chunkIds[1]);
    expect(followUp.body.response).toContain('14 characters');
  });

  it("never answers from another user's documents", async () => {
    const bobAsks = await ask(bob, 'Which MFA provider do we use?');
    expect(bobAsks.body.answered).toBe(false);
    expect(bobAsks.body.sources).toEqual([]);
    const adaAsks = await ask(ada, 'When is the Project Bluebird launch scheduled?');
    expect(adaAsks.body.answered).toBe(false);
    expect(JSON.stringify(adaAsks.body)).not.toContain(bobDoc.id);
    const own = await ask(bob, 'When is the Project Bluebird launch scheduled?');
    expect(own.body.sources[0]?.documentId).toBe(bobDoc.id);
    expect(own.body.response).toContain('March');
  });

  it('refuses an answer with 402 when no credits remain, and still says for free when it does not know', async () => {
    const dan = authClient(app);
    await dan.signUp('dan@example.com', 'violet-harbor-42', 'Dan');
    await insertDocument(database.db, await userIdOf(database.db, 'dan@example.com'), {
      filename: 'faq.md',
      passages: [{ section: 'Support', text: 'Support is available around the clock by phone and chat.' }],
    });
    await leaveCredits(database, dan);
    const paid = await dan.request('POST', '/api/v1/knowledge/chat', { query: 'When is support available?' });
    expect(paid.status).toBe(402);
    const refused = await paid.json();
    expect(refused.error.message).toBe('Insufficient credits. Required: 1, Available: 0');
    expect(refused).not.toHaveProperty('response');
    const free = await ask(dan, 'What is the capital of France?');
    expect(free.status).toBe(200);
    expect(free.body.answered).toBe(false);
  });

  it("answers spec 3 §8's permission fallback, free, when the database refuses the read", async () => {
    const before = await remaining(ada);
    await database.db.execute(sql`revoke select on document_chunks from prospector_app`);
    try {
      const { status, body } = await ask(ada, 'Which MFA provider do we use?');
      expect(status).toBe(200);
      expect(body).toEqual({
        response: `${KNOWLEDGE_CHAT_FALLBACKS.permission} ${KNOWLEDGE_CHAT_FALLBACKS.support}`,
        sources: [],
        answered: false,
        verdict: null,
        fallback: true,
        creditsCharged: 0,
      });
    } finally {
      await database.db.execute(sql`grant select on document_chunks to prospector_app`);
    }
    expect(await remaining(ada)).toBe(before);
    expect((await ask(ada, 'Which MFA provider do we use?')).body.answered).toBe(true);
  });
});

describe('which fallback a failure gets', () => {
  it('maps database refusals, sessions, an unreachable model and anything else to spec 3 §8', () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(fallbackKind('retrieval', pgError('42501', 'permission denied for table document_chunks'))).toBe(
      'permission',
    );
    expect(fallbackKind('retrieval', new Error('new row violates row-level security policy'))).toBe(
      'permission',
    );
    expect(fallbackKind('retrieval', new Error('JWT expired'))).toBe('auth');
    expect(fallbackKind('retrieval', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(
      'default',
    );
    expect(fallbackKind('retrieval', new Error('canceling statement due to statement timeout'))).toBe(
      'default',
    );
    expect(fallbackKind('engine', new Error('The model endpoint failed: fetch failed'))).toBe('network');
    expect(fallbackKind('engine', new Error('The model endpoint answered HTTP 401: Incorrect API key'))).toBe(
      'ai',
    );
    expect(fallbackKind('engine', new Error('The model did not answer within 20 s'))).toBe('ai');
  });
});
