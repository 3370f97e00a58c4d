/**
 * Sales projects (issue 10 point 2) through the HTTP app on both databases: creating, listing, filtering,
 * changing and deleting projects; adding every kind of record (each resolved to what it is now, a deleted one
 * kept under its old name and marked removed); refusing records that do not exist or are another user's;
 * adding the same record twice; notes; isolation between users; bad input.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, callJson } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type {
  Project,
  ProjectItemAdded,
  ProjectItemKind,
  ProjectList,
  ProjectNote,
} from '../../../shared/projects.ts';
import { queryRows } from '../../db/client.ts';
import type { App } from '../../http/app.ts';

type ErrorBody = { error: { code: string; message: string } };

describe.each(backends())('Sales projects on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  /** Ada's records of every kind, and one of Bob's. */
  const refs = {} as Record<ProjectItemKind, string> & { bobCompany: string; bobProspect: string };

  const call = callJson;
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<T>(database.db, query);
    if (!row) throw new Error('no row');
    return row;
  };

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, { seed: true, users: { ada: 'Ada Lovelace', bob: 'Bob' } }));
    const adaId = await userIdOf(database.db, 'ada@example.com');
    const bobId = await userIdOf(database.db, 'bob@example.com');

    refs.company = (
      await one<{ id: string }>(
        sql`insert into company_master (name, primary_industry, location, source, license)
          values ('Globex Logistics', 'Transportation', 'Hamburg, Germany', 'test', 'test') returning id`,
      )
    ).id;
    refs.bobCompany = (
      await one<{ id: string }>(
        sql`insert into company_master (owner_id, name, source, license)
          values (${bobId}, 'Bob Imported GmbH', 'import', 'test') returning id`,
      )
    ).id;
    refs.person = (
      await one<{ id: string }>(
        sql`insert into company_contacts (company_id, first_name, last_name, full_name, title, source, license)
          values (${refs.company}, 'Hanna', 'Meyer', 'Hanna Meyer', 'Head of IT', 'test', 'test') returning id`,
      )
    ).id;
    const prospect = await call<{ id: string }>(ada, 'POST', '/api/v1/prospects', { name: 'Initech' });
    expect(prospect.status).toBe(201);
    refs.prospect = prospect.body.id;
    refs.bobProspect = (
      await call<{ id: string }>(bob, 'POST', '/api/v1/prospects', { name: 'Bobco' })
    ).body.id;
    refs.document = (
      await insertDocument(database.db, adaId, {
        filename: 'security.md',
        title: 'Security Overview',
        passages: [{ text: 'Data is encrypted at rest.' }],
      })
    ).id;
    const rfp = await call<{ id: string }>(ada, 'POST', '/api/v1/rfp/projects', {
      title: 'Globex security questionnaire',
      text: '1. Is data encrypted at rest?\n2. Do you support SAML single sign-on?',
    });
    expect(rfp.status).toBe(201);
    refs.rfp = rfp.body.id;
    refs.generated_document = (
      await one<{ id: string }>(
        sql`insert into generated_documents (user_id, template, title, company_id, company_name, markdown)
          values (${adaId}, 'one-pager', 'Globex one-pager', ${refs.company}, 'Globex Logistics', '# Globex') returning id`,
      )
    ).id;
  });
  afterAll(() => close?.());

  const create = async (client: AuthClient, body: unknown) =>
    call<Project>(client, 'POST', '/api/v1/projects', body);

  it('creates, lists, changes and deletes a project', async () => {
    const created = await create(ada, { name: '  Globex expansion  ', description: 'Q3 deal' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Globex expansion',
      description: 'Q3 deal',
      status: 'active',
      itemCount: 0,
      noteCount: 0,
      items: [],
    });
    const planning = await create(ada, { name: 'Nordics campaign', status: 'planning' });
    expect(planning.body.status).toBe('planning');

    const list = await call<ProjectList>(ada, 'GET', '/api/v1/projects');
    expect(list.body.projects.map((p) => p.name)).toEqual(['Nordics campaign', 'Globex expansion']);
    const filtered = await call<ProjectList>(ada, 'GET', '/api/v1/projects?status=planning');
    expect(filtered.body.projects.map((p) => p.name)).toEqual(['Nordics campaign']);

    const changed = await call<Project>(ada, 'PATCH', `/api/v1/projects/${created.body.id}`, {
      status: 'won',
      name: 'Globex expansion (signed)',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      status: 'won',
      name: 'Globex expansion (signed)',
      description: 'Q3 deal',
    });
    expect((await call<Project>(ada, 'GET', `/api/v1/projects/${created.body.id}`)).body.status).toBe('won');
    // The changed one is now the most recent.
    const after = await call<ProjectList>(ada, 'GET', '/api/v1/projects');
    expect(after.body.projects[0]?.id).toBe(created.body.id);

    expect((await call(ada, 'DELETE', `/api/v1/projects/${planning.body.id}`)).status).toBe(204);
    expect(
      (await call<ErrorBody>(ada, 'GET', `/api/v1/projects/${planning.body.id}`)).body.error.message,
    ).toBe('Project not found');
    expect((await call(ada, 'DELETE', `/api/v1/projects/${planning.body.id}`)).status).toBe(404);
    await call(ada, 'DELETE', `/api/v1/projects/${created.body.id}`);
  });

  it('holds every kind of record, each as it is now, and counts them', async () => {
    const project = (await create(ada, { name: 'Every kind' })).body;
    const kinds: ProjectItemKind[] = [
      'company',
      'person',
      'prospect',
      'document',
      'rfp',
      'generated_document',
    ];
    for (const kind of kinds) {
      const added = await call<ProjectItemAdded>(ada, 'POST', `/api/v1/projects/${project.id}/items`, {
        kind,
        refId: refs[kind],
      });
      expect(added.status, kind).toBe(201);
      expect(added.body.created).toBe(true);
      expect(added.body.item).toMatchObject({ kind, refId: refs[kind], removed: false });
    }
    const read = (await call<Project>(ada, 'GET', `/api/v1/projects/${project.id}`)).body;
    expect(read.counts).toEqual({
      company: 1,
      person: 1,
      prospect: 1,
      document: 1,
      rfp: 1,
      generated_document: 1,
    });
    expect(read.itemCount).toBe(6);
    const byKind = Object.fromEntries(read.items.map((item) => [item.kind, item]));
    expect(byKind.company).toMatchObject({
      name: 'Globex Logistics',
      detail: 'Transportation · Hamburg, Germany',
    });
    expect(byKind.person).toMatchObject({
      name: 'Hanna Meyer',
      detail: 'Head of IT · Globex Logistics',
      companyId: refs.company,
    });
    expect(byKind.prospect).toMatchObject({ name: 'Initech', status: 'Qualified' });
    expect(byKind.document).toMatchObject({
      name: 'Security Overview',
      detail: 'security.md',
      status: 'indexed',
    });
    expect(byKind.rfp).toMatchObject({
      name: 'Globex security questionnaire',
      status: '0 of 2 approved',
      progress: 0,
    });
    expect(byKind.generated_document).toMatchObject({
      name: 'Globex one-pager',
      detail: 'Globex Logistics',
      status: 'One-pager',
    });

    const list = (await call<ProjectList>(ada, 'GET', '/api/v1/projects')).body.projects;
    expect(list.find((p) => p.id === project.id)?.counts.rfp).toBe(1);

    // A record renamed shows its new name; a record deleted keeps the name it had, marked removed.
    await database.db.execute(sql`update rfp_projects set title = 'Globex RFQ 2025' where id = ${refs.rfp}`);
    await database.db.execute(sql`delete from generated_documents where id = ${refs.generated_document}`);
    const later = (await call<Project>(ada, 'GET', `/api/v1/projects/${project.id}`)).body;
    const laterByKind = Object.fromEntries(later.items.map((item) => [item.kind, item]));
    expect(laterByKind.rfp).toMatchObject({
      name: 'Globex RFQ 2025',
      label: 'Globex security questionnaire',
    });
    expect(laterByKind.generated_document).toMatchObject({
      removed: true,
      name: 'Globex one-pager',
      label: 'Globex one-pager',
      status: null,
    });

    // Taken out again: the record stays.
    const item = laterByKind.generated_document;
    expect((await call(ada, 'DELETE', `/api/v1/projects/${project.id}/items/${item?.id}`)).status).toBe(204);
    expect((await call(ada, 'DELETE', `/api/v1/projects/${project.id}/items/${item?.id}`)).status).toBe(404);
    const final = (await call<Project>(ada, 'GET', `/api/v1/projects/${project.id}`)).body;
    expect(final.items.map((i) => i.kind)).not.toContain('generated_document');
    expect(final.counts.generated_document).toBe(0);
  });

  it('adds the same record once, and says which projects hold it', async () => {
    const first = (await create(ada, { name: 'Holds Globex' })).body;
    const second = (await create(ada, { name: 'Does not' })).body;
    const body = { kind: 'company', refId: refs.company };
    const added = await call<ProjectItemAdded>(ada, 'POST', `/api/v1/projects/${first.id}/items`, body);
    const again = await call<ProjectItemAdded>(ada, 'POST', `/api/v1/projects/${first.id}/items`, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, item: { id: added.body.item.id } });
    expect((await call<Project>(ada, 'GET', `/api/v1/projects/${first.id}`)).body.counts.company).toBe(1);

    const holding = await call<ProjectList>(ada, 'GET', `/api/v1/projects?contains=company:${refs.company}`);
    expect(holding.status).toBe(200);
    const marks = Object.fromEntries(holding.body.projects.map((p) => [p.id, p.containsItemId]));
    expect(marks[first.id]).toBe(added.body.item.id);
    expect(marks[second.id]).toBeNull();
    // Without `contains`, no mark at all.
    expect((await call<ProjectList>(ada, 'GET', '/api/v1/projects')).body.projects[0]).not.toHaveProperty(
      'containsItemId',
    );
  });

  it('records project.created and project.item_added on the timeline, once per item', async () => {
    const project = (await create(ada, { name: 'Timeline deal' })).body;
    const body = { kind: 'person', refId: refs.person };
    await call(ada, 'POST', `/api/v1/projects/${project.id}/items`, body);
    await call(ada, 'POST', `/api/v1/projects/${project.id}/items`, body);
    const events = await call<{ events: { type: string; summary: string; data: Record<string, unknown> }[] }>(
      ada,
      'GET',
      `/api/v1/events?subjectType=project&subjectId=${project.id}`,
    );
    expect(events.status).toBe(200);
    expect(events.body.events.map((e) => [e.type, e.summary])).toEqual([
      ['project.item_added', 'Hanna Meyer added to Timeline deal'],
      ['project.created', 'Sales project Timeline deal created'],
    ]);
    expect(events.body.events[0]?.data).toMatchObject({
      project: { id: project.id, name: 'Timeline deal' },
      item: { kind: 'person', refId: refs.person, name: 'Hanna Meyer' },
    });
  });

  it('refuses records that do not exist or are not the caller’s', async () => {
    const project = (await create(ada, { name: 'Refusals' })).body;
    const add = (kind: string, refId: string) =>
      call<ErrorBody>(ada, 'POST', `/api/v1/projects/${project.id}/items`, { kind, refId });
    const missing = await add('company', '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Company not found');
    // Bob's imported company and Bob's prospect are invisible to Ada.
    expect((await add('company', refs.bobCompany)).body.error.message).toBe('Company not found');
    expect((await add('prospect', refs.bobProspect)).status).toBe(404);
    // An id of another kind is not that kind.
    expect((await add('rfp', refs.document)).body.error.message).toBe('RFP not found');
    expect((await add('person', refs.company)).body.error.message).toBe('Person not found');
    expect((await call<Project>(ada, 'GET', `/api/v1/projects/${project.id}`)).body.itemCount).toBe(0);
    // Bob may add his own company (and the shared one) to his own project.
    const bobs = (await create(bob, { name: 'Bob’s' })).body;
    const own = await call(bob, 'POST', `/api/v1/projects/${bobs.id}/items`, {
      kind: 'company',
      refId: refs.bobCompany,
    });
    expect(own.status).toBe(201);
  });

  it('keeps notes, newest first', async () => {
    const project = (await create(ada, { name: 'With notes' })).body;
    const path = `/api/v1/projects/${project.id}/notes`;
    const first = await call<ProjectNote>(ada, 'POST', path, { body: 'Kick-off call on Monday' });
    expect(first.status).toBe(201);
    const second = await call<ProjectNote>(ada, 'POST', path, { body: '  Sent the one-pager  ' });
    expect(second.body.body).toBe('Sent the one-pager');
    const notes = await call<{ notes: ProjectNote[] }>(ada, 'GET', path);
    expect(notes.body.notes.map((n) => n.body)).toEqual(['Sent the one-pager', 'Kick-off call on Monday']);
    expect((await call<Project>(ada, 'GET', `/api/v1/projects/${project.id}`)).body.noteCount).toBe(2);
    expect((await call(ada, 'DELETE', `${path}/${first.body.id}`)).status).toBe(204);
    expect((await call(ada, 'DELETE', `${path}/${first.body.id}`)).status).toBe(404);
    expect((await call<{ notes: ProjectNote[] }>(ada, 'GET', path)).body.notes).toHaveLength(1);
    const empty = await call<ErrorBody>(ada, 'POST', path, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('A note cannot be empty');
  });

  it('shows another user nothing', async () => {
    const project = (await create(ada, { name: 'Private deal' })).body;
    const note = (
      await call<ProjectNote>(ada, 'POST', `/api/v1/projects/${project.id}/notes`, { body: 'Secret' })
    ).body;
    const item = (
      await call<ProjectItemAdded>(ada, 'POST', `/api/v1/projects/${project.id}/items`, {
        kind: 'company',
        refId: refs.company,
      })
    ).body.item;
    const base = `/api/v1/projects/${project.id}`;
    expect(
      (await call<ProjectList>(bob, 'GET', '/api/v1/projects')).body.projects.map((p) => p.name),
    ).not.toContain('Private deal');
    for (const [method, path, body] of [
      ['GET', base],
      ['PATCH', base, { name: 'Mine now' }],
      ['DELETE', base],
      ['GET', `${base}/notes`],
      ['POST', `${base}/notes`, { body: 'hi' }],
      ['DELETE', `${base}/notes/${note.id}`],
      ['POST', `${base}/items`, { kind: 'company', refId: refs.company }],
      ['DELETE', `${base}/items/${item.id}`],
    ] as const) {
      const answer = await call<ErrorBody>(bob, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.message).toBe('Project not found');
    }
    const still = (await call<Project>(ada, 'GET', base)).body;
    expect(still).toMatchObject({ name: 'Private deal', itemCount: 1, noteCount: 1 });
    const signedOut = await app.request('/api/v1/projects');
    expect(signedOut.status).toBe(401);
  });

  it('refuses bad input with a clear message', async () => {
    const bad = async (method: string, path: string, body?: unknown) => {
      const answer = await call<ErrorBody>(ada, method, path, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      return answer.body.error.message;
    };
    expect(await bad('POST', '/api/v1/projects', {})).toMatch(/name/);
    expect(await bad('POST', '/api/v1/projects', { name: '   ' })).toContain('A project needs a name');
    expect(await bad('POST', '/api/v1/projects', { name: 'x'.repeat(121) })).toContain(
      'at most 120 characters',
    );
    expect(await bad('POST', '/api/v1/projects', { name: 'A', status: 'done' })).toContain(
      'must be one of planning',
    );
    expect(await bad('POST', '/api/v1/projects', { name: 'A', owner: 'bob' })).toMatch(/owner|Unrecognized/i);
    expect(await bad('GET', '/api/v1/projects?status=closed')).toContain('must be one of');
    expect(await bad('GET', '/api/v1/projects?contains=company')).toContain('must be kind:id');
    expect(await bad('GET', '/api/v1/projects/not-a-uuid')).toContain('must be a project id');
    const project = (await create(ada, { name: 'Bad input' })).body;
    expect(await bad('PATCH', `/api/v1/projects/${project.id}`, {})).toContain('Send at least one of');
    const items = `/api/v1/projects/${project.id}/items`;
    expect(await bad('POST', items, { kind: 'planet', refId: refs.company })).toContain(
      'must be one of company',
    );
    expect(await bad('POST', items, { kind: 'company', refId: 'Globex' })).toContain('UUID');
    expect(await bad('POST', `/api/v1/projects/${project.id}/notes`, { body: 'x'.repeat(5001) })).toContain(
      'at most 5000',
    );
    const malformed = await ada.request('POST', '/api/v1/projects', undefined, {
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
    // Nothing half-written.
    expect((await call<Project>(ada, 'GET', `/api/v1/projects/${project.id}`)).body).toMatchObject({
      name: 'Bad input',
      itemCount: 0,
      noteCount: 0,
    });
  });
});
