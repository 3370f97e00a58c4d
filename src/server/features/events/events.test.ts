/**
 * Activity events (issue 10 point 3) on both databases: each event is recorded where its change happens (a
 * prospect created, its status changed, a document processed, an RFP completed, credits running low), only when
 * that change commits, once; the timeline API filters by type and subject, pages with a cursor, refuses bad
 * input, and shows a user only their own events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, callJson } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { ActivityEvent, EventList } from '../../../shared/events.ts';
import type { RfpProject } from '../../../shared/rfp.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';

describe.each(backends())('Activity events on $name', (backend: Backend) => {
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
  });
  afterAll(() => close?.());

  const call = callJson;
  const events = async (client: AuthClient, query = '') =>
    (await call<EventList>(client, 'GET', `/api/v1/events${query}`)).body.events;
  const ofType = async (client: AuthClient, type: string) => events(client, `?type=${type}`);

  let prospectId: string;

  it('records prospect.created once, with the prospect as its subject', async () => {
    const added = await call<{ id: string }>(ada, 'POST', '/api/v1/prospects', { name: 'Berlin Ledger' });
    expect(added.status).toBe(201);
    prospectId = added.body.id;
    // Adding it again finds it: no second event.
    expect((await call(ada, 'POST', '/api/v1/prospects', { name: 'berlin ledger' })).status).toBe(200);
    const [created, ...more] = await ofType(ada, 'prospect.created');
    expect(more).toEqual([]);
    expect(created).toMatchObject({
      type: 'prospect.created',
      subjectType: 'prospect',
      subjectId: prospectId,
      summary: 'Berlin Ledger was added as a prospect',
      data: { prospectId, name: 'Berlin Ledger' },
    });
  });

  it('records nothing for a change that did not happen', async () => {
    const refused = await call(ada, 'POST', '/api/v1/prospects', {
      companyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(refused.status).toBe(404);
    expect(await ofType(ada, 'prospect.created')).toHaveLength(1);
  });

  it('records prospect.status_changed with from and to, and nothing when the status stays', async () => {
    expect((await call(ada, 'PATCH', `/api/v1/prospects/${prospectId}`, { status: 'at-risk' })).status).toBe(
      200,
    );
    expect((await call(ada, 'PATCH', `/api/v1/prospects/${prospectId}`, { status: 'at-risk' })).status).toBe(
      200,
    );
    const changed = await ofType(ada, 'prospect.status_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      subjectId: prospectId,
      summary: 'Berlin Ledger moved from Qualified to At risk',
      data: { from: 'qualified', to: 'at-risk' },
    });
  });

  it('records document.processed when an uploaded document is indexed', async () => {
    const form = new FormData();
    form.append(
      'files',
      new File(
        ['# Security policy\n\nCustomer data is encrypted at rest with AES-256 and backed up nightly.\n'],
        'security-policy.md',
      ),
    );
    const sent = await app.request('/api/v1/knowledge/documents', {
      method: 'POST',
      body: form,
      headers: { cookie: ada.cookie },
    });
    expect(sent.status).toBeLessThan(300);
    expect(await ofType(ada, 'document.processed')).toEqual([]);
    await jobs.runOnce();
    const [processed] = await ofType(ada, 'document.processed');
    expect(processed).toMatchObject({
      subjectType: 'document',
      data: { filename: 'security-policy.md' },
    });
    expect(processed?.summary).toMatch(/was processed: \d+ passages/);
  });

  it('records rfp.completed when the last question is approved, once', async () => {
    const created = await call<RfpProject>(ada, 'POST', '/api/v1/rfp/projects', {
      title: 'Globex assessment',
      text: '1. Is data encrypted at rest?\n2. Do you support SAML single sign-on?',
    });
    expect(created.status).toBe(201);
    const project = created.body;
    const approve = (questionId: string) =>
      call(ada, 'PATCH', `/api/v1/rfp/projects/${project.id}/questions/${questionId}`, {
        answer: 'Yes.',
        status: 'approved',
      });
    const [first, second] = project.questions;
    await approve(first?.id ?? '');
    expect(await ofType(ada, 'rfp.completed')).toEqual([]);
    await approve(second?.id ?? '');
    const [completed] = await ofType(ada, 'rfp.completed');
    expect(completed).toMatchObject({
      subjectType: 'rfp',
      subjectId: project.id,
      summary: 'Globex assessment is complete: all 2 answers approved',
      data: { rfpId: project.id, questions: 2 },
    });
    // Approving again changes nothing; re-opening and approving again completes it anew.
    await approve(second?.id ?? '');
    expect(await ofType(ada, 'rfp.completed')).toHaveLength(1);
    await call(ada, 'PATCH', `/api/v1/rfp/projects/${project.id}/questions/${second?.id}`, {
      status: 'draft',
    });
    await approve(second?.id ?? '');
    expect(await ofType(ada, 'rfp.completed')).toHaveLength(2);
  });

  it('records credits.low when 80 % and again when 100 % of the cycle is used', async () => {
    const account = await call<{ totalCredits: number }>(bob, 'GET', '/api/v1/credits');
    await leaveCredits(database, bob, Math.floor(account.body.totalCredits * 0.2) + 2);
    await call(bob, 'POST', '/api/v1/credits/usage', { activityType: 'ai_query' });
    expect(await ofType(bob, 'credits.low')).toEqual([]);
    await call(bob, 'POST', '/api/v1/credits/usage', { activityType: 'ai_query', quantity: 5 });
    const [low] = await ofType(bob, 'credits.low');
    expect(low).toMatchObject({ subjectType: 'credits', data: { percent: 80 } });
    await call(bob, 'POST', '/api/v1/credits/usage', { activityType: 'ai_query' });
    expect(await ofType(bob, 'credits.low')).toHaveLength(1);
    await leaveCredits(database, bob, 1);
    await call(bob, 'POST', '/api/v1/credits/usage', { activityType: 'ai_query' });
    const all = await ofType(bob, 'credits.low');
    expect(all.map((e) => (e.data as { percent: number }).percent)).toEqual([100, 80]);
  });

  it('lists newest first, filters by type and subject, and pages with a cursor', async () => {
    const all = await events(ada);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const times = all.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const two = await events(ada, '?type=prospect.created&type=prospect.status_changed');
    expect(new Set(two.map((e) => e.type))).toEqual(new Set(['prospect.created', 'prospect.status_changed']));
    const about = await events(ada, `?subjectType=prospect&subjectId=${prospectId}`);
    expect(about.map((e) => e.type).sort()).toEqual(['prospect.created', 'prospect.status_changed']);

    const seen: ActivityEvent[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: EventList } = await call<EventList>(
        ada,
        'GET',
        `/api/v1/events?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.events);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('refuses bad filters with the reason, and shows each user only their events', async () => {
    for (const [query, message] of [
      ['?type=prospect.deleted', 'must be one of'],
      ['?subjectType=company', 'must be one of'],
      ['?subjectId=42', 'UUID'],
      ['?limit=1000', 'at most 100'],
      ['?cursor=garbage', 'cursor'],
    ]) {
      const refused = await call<{ error: { message: string } }>(ada, 'GET', `/api/v1/events${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.message).toContain(message);
    }
    const bobs = await events(bob);
    expect(bobs.every((e) => e.type === 'credits.low')).toBe(true);
    expect(await events(bob, `?subjectId=${prospectId}&subjectType=prospect`)).toEqual([]);
    expect((await app.request('/api/v1/events')).status).toBe(401);
  });
});
