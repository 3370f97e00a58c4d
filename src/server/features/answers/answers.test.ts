/**
 * Sales Q&A (issue 9 point 1) through the HTTP app on both databases: a question the library answers gets the
 * library's answer (free), another gets the knowledge base's cited answer (one knowledge_chat credit), one that
 * nothing answers says so and can go to the review list; the library (filters, counts, review date), feedback
 * shown with its entry, the review list answered into the library; bad input; and isolation between users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, callJson } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import {
  type AnswerReview,
  type AskResponse,
  categorize,
  type LibraryEntry,
  type LibraryList,
} from '../../../shared/answers.ts';
import type { App } from '../../http/app.ts';

describe.each(backends())('Sales Q&A on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      database,
      app,
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
          text: 'Backups are taken every night, kept for 35 days and restored in a test every quarter.',
        },
      ],
    });
  });
  afterAll(() => close?.());

  const call = callJson;
  const remaining = async (client: AuthClient) =>
    (await call<{ remainingCredits: number }>(client, 'GET', '/api/v1/credits')).body.remainingCredits;

  let sso: LibraryEntry;

  it('keeps approved answers in the library with category, tags and owner, and finds them', async () => {
    const created = await call<LibraryEntry>(ada, 'POST', '/api/v1/answers/library', {
      question: 'Do you support single sign-on with SAML?',
      answer: 'Yes. We support **SAML 2.0** single sign-on with Okta, Azure AD and Google Workspace.',
      category: 'security',
      tags: ['SSO', 'identity', 'sso'],
    });
    expect(created.status).toBe(201);
    sso = created.body;
    expect(sso).toMatchObject({ owner: 'Ada Lovelace', category: 'security', tags: ['sso', 'identity'] });
    expect(sso.reviewDue).toBe(false);
    await call(ada, 'POST', '/api/v1/answers/library', {
      question: 'Why are you more expensive than the competition?',
      answer: 'Customers recover the difference within a quarter through fewer manual hours.',
      category: 'objections',
      tags: ['price'],
    });
    await call(ada, 'POST', '/api/v1/answers/library', {
      question: 'What does the enterprise plan cost?',
      answer: 'The enterprise plan is priced per seat; ask your account executive for a quote.',
    });

    const all = await call<LibraryList>(ada, 'GET', '/api/v1/answers/library');
    expect(all.body.total).toBe(3);
    expect(all.body.categories).toEqual({ security: 1, objections: 1, other: 1 });
    expect(all.body.tags).toEqual(
      expect.arrayContaining([
        { tag: 'sso', count: 1 },
        { tag: 'price', count: 1 },
      ]),
    );
    const security = await call<LibraryList>(ada, 'GET', '/api/v1/answers/library?category=security');
    expect(security.body.entries.map((e) => e.id)).toEqual([sso.id]);
    const search = await call<LibraryList>(ada, 'GET', '/api/v1/answers/library?q=expensive');
    expect(search.body.entries.map((e) => e.question)).toEqual([
      'Why are you more expensive than the competition?',
    ]);
    const tagged = await call<LibraryList>(ada, 'GET', '/api/v1/answers/library?tag=IDENTITY');
    expect(tagged.body.entries).toHaveLength(1);
  });

  it('answers from the library when an entry asks the same thing, for free', async () => {
    const before = await remaining(ada);
    const { status, body } = await call<AskResponse>(ada, 'POST', '/api/v1/answers/ask', {
      question: 'Does your product support SAML single sign-on?',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ fromLibrary: true, answered: true, creditsCharged: 0, sources: [] });
    expect(body.answer).toContain('SAML 2.0');
    expect(body.libraryEntry?.id).toBe(sso.id);
    expect(body.match).toBeGreaterThanOrEqual(0.6);
    expect(await remaining(ada)).toBe(before);
  });

  it('answers from the knowledge base with citations otherwise, for one credit', async () => {
    const before = await remaining(ada);
    const { body } = await call<AskResponse>(ada, 'POST', '/api/v1/answers/ask', {
      question: 'How is customer data encrypted at rest?',
    });
    expect(body).toMatchObject({
      fromLibrary: false,
      answered: true,
      creditsCharged: 1,
      category: 'security',
    });
    expect(body.answer).toMatch(/AES-256.*\[1\]/);
    expect(body.sources[0]).toMatchObject({ title: 'Data Protection Standard', section: 'Encryption' });
    expect(await remaining(ada)).toBe(before - 1);
  });

  it('saves an answer from documents to the library once, however often it is sent (issue 25)', async () => {
    const question = 'How are the encryption keys managed?';
    const asked = await call<AskResponse>(ada, 'POST', '/api/v1/answers/ask', { question });
    expect(asked.body).toMatchObject({ fromLibrary: false, answered: true });
    // What the page sends: the answer without its citation markers (the library keeps no sources).
    const answer = asked.body.answer.replace(/[ \t]*\[\d+(?:\s*,\s*\d+)*\]/g, '');
    expect(answer).toMatch(/AWS KMS/);
    const size = async () =>
      (await call<LibraryList>(ada, 'GET', '/api/v1/answers/library?limit=1')).body.total;
    const before = await size();
    const entry = { question, answer, category: asked.body.category };
    // A double click: two requests at once make one entry; both answer with it.
    const saves = await Promise.all([
      call<LibraryEntry>(ada, 'POST', '/api/v1/answers/library', entry),
      call<LibraryEntry>(ada, 'POST', '/api/v1/answers/library', entry),
    ]);
    expect(saves.map((save) => save.status).sort()).toEqual([200, 201]);
    expect(saves[0]?.body.id).toBe(saves[1]?.body.id);
    expect(saves[0]?.body).toMatchObject({ question, answer, category: 'security', owner: 'Ada Lovelace' });
    expect(await size()).toBe(before + 1);
    // Asked again, it comes from the library, free.
    const again = await call<AskResponse>(ada, 'POST', '/api/v1/answers/ask', { question });
    expect(again.body).toMatchObject({ fromLibrary: true, creditsCharged: 0, answer });
    // Another answer to the same question is another entry.
    const other = await call<LibraryEntry>(ada, 'POST', '/api/v1/answers/library', {
      question,
      answer: 'In AWS KMS.',
    });
    expect(other.status).toBe(201);
    for (const id of [saves[0]?.body.id, other.body.id]) {
      expect((await ada.request('DELETE', `/api/v1/answers/library/${id}`)).status).toBe(204);
    }
  });

  it('says it does not know, for free, and the question goes to the review list and into the library', async () => {
    const before = await remaining(ada);
    const unknown = await call<AskResponse>(ada, 'POST', '/api/v1/answers/ask', {
      question: 'Which data centers in Brazil do you host in?',
    });
    expect(unknown.body).toMatchObject({
      answered: false,
      fromLibrary: false,
      creditsCharged: 0,
      sources: [],
    });
    expect(await remaining(ada)).toBe(before);

    const sent = await call<AnswerReview>(ada, 'POST', '/api/v1/answers/reviews', {
      question: 'Which data centers in Brazil do you host in?',
      note: 'Asked by Globex',
    });
    expect(sent.status).toBe(201);
    const again = await call<AnswerReview>(ada, 'POST', '/api/v1/answers/reviews', {
      question: 'which data centers in brazil do you host in?',
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(sent.body.id);
    const open = await call<{ reviews: AnswerReview[] }>(ada, 'GET', '/api/v1/answers/reviews?status=open');
    expect(open.body.reviews.map((r) => r.id)).toEqual([sent.body.id]);

    const answered = await call<{ review: AnswerReview; entry: LibraryEntry }>(
      ada,
      'PATCH',
      `/api/v1/answers/reviews/${sent.body.id}`,
      { status: 'answered', answer: 'We host in São Paulo (AWS sa-east-1).', category: 'security' },
    );
    expect(answered.body.review).toMatchObject({ status: 'answered', entryId: answered.body.entry.id });
    expect(answered.body.entry).toMatchObject({ origin: 'review', category: 'security' });
    const twice = await call<{ error: { message: string } }>(
      ada,
      'PATCH',
      `/api/v1/answers/reviews/${sent.body.id}`,
      { status: 'dismissed' },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This review request is already resolved');
    // Now the library answers it.
    const now = await call<AskResponse>(ada, 'POST', '/api/v1/answers/ask', {
      question: 'Which data centers in Brazil do you host in?',
    });
    expect(now.body).toMatchObject({ fromLibrary: true, answer: 'We host in São Paulo (AWS sa-east-1).' });
  });

  it('keeps thumbs up and down with the entry they came from, for its owner to see', async () => {
    for (const rating of [1, 1, -1]) {
      const sent = await call(ada, 'POST', '/api/v1/answers/feedback', {
        question: 'Do you support SAML?',
        answer: sso.answer,
        entryId: sso.id,
        rating,
        ...(rating < 0 ? { comment: 'Mention SCIM provisioning too' } : {}),
      });
      expect(sent.status).toBe(201);
    }
    const entry = await call<LibraryEntry>(ada, 'GET', `/api/v1/answers/library/${sso.id}`);
    expect(entry.body.feedback).toMatchObject({ helpful: 2, unhelpful: 1 });
    expect(entry.body.feedback.comments).toEqual([
      expect.objectContaining({ rating: -1, comment: 'Mention SCIM provisioning too' }),
    ]);
  });

  it('edits, marks reviewed and deletes entries', async () => {
    const edited = await call<LibraryEntry>(ada, 'PATCH', `/api/v1/answers/library/${sso.id}`, {
      answer: 'Yes: SAML 2.0 single sign-on and SCIM provisioning.',
      tags: ['sso'],
    });
    expect(edited.body).toMatchObject({
      answer: 'Yes: SAML 2.0 single sign-on and SCIM provisioning.',
      tags: ['sso'],
    });
    expect(Date.parse(edited.body.lastReviewedAt)).toBeGreaterThanOrEqual(Date.parse(sso.lastReviewedAt));
    const removed = await ada.request('DELETE', `/api/v1/answers/library/${sso.id}`);
    expect(removed.status).toBe(204);
    expect((await ada.request('GET', `/api/v1/answers/library/${sso.id}`)).status).toBe(404);
  });

  it('refuses bad input with clear messages and charges nothing', async () => {
    expect((await app.request('/api/v1/answers/library')).status).toBe(401);
    for (const [method, path, body] of [
      ['POST', '/api/v1/answers/ask', {}],
      ['POST', '/api/v1/answers/ask', { question: 'x' }],
      ['POST', '/api/v1/answers/ask', { question: 'y'.repeat(2001) }],
      ['POST', '/api/v1/answers/library', { question: 'Is it secure?', answer: '' }],
      ['POST', '/api/v1/answers/library', { question: 'Is it secure?', answer: 'Yes', category: 'weather' }],
      ['POST', '/api/v1/answers/library', { question: 'Is it?', answer: 'Yes', tags: Array(11).fill('t') }],
      ['POST', '/api/v1/answers/feedback', { question: 'Is it?', answer: 'Yes', rating: 5 }],
      ['GET', '/api/v1/answers/library?category=weather', undefined],
      ['GET', '/api/v1/answers/library?limit=500', undefined],
      ['PATCH', '/api/v1/answers/library/not-an-id', { answer: 'x' }],
      ['PATCH', '/api/v1/answers/reviews/00000000-0000-4000-8000-000000000000', { status: 'maybe' }],
    ] as const) {
      const { status, body: answer } = await call<{ error: { message: string } }>(ada, method, path, body);
      expect(status, `${method} ${path}`).toBe(400);
      expect(answer.error.message, `${method} ${path}`).toMatch(/^Invalid request: /);
    }
    await leaveCredits(database, ada, 0);
    const broke = await call<{ error: { message: string } }>(ada, 'POST', '/api/v1/answers/ask', {
      question: 'How often are backups restored in a test?',
    });
    expect(broke.status).toBe(402);
    expect(broke.body.error.message).toBe('Insufficient credits. Required: 1, Available: 0');
  });

  it("never shows one user another's library, feedback, reviews or documents", async () => {
    const secret = await call<LibraryEntry>(ada, 'POST', '/api/v1/answers/library', {
      question: 'What is the Project Bluebird launch date?',
      answer: 'Bluebird launches on 3 March.',
    });
    const library = await call<LibraryList>(bob, 'GET', '/api/v1/answers/library');
    expect(library.body.total).toBe(0);
    expect((await bob.request('GET', `/api/v1/answers/library/${secret.body.id}`)).status).toBe(404);
    expect(
      (await bob.request('PATCH', `/api/v1/answers/library/${secret.body.id}`, { answer: 'x' })).status,
    ).toBe(404);
    expect((await bob.request('DELETE', `/api/v1/answers/library/${secret.body.id}`)).status).toBe(404);
    const feedback = await bob.request('POST', '/api/v1/answers/feedback', {
      question: 'When?',
      answer: 'x',
      rating: 1,
      entryId: secret.body.id,
    });
    expect(feedback.status).toBe(404);
    const asked = await call<AskResponse>(bob, 'POST', '/api/v1/answers/ask', {
      question: 'What is the Project Bluebird launch date?',
    });
    expect(asked.body).toMatchObject({ fromLibrary: false, answered: false });
    expect(JSON.stringify(asked.body)).not.toContain('3 March');
    const reviews = await call<{ reviews: AnswerReview[] }>(bob, 'GET', '/api/v1/answers/reviews');
    expect(reviews.body.reviews).toEqual([]);
  });
});

describe('categorize', () => {
  it('puts a question under the category its words name', () => {
    expect(categorize('How much does it cost per seat?')).toBe('pricing');
    expect(categorize('Is data encrypted at rest?')).toBe('security');
    expect(categorize('Do you integrate with Salesforce?')).toBe('integrations');
    expect(categorize('We already use a competitor')).toBe('objections');
    expect(categorize('What is the weather?')).toBe('other');
  });
});
