/**
 * Buyer intent (issue 10 point 3): the companies the caller's own signals point to rank highest, each with its
 * signals, evidence and reason. A company mentioned in an uploaded document appears with the document as
 * evidence; a prospect, a saved company, an RFP, an event or an agent run adds activity and raises the rank;
 * activity counts less as it ages; a fit alone is not intent; another user's documents and actions never
 * count; bad query parameters are refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { IntentCompany, IntentList } from '../../../shared/buyer-intent.ts';
import { queryRows } from '../../db/client.ts';
import { companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';

const real = { source: 'sp500', license: 'ODC-PDDL-1.0' } as const;

describe.each(backends())('buyer intent on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let adaId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({
      database,
      app,
      jobs,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        const inserted = await database.db
          .insert(companyMaster)
          .values([
            // The gazetteer finds "Globex" in a document without its legal form.
            {
              ...real,
              name: 'Globex Corporation',
              primaryIndustry: 'Software',
              size: '51-200',
              country: 'Germany',
            },
            {
              ...real,
              name: 'Initech Systems',
              primaryIndustry: 'Software',
              size: '51-200',
              country: 'Germany',
            },
            {
              ...real,
              name: 'Umbrella Software',
              primaryIndustry: 'Software',
              size: '51-200',
              country: 'Germany',
            },
            { ...real, name: 'Vandelay Industries', primaryIndustry: 'Manufacturing', size: '10000+' },
            { ...real, name: 'Soylent Foods', primaryIndustry: 'Food Production', size: '1001-5000' },
          ])
          .returning({ id: companyMaster.id, name: companyMaster.name });
        for (const row of inserted) ids[row.name] = row.id;
      },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
    adaId = (await ada.session())?.user.id ?? '';
    // Ada sells to German software companies: Globex, Initech and Umbrella fit her ICP fully.
    const segment = await ada.request('POST', '/api/v1/profile/icp-segments', {
      name: 'German software',
      industries: ['Software'],
      regions: ['Germany'],
      companySizes: ['51-200'],
    });
    expect(segment.status).toBe(201);
  });
  afterAll(() => close?.());

  const intent = async (client: AuthClient, query = '') => {
    const response = await client.request('GET', `/api/v1/buyer-intent${query}`);
    return { status: response.status, body: (await response.json()) as IntentList };
  };
  const names = (list: IntentList) => list.companies.map((c) => c.company.name);
  const find = (list: IntentList, name: string) =>
    list.companies.find((c) => c.company.name === name) as IntentCompany;
  const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

  const upload = async (client: AuthClient, name: string, text: string) => {
    const form = new FormData();
    form.append('files', new File([text], name));
    const response = await app.request('/api/v1/knowledge/documents', {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookie },
    });
    expect(response.status).toBe(202);
    await jobs.runOnce();
    const body = (await response.json()) as { results: { document: { id: string } }[] };
    return body.results[0]?.document.id ?? '';
  };

  it('asks for a session', async () => {
    expect((await app.request('/api/v1/buyer-intent')).status).toBe(401);
  });

  it('lists nothing for a user without signals, even with companies that fit the ICP', async () => {
    const { status, body } = await intent(ada);
    expect(status).toBe(200);
    expect(body).toMatchObject({ companies: [], total: 0, nextOffset: null });
    expect(body.kindCounts.document_mention).toBe(0);
  });

  let reviewId: string;
  it('lists a company mentioned in an uploaded document, with the document as evidence', async () => {
    reviewId = await upload(
      ada,
      'q3-pipeline-review.md',
      '# Q3 pipeline review\n\nThe buyers at Globex are evaluating vendors for a data platform. Our champion at Globex asked for a security review.\n',
    );
    await upload(
      ada,
      'globex-call-notes.md',
      '# Call notes\n\nWe met the Globex team: they want a pilot in October.\n',
    );
    const { body } = await intent(ada);
    expect(names(body)).toEqual(['Globex Corporation']);
    const globex = find(body, 'Globex Corporation');
    const mention = globex.signals.find((s) => s.kind === 'document_mention');
    expect(mention).toMatchObject({ count: 2 });
    // The document with more mentions first, by its title (its first heading); each links to its document.
    expect(mention?.evidence[0]).toMatchObject({
      label: 'Q3 pipeline review',
      detail: '2 mentions · q3-pipeline-review.md',
      link: { type: 'document', id: reviewId },
    });
    expect(globex.fit).toMatchObject({ score: 100, tier: 'A' });
    // Two documents: 35 × ln 3 / ln 6 = 21.5; the fit 25: 46.
    expect(globex.parts).toEqual({ fit: 25, documents: 21.5, activity: 0 });
    expect(globex.score).toBe(46);
    expect(globex.reason).toBe('Mentioned in 2 of your documents; fits your ICP 100%');
    expect(globex.kinds).toEqual(['document_mention', 'fit']);
    // Umbrella and Initech fit as well, but a fit alone is not intent.
    expect(names(body)).not.toContain('Umbrella Software');
  });

  it('adds a prospect and a saved company as activity, which raises the rank', async () => {
    const prospect = await ada.request('POST', '/api/v1/prospects', { companyId: ids['Initech Systems'] });
    expect(prospect.status).toBe(201);
    const prospectId = ((await prospect.json()) as { id: string }).id;
    let { body } = await intent(ada);
    expect(names(body)).toEqual(['Globex Corporation', 'Initech Systems']);
    const initech = find(body, 'Initech Systems');
    // A prospect created now weighs 12: 40 × (1 − e^−0.6) = 18.0; with the fit, 43.
    expect(initech.parts.activity).toBe(18);
    expect(initech.score).toBe(43);
    expect(initech.reason).toBe('You created a prospect today; fits your ICP 100%');
    expect(initech.signals.find((s) => s.kind === 'prospect')?.evidence[0]).toMatchObject({
      label: 'Prospect “Initech Systems” created',
      link: { type: 'prospect', id: prospectId },
    });

    // Saving Initech to My Companies adds 10 more: 40 × (1 − e^−1.1) = 26.7, and Initech passes Globex.
    expect((await ada.request('PUT', `/api/v1/companies/${ids['Initech Systems']}/saved`, {})).status).toBe(
      201,
    );
    ({ body } = await intent(ada));
    expect(names(body)).toEqual(['Initech Systems', 'Globex Corporation']);
    expect(find(body, 'Initech Systems').score).toBe(52);
    expect(find(body, 'Initech Systems').kinds).toEqual(['prospect', 'saved_company', 'fit']);
    expect(body.companies.map((c) => c.score)).toEqual([52, 46]);
  });

  it('counts activity less as it ages (half-life of 14 days)', async () => {
    await queryRows(
      database.db,
      sql`update saved_prospects set created_at = now() - interval '28 days' where user_id = ${adaId}::uuid`,
    );
    await queryRows(
      database.db,
      sql`update saved_target_accounts set created_at = now() - interval '28 days' where user_id = ${adaId}::uuid`,
    );
    const { body } = await intent(ada);
    const initech = find(body, 'Initech Systems');
    // Both weigh a quarter now: (12 + 10) / 4 = 5.5 -> 40 × (1 − e^−0.275) = 9.6.
    expect(initech.parts.activity).toBe(9.6);
    expect(initech.score).toBe(35);
    expect(initech.reason).toBe(
      'You created a prospect 4 weeks ago; you saved it to My Companies 4 weeks ago; fits your ICP 100%',
    );
    expect(names(body)).toEqual(['Globex Corporation', 'Initech Systems']);
  });

  it('reads RFP issuers, events and agent runs that name a company', async () => {
    const rfp = await ada.request('POST', '/api/v1/rfp/projects', {
      title: 'Vandelay security questionnaire',
      text: '1. Do you support single sign-on?\n2. Is customer data encrypted at rest?',
      issuer: 'Vandelay Industries, Inc.',
    });
    expect(rfp.status).toBe(201);
    const rfpId = ((await rfp.json()) as { id: string }).id;
    await queryRows(
      database.db,
      sql`insert into activity_events (user_id, type, subject_type, subject_id, summary)
          values (${adaId}::uuid, 'company.viewed', 'company', ${ids['Soylent Foods']}::uuid, 'Viewed Soylent Foods')`,
    );
    await queryRows(
      database.db,
      sql`insert into agent_executions (user_id, agent_id, input_summary, duration_ms, status)
          values (${adaId}::uuid, 'jim', 'Sales leaders at Vandelay Industries', 120, 'succeeded'),
                 (${adaId}::uuid, 'jim', 'Sales leaders at Umbrella Software', 80, 'succeeded')`,
    );
    const project = await ada.request('POST', '/api/v1/projects', { name: 'Food vertical' });
    expect(project.status).toBe(201);
    const projectId = ((await project.json()) as { id: string }).id;
    const item = await ada.request('POST', `/api/v1/projects/${projectId}/items`, {
      kind: 'company',
      refId: ids['Soylent Foods'],
    });
    expect(item.status).toBe(201);
    const { body } = await intent(ada);
    const vandelay = find(body, 'Vandelay Industries');
    expect(vandelay.kinds).toEqual(['rfp', 'agent_run']);
    expect(vandelay.signals[0]?.evidence[0]).toMatchObject({
      label: 'Vandelay security questionnaire',
      link: { type: 'rfp', id: rfpId },
    });
    expect(vandelay.reason).toMatch(/^It issued an RFP you are answering, last today; 1 agent run named it/);
    const soylent = find(body, 'Soylent Foods');
    // The project's own event (project.item_added) is not counted a second time.
    expect(soylent.kinds).toEqual(['project', 'event']);
    expect(soylent.signals[0]?.evidence).toMatchObject([
      { label: 'Food vertical', link: { type: 'project', id: projectId } },
    ]);
    expect(soylent.signals[1]).toMatchObject({
      kind: 'event',
      evidence: [{ label: 'Viewed Soylent Foods', detail: 'company.viewed' }],
    });
    expect(soylent.reason).toBe('You added it to a sales project today; 1 event about it, last today');
    // An agent run adds to a company other signals point to; on its own it does not list one.
    expect(names(body)).not.toContain('Umbrella Software');
  });

  it('never counts another user’s documents or actions', async () => {
    const before = await intent(ada);
    await upload(bob, 'umbrella.md', '# Umbrella\n\nUmbrella Software and Globex both asked for a demo.\n');
    expect(
      (await bob.request('POST', '/api/v1/prospects', { companyId: ids['Umbrella Software'] })).status,
    ).toBe(201);
    const after = await intent(ada);
    expect(after.body).toEqual({ ...before.body, computedAt: after.body.computedAt });
    expect(find(after.body, 'Globex Corporation').signals[0]?.count).toBe(2);

    const bobs = await intent(bob);
    expect(names(bobs.body).sort()).toEqual(['Globex Corporation', 'Umbrella Software']);
    // Bob has no ICP: no fit part, and his list knows nothing of Ada's documents.
    const globex = find(bobs.body, 'Globex Corporation');
    expect(globex.fit).toBeNull();
    expect(globex.signals.map((s) => [s.kind, s.count])).toEqual([['document_mention', 1]]);
  });

  it('filters by signal kind and minimum score, sorts and pages', async () => {
    const all = (await intent(ada)).body;
    expect(all.total).toBe(4);
    const scores = all.companies.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(all.kindCounts).toMatchObject({
      document_mention: 1,
      prospect: 1,
      rfp: 1,
      event: 1,
      project: 1,
      fit: 2,
    });

    expect(names((await intent(ada, '?kind=document_mention')).body)).toEqual(['Globex Corporation']);
    expect(names((await intent(ada, '?kind=rfp&kind=event')).body).sort()).toEqual([
      'Soylent Foods',
      'Vandelay Industries',
    ]);
    expect(names((await intent(ada, '?kind=rfp,saved_company')).body).sort()).toEqual([
      'Initech Systems',
      'Vandelay Industries',
    ]);
    const high = (await intent(ada, '?minScore=40')).body;
    expect(high.companies.every((c) => c.score >= 40)).toBe(true);
    expect(high.total).toBeLessThan(all.total);

    expect(names((await intent(ada, '?sort=name')).body)).toEqual([
      'Globex Corporation',
      'Initech Systems',
      'Soylent Foods',
      'Vandelay Industries',
    ]);
    const first = (await intent(ada, '?limit=3')).body;
    expect(first).toMatchObject({ total: 4, nextOffset: 3 });
    const rest = (await intent(ada, '?limit=3&offset=3')).body;
    expect(rest.nextOffset).toBeNull();
    expect([...names(first), ...names(rest)]).toEqual(names(all));
  });

  it('refuses bad query parameters with the reason', async () => {
    for (const [query, message] of [
      ['?minScore=abc', 'Invalid request: minScore: must be a whole number'],
      ['?minScore=101', 'Invalid request: minScore: must be at most 100'],
      ['?minScore=-1', 'Invalid request: minScore: must be at least 0'],
      ['?limit=0', 'Invalid request: limit: must be at least 1'],
      ['?limit=500', 'Invalid request: limit: must be at most 100'],
      ['?sort=random', 'Invalid request: sort: must be one of score, recent, name'],
      ['?kind=web_visits', 'Invalid request: kind.0: must be one of'],
      ['?page=2', 'Invalid request: Unrecognized key: "page"'],
    ] as const) {
      const { status, body } = await intent(ada, query);
      expect([query, status]).toEqual([query, 400]);
      expect(errorOf(body)).toContain(message);
    }
  });
});
