/**
 * Agent runs (issue 10 point 1) through the HTTP app on both databases: a company search, a Sales Q&A question,
 * a generated document and an RFP "draft all" each record one run of their agent with its input, the credits
 * charged and its status; a run refused for lack of credits is recorded as failed with no credits; the
 * directory's figures (runs, median duration, success rate, credits) match the recorded rows; the runs page
 * by keyset; unknown agents are 404; and nobody sees another user's runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, callJson } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { AgentDetail, AgentExecution, AgentList } from '../../../shared/agent-executions.ts';
import { queryRows } from '../../db/client.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { summarize } from './executions.ts';

describe.each(backends())('agent runs on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let companyId: string;

  beforeAll(async () => {
    ({
      database,
      app,
      jobs,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      // Before the app: the filter vocabulary is read when the app starts.
      beforeApp: async (database) => {
        const [company] = await queryRows<{ id: string }>(
          database.db,
          sql`insert into company_master (name, primary_industry, size, employees, country, city, location, description, source, license)
          values ('Globex Logistics', 'Transportation', '201-500', 340, 'Germany', 'Hamburg', 'Hamburg, Germany',
            'Globex Logistics runs freight forwarding across northern Europe.', 'test', 'test')
          returning id`,
        );
        companyId = company?.id as string;
      },
      users: { ada: 'Ada Lovelace', bob: 'Bob' },
    }));
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
  const detail = async (client: AuthClient, agentId: string, query = '') =>
    (await call<AgentDetail>(client, 'GET', `/api/v1/agents/${agentId}${query}`)).body;
  const directory = async (client: AuthClient) =>
    (await call<AgentList>(client, 'GET', '/api/v1/agents')).body.agents;

  it('lists the six agents of the catalogue with their images and no runs yet', async () => {
    const agents = await directory(ada);
    expect(agents.map((a) => a.id)).toEqual(['alex', 'jim', 'emma', 'maya', 'david', 'sofia']);
    const alex = agents[0];
    expect(alex).toMatchObject({
      name: 'Alex',
      title: 'Company Finder',
      path: '/sales-account-development',
      images: { webp: '/images/alex.webp', png: '/images/alex.png' },
      stats: { runs: 0, runsLast30Days: 0, medianDurationMs: null, successRate: null, creditsSpent: 0 },
    });
    expect(alex?.capabilities.length).toBeGreaterThan(0);
    expect((await detail(ada, 'alex')).runs).toEqual([]);
  });

  it('records a company search as a run of Alex with its filters and credits; browsing the list is not a run', async () => {
    const search = await call<{ companies: { name: string }[]; creditsCharged: number }>(
      ada,
      'GET',
      '/api/v1/companies?q=Globex&country=Germany&limit=1',
    );
    expect(search.status).toBe(200);
    expect(search.body.companies[0]?.name).toBe('Globex Logistics');
    expect(search.body.creditsCharged).toBeGreaterThan(0);
    await call(ada, 'GET', '/api/v1/companies');
    const { runs, agent } = await detail(ada, 'alex');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      agentId: 'alex',
      inputSummary: '"Globex" · country: Germany',
      credits: search.body.creditsCharged,
      status: 'succeeded',
      error: null,
    });
    expect(runs[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(agent.stats).toMatchObject({ runs: 1, runsLast30Days: 1, successRate: 1 });
    expect(agent.stats.creditsSpent).toBe(search.body.creditsCharged);
    expect(agent.stats.medianDurationMs).toBe(runs[0]?.durationMs);
    expect(agent.stats.lastRunAt).toBe(runs[0]?.createdAt);
  });

  it('records a Sales Q&A question as a run of Emma with the credits it cost', async () => {
    const question = 'How is customer data encrypted at rest?';
    const asked = await call<{ answered: boolean; creditsCharged: number }>(
      ada,
      'POST',
      '/api/v1/answers/ask',
      {
        question,
      },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.answered).toBe(true);
    const { runs } = await detail(ada, 'emma');
    expect(runs).toEqual([
      expect.objectContaining({
        agentId: 'emma',
        inputSummary: question,
        credits: asked.body.creditsCharged,
        status: 'succeeded',
      }),
    ]);
  });

  it('records a generated document as a run of David named after the document', async () => {
    const generated = await call<{ title: string; creditsCharged: number }>(
      ada,
      'POST',
      '/api/v1/docgen/documents',
      { template: 'proposal', companyId },
    );
    expect(generated.status).toBe(201);
    const { runs } = await detail(ada, 'david');
    expect(runs).toEqual([
      expect.objectContaining({
        agentId: 'david',
        inputSummary: 'Proposal: Globex Logistics',
        credits: generated.body.creditsCharged,
        status: 'succeeded',
      }),
    ]);
    expect(generated.body.creditsCharged).toBeGreaterThan(0);
  });

  it('records an RFP "draft all" as one run of Maya once its job is done', async () => {
    const project = await call<{ id: string }>(ada, 'POST', '/api/v1/rfp/projects', {
      title: 'Globex security review',
      text: '1. How is customer data encrypted at rest?\n2. How often are backups taken?',
    });
    expect(project.status).toBe(201);
    const started = await call<{ jobId: string }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.body.id}/draft`,
    );
    expect(started.status).toBe(202);
    expect((await detail(ada, 'maya')).runs).toEqual([]);
    await jobs.runOnce();
    const job = await call<{ status: string; result: { creditsCharged: number } }>(
      ada,
      'GET',
      `/api/v1/jobs/${started.body.jobId}`,
    );
    expect(job.body.status).toBe('succeeded');
    const { runs } = await detail(ada, 'maya');
    expect(runs).toEqual([
      expect.objectContaining({
        inputSummary: 'Draft all answers: Globex security review',
        credits: job.body.result.creditsCharged,
        status: 'succeeded',
      }),
    ]);
  });

  it('records a run refused for lack of credits as failed, with no credits and the reason', async () => {
    await leaveCredits(database, ada, 0);
    const refused = await call<{ error: { message: string } }>(ada, 'GET', '/api/v1/companies?q=Globex');
    expect(refused.status).toBe(402);
    const document = await call<{ error: { message: string } }>(ada, 'POST', '/api/v1/docgen/documents', {
      template: 'one-pager',
      companyId,
    });
    expect(document.status).toBe(402);
    const [latest] = (await detail(ada, 'alex')).runs;
    expect(latest).toMatchObject({
      inputSummary: '"Globex"',
      credits: 0,
      status: 'failed',
      error: refused.body.error.message,
    });
    expect(refused.body.error.message).toMatch(/^Insufficient credits\. Required: \d+, Available: 0$/);
    const [failedDocument] = (await detail(ada, 'david')).runs;
    expect(failedDocument).toMatchObject({
      credits: 0,
      status: 'failed',
      error: document.body.error.message,
    });
    await leaveCredits(database, ada, 500);
  });

  it('computes the figures in SQL from the recorded rows: runs, last 30 days, median of the succeeded, success rate, credits', async () => {
    const adaId = await userIdOf(database.db, 'ada@example.com');
    await database.db.execute(
      sql`insert into agent_executions (user_id, agent_id, input_summary, credits, duration_ms, status, error, created_at) values
        (${adaId}, 'jim', 'CTOs in Boston', 1, 100, 'succeeded', null, now() - interval '3 minutes'),
        (${adaId}, 'jim', 'VPs of Sales in Berlin', 1, 400, 'succeeded', null, now() - interval '2 minutes'),
        (${adaId}, 'jim', 'Heads of IT', 1, 300, 'succeeded', null, now() - interval '1 minute'),
        (${adaId}, 'jim', 'Founders in Paris', 0, 5, 'failed', 'Insufficient credits. Required: 1, Available: 0', now()),
        (${adaId}, 'jim', 'CFOs in London', 1, 200, 'succeeded', null, now() - interval '40 days')`,
    );
    const jim = (await directory(ada)).find((a) => a.id === 'jim');
    // Succeeded: 100, 200, 300, 400 -> median 250 (the failed 5 ms refusal does not count).
    expect(jim?.stats).toMatchObject({
      runs: 5,
      runsLast30Days: 4,
      medianDurationMs: 250,
      successRate: 0.8,
      creditsSpent: 4,
    });
    const { runs } = await detail(ada, 'jim');
    expect(runs.map((r) => r.inputSummary)).toEqual([
      'Founders in Paris',
      'Heads of IT',
      'VPs of Sales in Berlin',
      'CTOs in Boston',
      'CFOs in London',
    ]);
    expect(runs[0]).toMatchObject({
      status: 'failed',
      error: 'Insufficient credits. Required: 1, Available: 0',
    });
  });

  it('pages the runs by keyset, newest first, and refuses a cursor it did not make', async () => {
    const seen: AgentExecution[] = [];
    let cursor: string | null = null;
    do {
      const page: AgentDetail = await detail(ada, 'jim', `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.runs.length).toBeLessThanOrEqual(2);
      seen.push(...page.runs);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((r) => r.inputSummary)).toEqual(
      (await detail(ada, 'jim')).runs.map((r) => r.inputSummary),
    );
    const bad = await call<{ error: { message: string } }>(ada, 'GET', '/api/v1/agents/jim?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid cursor: start the search again');
    const tooMany = await call(ada, 'GET', '/api/v1/agents/jim?limit=500');
    expect(tooMany.status).toBe(400);
  });

  it('answers 404 with the known ids for an unknown agent, and 401 without a session', async () => {
    const unknown = await call<{ error: { code: string; message: string } }>(
      ada,
      'GET',
      '/api/v1/agents/zed',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'No agent "zed". The agents are alex, jim, emma, maya, david, sofia.',
    });
    expect((await app.request('/api/v1/agents')).status).toBe(401);
    expect((await app.request('/api/v1/agents/alex')).status).toBe(401);
  });

  it("shows nobody another user's runs", async () => {
    for (const agent of await directory(bob)) expect(agent.stats.runs).toBe(0);
    for (const id of ['alex', 'jim', 'emma', 'david', 'maya'])
      expect((await detail(bob, id)).runs).toEqual([]);
    // Bob's own run is his alone.
    await call(bob, 'GET', '/api/v1/companies?q=Globex');
    expect((await detail(bob, 'alex')).runs).toHaveLength(1);
    expect((await directory(ada)).find((a) => a.id === 'alex')?.stats.runs).toBe(2);
  });

  it('cuts a long input to 200 characters and folds its whitespace', () => {
    const long = `${'word '.repeat(100)}\n\nend`;
    const summary = summarize(long);
    expect(summary).toHaveLength(200);
    expect(summary.endsWith('…')).toBe(true);
    expect(summarize('  CTOs \n in   Boston ')).toBe('CTOs in Boston');
  });
});
