/**
 * Concurrency (issue 21, defect 2): every endpoint that starts a job, charges, or is capped gets the same
 * request 10-30 times at once, from the same session, and its rule must hold: one job, one charge per unit of
 * work (what the client is told it got), the cap, and never a 5xx. A new endpoint is one entry in `CASES`.
 * Runs on PGlite and PostgreSQL; prints the figures table (double charges counts every charge, extra job and
 * row over a cap that the rule forbids).
 */
// First: it gives zod the .openapi() the shared schemas' routes call when the app is imported after them.
import '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import {
  companyContacts,
  companyMaster,
  salesProjectNotes,
  salesProjects,
} from '../../src/server/db/schema.ts';
import { PROCESS_DOCUMENT_JOB } from '../../src/server/features/knowledge/processing.ts';
import { RFP_DRAFT_JOB } from '../../src/server/features/rfp/service.ts';
import type { App } from '../../src/server/http/app.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { API_KEY_SCOPES, API_KEYS_MAX } from '../../src/shared/api-keys.ts';
import { DOC_TEMPLATES } from '../../src/shared/docgen.ts';
import { EVENT_TYPES, WEBHOOKS_MAX } from '../../src/shared/events.ts';
import { classifyTitle, normalizeTitle } from '../../src/shared/people.ts';
import { PROJECT_NOTES_MAX, PROJECTS_MAX } from '../../src/shared/projects.ts';
import type { RfpProject } from '../../src/shared/rfp.ts';
import { createTestApp } from '../helpers/app.ts';
import { type AuthClient, authClient } from '../helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../helpers/databases.ts';
import { insertDocument } from '../helpers/knowledge-rows.ts';
import { signedInApp } from '../helpers/signed-in.ts';
import { emptyFigures, printFigures, type SecurityFigures } from './report.ts';

type Env = {
  app: App;
  jobs: JobQueue;
  database: TestDatabase;
  client: AuthClient;
  userId: string;
  /** A second user, new to the app, for the first-use case. */
  newcomer?: string;
};
type Answer = { status: number; body: Record<string, unknown> | null };
/**
 * What a case found after its burst: `doubleCharges` counts what the rule forbids (a charge for work already
 * paid, a second job, a row past the cap); `expected` lists the figures the test asserts, as [what, got, want].
 */
type Verdict = { doubleCharges: number; checks: [string, number, number][] };
type Case = {
  name: string;
  attempts: number;
  /** Makes what the burst works on and returns the one request every attempt sends. */
  prepare(env: Env): Promise<(attempt: number) => Response | Promise<Response>>;
  /** Spaces the attempts this many milliseconds apart (a double-click rather than a burst), when set. */
  staggerMs?: number;
  /** Runs the jobs the burst queued, when it queues any. */
  settle?: boolean;
  /** Has the job worker running during the burst, as a server does (jobs start while requests still arrive). */
  worker?: boolean;
  verify(env: Env, answers: Answer[], before: Snapshot): Promise<Verdict>;
};

type Snapshot = {
  usage: Map<string, { rows: number; credits: number }>;
  used: number;
  jobs: Map<string, number>;
  /** The database's clock when it was taken. */
  at: string;
};

async function snapshot(env: Env): Promise<Snapshot> {
  const usage = await queryRows<{ activity: string; rows: number; credits: number }>(
    env.database.db,
    sql`select activity_type as activity, count(*)::int as rows, coalesce(sum(credits_amount), 0)::int as credits
        from credit_transactions where user_id = ${env.userId} and transaction_type = 'usage' group by 1`,
  );
  const [account] = await queryRows<{ used: number }>(
    env.database.db,
    sql`select used_credits as used from user_credits where user_id = ${env.userId}`,
  );
  const jobs = await queryRows<{ type: string; n: number }>(
    env.database.db,
    sql`select type, count(*)::int as n from jobs where user_id = ${env.userId} group by 1`,
  );
  const [clock] = await queryRows<{ at: string }>(env.database.db, sql`select clock_timestamp()::text as at`);
  return {
    at: clock?.at ?? '',
    usage: new Map(usage.map((row) => [row.activity, { rows: row.rows, credits: row.credits }])),
    used: account?.used ?? 0,
    jobs: new Map(jobs.map((row) => [row.type, row.n])),
  };
}

/** Charges, credits and jobs of one kind since `before`. */
async function since(env: Env, before: Snapshot) {
  const now = await snapshot(env);
  return {
    charges: (activity: string) =>
      (now.usage.get(activity)?.rows ?? 0) - (before.usage.get(activity)?.rows ?? 0),
    credits: (activity: string) =>
      (now.usage.get(activity)?.credits ?? 0) - (before.usage.get(activity)?.credits ?? 0),
    used: now.used - before.used,
    jobs: (type: string) => (now.jobs.get(type) ?? 0) - (before.jobs.get(type) ?? 0),
  };
}

/** Waits until none of the user's jobs is queued or running. */
async function idle(env: Env) {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const [open] = await queryRows<{ n: number }>(
      env.database.db,
      sql`select count(*)::int as n from jobs where user_id = ${env.userId} and status in ('queued', 'running')`,
    );
    if (!open?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the jobs did not finish within 30 s');
}

const json = (env: Env, method: string, path: string, body?: unknown) => () =>
  env.client.request(method, path, body);

const upload = (env: Env, name: string, content: string) => () => {
  const form = new FormData();
  form.append('files', new File([content], name));
  return env.app.request('/api/v1/knowledge/documents', {
    method: 'POST',
    body: form,
    headers: { cookie: env.client.cookie },
  });
};

const ok = (answers: Answer[]) => answers.filter((a) => a.status >= 200 && a.status < 300);
const over = (got: number, allowed: number) => Math.max(0, got - allowed);

const ENCRYPTION = 'Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2 or higher.';
const BACKUPS = 'Backups are taken every night, kept for 35 days, and a restore is tested every quarter.';
const QUESTIONS = `Security questionnaire

1. Is customer data encrypted at rest?
2. How often are backups restored in a test?
3. Which data centers in Brazil do you use?
4. Is data encrypted in transit with TLS?`;

async function rfpProject(env: Env, title: string): Promise<RfpProject> {
  const created = await env.client.request('POST', '/api/v1/rfp/projects', { title, text: QUESTIONS });
  expect(created.status).toBe(201);
  return (await created.json()) as RfpProject;
}

/** Questions of a project drafted from the knowledge base: the units of work an rfp_answer pays for. */
async function knowledgeDrafts(env: Env, projectId: string) {
  const [row] = await queryRows<{ n: number }>(
    env.database.db,
    sql`select count(*)::int as n from rfp_questions where project_id = ${projectId} and answer_origin = 'knowledge'`,
  );
  return row?.n ?? 0;
}

async function person(env: Env, first: string, last: string) {
  const [company] = await env.database.db
    .insert(companyMaster)
    .values({
      name: `${last} Holdings`,
      domain: `${last.toLowerCase()}holdings.example`,
      primaryIndustry: 'Fintech',
      size: '51-200',
      country: 'Germany',
      countryCode: 'DE',
      city: 'Berlin',
      source: 'synthetic',
      license: 'Synthetic (generated)',
    })
    .returning({ id: companyMaster.id });
  const title = 'Vice President of Sales';
  const [contact] = await env.database.db
    .insert(companyContacts)
    .values({
      companyId: company?.id ?? '',
      firstName: first,
      lastName: last,
      fullName: `${first} ${last}`,
      title,
      titleNormalized: normalizeTitle(title),
      ...classifyTitle(title),
      email: `${first}.${last}@${last}holdings.example`.toLowerCase(),
      phone: '+49 30 1234567',
      city: 'Berlin',
      country: 'Germany',
      source: 'synthetic',
      license: 'Synthetic (generated)',
    })
    .returning({ id: companyContacts.id });
  return contact?.id ?? '';
}

const CASES: Case[] = [
  {
    name: 'rfp draft all',
    attempts: 12,
    settle: true,
    prepare: async (env) => {
      const project = await rfpProject(env, 'Draft all at once');
      return json(env, 'POST', `/api/v1/rfp/projects/${project.id}/draft`);
    },
    verify: async (env, answers, before) => {
      const moved = await since(env, before);
      const jobIds = new Set(ok(answers).map((a) => a.body?.jobId));
      const projectId = (
        await queryRows<{ id: string }>(
          env.database.db,
          sql`select id from rfp_projects where user_id = ${env.userId} and title = 'Draft all at once'`,
        )
      )[0]?.id;
      const units = await knowledgeDrafts(env, projectId ?? '');
      const charges = moved.charges('rfp_answer');
      return {
        doubleCharges: over(charges, units) + over(moved.jobs(RFP_DRAFT_JOB), 1),
        checks: [
          ['draft jobs', moved.jobs(RFP_DRAFT_JOB), 1],
          ['job ids answered', jobIds.size, 1],
          ['answers drafted from the knowledge base', units, 3],
          ['rfp_answer charges', charges, units],
          ['credits moved = ledger', moved.used, moved.credits('rfp_answer')],
        ],
      };
    },
  },
  {
    name: 'rfp regenerate one answer',
    attempts: 10,
    prepare: async (env) => {
      const project = await rfpProject(env, 'Regenerate at once');
      const first = project.questions[0];
      return json(env, 'POST', `/api/v1/rfp/projects/${project.id}/questions/${first?.id}/regenerate`);
    },
    verify: async (env, answers, before) => {
      const moved = await since(env, before);
      const charges = moved.charges('rfp_answer');
      const paid = ok(answers).filter((a) => Number(a.body?.creditsCharged) > 0).length;
      return {
        doubleCharges: over(charges, 1),
        checks: [
          ['rfp_answer charges', charges, 1],
          ['answers that say they charged', paid, charges],
        ],
      };
    },
  },
  {
    name: 'knowledge upload, same file',
    attempts: 10,
    settle: true,
    prepare: async (env) =>
      upload(env, 'pricing-policy.md', `# Pricing\n\n${'Discounts need approval. '.repeat(40)}`),
    verify: async (env, _answers, before) => {
      const moved = await since(env, before);
      const charges = moved.charges('document_processing');
      return {
        doubleCharges: over(charges, 1) + over(moved.jobs(PROCESS_DOCUMENT_JOB), 1),
        checks: [
          ['processing jobs', moved.jobs(PROCESS_DOCUMENT_JOB), 1],
          ['document_processing charges', charges, 1],
        ],
      };
    },
  },
  {
    name: 'knowledge re-process',
    attempts: 10,
    worker: true,
    staggerMs: 8,
    settle: true,
    prepare: async (env) => {
      const first = await upload(
        env,
        'travel-policy.md',
        `# Travel\n\n${'Book economy class. '.repeat(40)}`,
      )();
      const { results } = (await first.json()) as { results: { document: { id: string } }[] };
      await env.jobs.runOnce();
      return json(env, 'POST', `/api/v1/knowledge/documents/${results[0]?.document.id}/reprocess`);
    },
    verify: async (env, _answers, before) => {
      const moved = await since(env, before);
      // A re-process asked for once the last one is over is new work; two processings of one document at
      // the same time are one unit of work paid twice.
      const runs = await queryRows<{ started: number; finished: number }>(
        env.database.db,
        sql`select extract(epoch from locked_at)::float8 as started, extract(epoch from finished_at)::float8 as finished from jobs
            where user_id = ${env.userId} and type = ${PROCESS_DOCUMENT_JOB}
              and created_at >= ${before.at}::timestamptz and result->>'status' = 'indexed'
            order by locked_at`,
      );
      let overlapping = 0;
      let busyUntil = 0;
      for (const run of runs) {
        if (Number(run.started) < busyUntil) overlapping++;
        busyUntil = Math.max(busyUntil, Number(run.finished));
      }
      return {
        doubleCharges: overlapping,
        checks: [
          ['processings of the document at the same time', overlapping, 0],
          ['document_processing charges', moved.charges('document_processing'), runs.length],
        ],
      };
    },
  },
  {
    name: 'e-mail finder, one person',
    attempts: 10,
    prepare: async (env) => json(env, 'POST', `/api/v1/people/${await person(env, 'Greta', 'Vogel')}/email`),
    verify: async (env, answers, before) => {
      const moved = await since(env, before);
      const charges = moved.charges('email_finder');
      return {
        doubleCharges: over(charges, 1),
        checks: [
          ['email_finder charges', charges, 1],
          [
            'answers that say they charged',
            ok(answers).filter((a) => Number(a.body?.creditsCharged) > 0).length,
            1,
          ],
        ],
      };
    },
  },
  {
    name: 'phone finder, one person',
    attempts: 10,
    prepare: async (env) => json(env, 'POST', `/api/v1/people/${await person(env, 'Jonas', 'Weber')}/phone`),
    verify: async (env, answers, before) => {
      const moved = await since(env, before);
      const charges = moved.charges('phone_finder');
      return {
        doubleCharges: over(charges, 1),
        checks: [
          ['phone_finder charges', charges, 1],
          [
            'answers that say they charged',
            ok(answers).filter((a) => Number(a.body?.creditsCharged) > 0).length,
            1,
          ],
        ],
      };
    },
  },
  {
    name: 'bulk enrichment, same people',
    attempts: 10,
    settle: true,
    prepare: async (env) => {
      const ids = [await person(env, 'Lena', 'Schmidt'), await person(env, 'Oliver', 'Hughes')];
      return json(env, 'POST', '/api/v1/people/enrichments', { ids, email: true, phone: true });
    },
    verify: async (env, _answers, before) => {
      const moved = await since(env, before);
      // Two people, each with an address (2 credits) and a number (5 credits): paid once each.
      const email = moved.credits('email_finder');
      const phone = moved.credits('phone_finder');
      return {
        doubleCharges: over(email / 2, 2) + over(phone / 5, 2),
        checks: [
          ['email_finder credits', email, 2 * 2],
          ['phone_finder credits', phone, 2 * 5],
        ],
      };
    },
  },
  {
    // Every request is its own document: charged once each, and only when the document is kept.
    name: 'document generation',
    attempts: 10,
    prepare: async (env) => json(env, 'POST', '/api/v1/docgen/documents', { template: DOC_TEMPLATES[0] }),
    verify: async (env, answers, before) => {
      const moved = await since(env, before);
      const charges = moved.charges('document_generation');
      const [kept] = await queryRows<{ n: number }>(
        env.database.db,
        sql`select count(*)::int as n from generated_documents
            where user_id = ${env.userId} and created_at >= ${before.at}::timestamptz`,
      );
      return {
        doubleCharges: over(charges, kept?.n ?? 0),
        checks: [
          ['documents created', ok(answers).length, 10],
          ['documents kept', kept?.n ?? 0, ok(answers).length],
          ['document_generation charges', charges, ok(answers).length],
        ],
      };
    },
  },
  {
    // Every question asked is its own answer: charged once each, as the answer says.
    name: 'sales Q&A ask',
    attempts: 10,
    prepare: async (env) =>
      json(env, 'POST', '/api/v1/answers/ask', { question: 'Is customer data encrypted at rest?' }),
    verify: async (env, answers, before) => {
      const moved = await since(env, before);
      const credits = moved.credits('knowledge_chat');
      const said = ok(answers).reduce((sum, a) => sum + Number(a.body?.creditsCharged ?? 0), 0);
      return {
        doubleCharges: over(credits, said),
        checks: [
          [
            'answers drafted from the documents, each paid',
            ok(answers).filter((a) => Number(a.body?.creditsCharged) > 0).length,
            10,
          ],
          ['knowledge_chat credits = what the answers say', credits, said],
          ['credits moved = ledger', moved.used, credits],
        ],
      };
    },
  },
  {
    // The demo library comes with the first use of the knowledge base, Q&A, RFP or documents: once, free.
    name: 'demo library on first use',
    attempts: 12,
    prepare: async (env) => {
      const { app } = await createTestApp(env.database, { env: { KNOWLEDGE_DEMO: 'true' } });
      const newcomer = authClient(app);
      await newcomer.signUp('newcomer@example.com', 'violet-harbor-42', 'Newcomer');
      env.newcomer = (await newcomer.session())?.user.id ?? '';
      const firstUse = [
        '/api/v1/knowledge/documents',
        '/api/v1/answers/library',
        '/api/v1/rfp/projects',
        '/api/v1/docgen/documents',
      ];
      return (i) => newcomer.request('GET', firstUse[i % firstUse.length] ?? '');
    },
    verify: async (env) => {
      const [row] = await queryRows<{ documents: number; distinct: number; jobs: number; charges: number }>(
        env.database.db,
        sql`select
          (select count(*)::int from document_references where user_id = ${env.newcomer}) as documents,
          (select count(distinct filename)::int from document_references where user_id = ${env.newcomer}) as distinct,
          (select count(*)::int from jobs where user_id = ${env.newcomer} and type = ${PROCESS_DOCUMENT_JOB}) as jobs,
          (select count(*)::int from credit_transactions
            where user_id = ${env.newcomer} and transaction_type = 'usage') as charges`,
      );
      const documents = row?.documents ?? 0;
      return {
        doubleCharges: (row?.charges ?? 0) + over(row?.jobs ?? 0, documents),
        checks: [
          ['demo documents loaded', documents > 0 ? 1 : 0, 1],
          ['each loaded once', documents, row?.distinct ?? 0],
          ['processing jobs', row?.jobs ?? 0, documents],
          ['charges', row?.charges ?? 0, 0],
        ],
      };
    },
  },
  {
    name: 'API keys cap',
    attempts: API_KEYS_MAX + 5,
    prepare: async (env) =>
      json(env, 'POST', '/api/v1/integrations/api-keys', { name: 'burst', scopes: [API_KEY_SCOPES[0]] }),
    verify: async (env, answers) => {
      const [row] = await queryRows<{ n: number }>(
        env.database.db,
        sql`select count(*)::int as n from api_keys where user_id = ${env.userId} and revoked_at is null`,
      );
      const active = row?.n ?? 0;
      return {
        doubleCharges: over(active, API_KEYS_MAX),
        checks: [
          ['active keys', active, API_KEYS_MAX],
          ['keys created', ok(answers).length, API_KEYS_MAX],
        ],
      };
    },
  },
  {
    name: 'webhooks cap',
    attempts: WEBHOOKS_MAX + 5,
    prepare: async (env) =>
      json(env, 'POST', '/api/v1/integrations/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: [EVENT_TYPES[0]],
      }),
    verify: async (env, answers) => {
      const [row] = await queryRows<{ n: number }>(
        env.database.db,
        sql`select count(*)::int as n from webhooks where user_id = ${env.userId}`,
      );
      const held = row?.n ?? 0;
      return {
        doubleCharges: over(held, WEBHOOKS_MAX),
        checks: [
          ['webhooks', held, WEBHOOKS_MAX],
          ['webhooks created', ok(answers).length, WEBHOOKS_MAX],
        ],
      };
    },
  },
  {
    name: 'sales projects cap',
    attempts: 15,
    prepare: async (env) => {
      await env.database.db
        .insert(salesProjects)
        .values(
          Array.from({ length: PROJECTS_MAX - 5 }, (_, i) => ({ userId: env.userId, name: `Seeded ${i}` })),
        );
      return json(env, 'POST', '/api/v1/projects', { name: 'Burst' });
    },
    verify: async (env) => {
      const [row] = await queryRows<{ n: number }>(
        env.database.db,
        sql`select count(*)::int as n from sales_projects where user_id = ${env.userId}`,
      );
      const held = row?.n ?? 0;
      return { doubleCharges: over(held, PROJECTS_MAX), checks: [['projects', held, PROJECTS_MAX]] };
    },
  },
  {
    name: 'project notes cap',
    attempts: 15,
    prepare: async (env) => {
      const [project] = await env.database.db
        .insert(salesProjects)
        .values({ userId: env.userId, name: 'Noted' })
        .returning({ id: salesProjects.id });
      const projectId = project?.id ?? '';
      // The projects cap is full from the case before: this project is over it, which notes do not mind.
      await env.database.db.insert(salesProjectNotes).values(
        Array.from({ length: PROJECT_NOTES_MAX - 5 }, (_, i) => ({
          userId: env.userId,
          projectId,
          body: `n${i}`,
        })),
      );
      return json(env, 'POST', `/api/v1/projects/${projectId}/notes`, { body: 'Burst' });
    },
    verify: async (env) => {
      const [row] = await queryRows<{ n: number }>(
        env.database.db,
        sql`select max(n)::int as n from (select count(*) as n from sales_project_notes
            where user_id = ${env.userId} group by project_id) counts`,
      );
      const held = row?.n ?? 0;
      return { doubleCharges: over(held, PROJECT_NOTES_MAX), checks: [['notes', held, PROJECT_NOTES_MAX]] };
    },
  },
];

const figures: SecurityFigures[] = [];

describe.each(backends())('concurrency on $name', (backend: Backend) => {
  let env: Env;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const fixture = await signedInApp(backend, {
      seed: true,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      users: { racer: 'Racer' },
    });
    close = fixture.close;
    const {
      database,
      app,
      jobs,
      users: { racer: client },
    } = fixture;
    const userId = (await client.session())?.user.id ?? '';
    // Credits enough for every burst: a refusal must come from the rule under test, never from the balance.
    await client.request('GET', '/api/v1/credits');
    await database.db.execute(sql`update user_credits set total_credits = 1000000 where user_id = ${userId}`);
    await insertDocument(database.db, userId, {
      filename: 'data-protection.md',
      title: 'Data Protection Standard',
      passages: [
        { section: 'Encryption', text: ENCRYPTION },
        { section: 'Backups', text: BACKUPS },
      ],
    });
    env = { app, jobs, database, client, userId };
  });
  afterAll(async () => {
    await close?.();
    if (figures.length > 0 && backend.name === backends().at(-1)?.name) printFigures(figures);
  });

  it.each(CASES)('$name: the rule holds for $attempts identical requests at once', async (race) => {
    const fire = await race.prepare(env);
    const before = await snapshot(env);
    if (race.worker) await env.jobs.start();
    const answers = await Promise.all(
      Array.from({ length: race.attempts }, async (_, i) => {
        if (race.staggerMs) await new Promise((resolve) => setTimeout(resolve, i * (race.staggerMs ?? 0)));
        const response = await fire(i);
        const text = await response.text();
        let body: Record<string, unknown> | null = null;
        try {
          body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
        } catch {
          body = { text };
        }
        return { status: response.status, body };
      }),
    );
    if (race.worker) {
      await idle(env);
      await env.jobs.stop();
    }
    if (race.settle) await env.jobs.runOnce();
    const verdict = await race.verify(env, answers, before);
    const row = emptyFigures(`concurrency: ${race.name}`, backend.name);
    row.attempts = answers.length;
    row.refused = answers.filter((a) => a.status >= 400 && a.status < 500).length;
    row.serverErrors = answers.filter((a) => a.status >= 500).length;
    row.doubleCharges = verdict.doubleCharges;
    figures.push(row);

    expect(
      answers.filter((a) => a.status >= 500),
      'no 5xx under concurrency',
    ).toEqual([]);
    // Every refusal is a clear 4xx with the error shape.
    for (const refused of answers.filter((a) => a.status >= 400)) {
      expect(refused.body?.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(Object.fromEntries(verdict.checks.map(([what, got]) => [what, got]))).toEqual(
      Object.fromEntries(verdict.checks.map(([what, , want]) => [what, want])),
    );
    expect(verdict.doubleCharges).toBe(0);
  });
});
