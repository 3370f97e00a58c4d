/**
 * The graph API (issue 8 point 5) through the HTTP app on both databases: entities found by name (typo-tolerant
 * for proper names), an entity's neighbourhood one or two hops out (strongest first, capped, filtered by type),
 * the overview, the passages behind a node or an edge, bad input, and isolation: nothing of another user's graph
 * is ever returned, whatever id is asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import {
  insertDocument,
  insertEntity,
  insertRelationship,
  userIdOf,
} from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import {
  type GraphColumns,
  type GraphEntities,
  type GraphEvidence,
  graphFromColumns,
  type KnowledgeGraph,
} from '../../../shared/knowledge.ts';
import type { App } from '../../http/app.ts';

const PHRASE = 'Acme Corp implements Okta for single sign-on and MFA.';

describe.each(backends())('the knowledge graph API on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  const ids: Record<string, string> = {};
  let chunk: { documentId: string; chunkId: string };
  let secondChunk: { documentId: string; chunkId: string };

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, { users: { ada: 'Ada', bob: 'Bob' } }));
    const adaId = await userIdOf(database.db, 'ada@example.com');
    const bobId = await userIdOf(database.db, 'bob@example.com');
    const db = database.db;

    const access = await insertDocument(db, adaId, {
      filename: 'policies/access.md',
      title: 'Access Control Policy',
      passages: [
        {
          section: 'Access Control > Single Sign-on',
          text: `All employees sign in through single sign-on. ${PHRASE} Jane Doe owns the identity provider.`,
        },
      ],
    });
    const cloud = await insertDocument(db, adaId, {
      filename: 'cloud.pdf',
      title: 'Cloud Security Standard',
      passages: [
        { page: 7, text: 'MFA protects every AWS root account. Acme Corp reviews the AWS accounts yearly.' },
      ],
    });
    chunk = { documentId: access.id, chunkId: access.chunkIds[0] as string };
    secondChunk = { documentId: cloud.id, chunkId: cloud.chunkIds[0] as string };
    ids.okta = await insertEntity(db, adaId, {
      name: 'Okta',
      type: 'product',
      mentions: [{ ...chunk, count: 2 }],
    });
    ids.mfa = await insertEntity(db, adaId, {
      name: 'MFA',
      type: 'technology',
      mentions: [chunk, secondChunk],
    });
    ids.acme = await insertEntity(db, adaId, {
      name: 'Acme Corp',
      canonicalName: 'acme',
      type: 'organization',
      mentions: [chunk, secondChunk],
    });
    ids.aws = await insertEntity(db, adaId, {
      name: 'AWS',
      type: 'technology',
      mentions: [{ ...secondChunk, count: 2 }],
    });
    ids.jane = await insertEntity(db, adaId, { name: 'Jane Doe', type: 'person', mentions: [chunk] });
    implementsEdge = edgeQuery(ids.acme, 'implements', ids.okta);
    await insertRelationship(db, adaId, {
      source: ids.acme,
      target: ids.okta,
      relation: 'implements',
      evidence: [{ ...chunk, phrase: PHRASE }],
      weight: 3,
    });
    await insertRelationship(db, adaId, {
      source: ids.okta,
      target: ids.mfa,
      relation: 'provides',
      evidence: [{ ...chunk, phrase: PHRASE }],
      weight: 2,
    });
    await insertRelationship(db, adaId, {
      source: ids.mfa,
      target: ids.aws,
      relation: 'protects',
      evidence: [{ ...secondChunk, phrase: 'MFA protects every AWS root account.' }],
    });
    await insertRelationship(db, adaId, {
      source: ids.jane,
      target: ids.acme,
      relation: 'mentioned with',
      evidence: [{ ...chunk, phrase: 'Jane Doe owns the identity provider.' }],
    });

    const secret = await insertDocument(db, bobId, {
      filename: 'bluebird.md',
      passages: [{ text: 'Okta is being replaced by Project Bluebird next spring.' }],
    });
    const bobChunk = { documentId: secret.id, chunkId: secret.chunkIds[0] as string };
    ids.bobOkta = await insertEntity(db, bobId, { name: 'Okta', type: 'product', mentions: [bobChunk] });
    ids.bluebird = await insertEntity(db, bobId, {
      name: 'Project Bluebird',
      type: 'product',
      mentions: [bobChunk],
    });
    await insertRelationship(db, bobId, {
      source: ids.bluebird,
      target: ids.bobOkta,
      relation: 'replaces',
      evidence: [{ ...bobChunk, phrase: 'Okta is being replaced by Project Bluebird next spring.' }],
    });
  });
  afterAll(() => close?.());

  const get = async <T>(client: AuthClient, path: string) => {
    const response = await client.request('GET', path);
    return { status: response.status, body: (await response.json()) as T };
  };
  /** A graph answer, and the same turned into records. */
  const getGraph = async (client: AuthClient, path: string) => {
    const { status, body } = await get<GraphColumns>(client, path);
    return { status, columns: body, body: graphFromColumns(body) };
  };
  const names = (graph: KnowledgeGraph) => graph.nodes.map((n) => n.name);
  const edgeQuery = (source: string, relation: string, target: string) =>
    new URLSearchParams({ source, target, relation }).toString();
  let implementsEdge = '';

  it('asks for a session and refuses bad input with clear messages', async () => {
    expect((await app.request('/api/v1/knowledge/graph/overview')).status).toBe(401);
    for (const path of [
      '/api/v1/knowledge/graph/neighbourhood',
      `/api/v1/knowledge/graph/neighbourhood?entityId=${ids.okta}&depth=3`,
      '/api/v1/knowledge/graph/neighbourhood?entityId=okta',
      `/api/v1/knowledge/graph/neighbourhood?entityId=${ids.okta}&limit=10001`,
      `/api/v1/knowledge/graph/neighbourhood?entityId=${ids.okta}&types=planet`,
      '/api/v1/knowledge/graph/entities?type=planet',
      '/api/v1/knowledge/graph/entities?limit=0',
      '/api/v1/knowledge/graph/entities?q=okta&extra=1',
      '/api/v1/knowledge/graph/evidence',
      `/api/v1/knowledge/graph/evidence?entityId=${ids.okta}&${implementsEdge}`,
      `/api/v1/knowledge/graph/evidence?source=${ids.acme}&target=${ids.okta}`,
      `/api/v1/knowledge/graph/evidence?source=12&target=${ids.okta}&relation=implements`,
      '/api/v1/knowledge/graph/overview?limit=abc',
    ]) {
      const { status, body } = await get<{ error: { message: string } }>(ada, path);
      expect(status, path).toBe(400);
      expect(body.error.message, path).toMatch(/^Invalid request: /);
    }
  });

  it('finds entities by name, prefix, similar spelling and type, the most mentioned first', async () => {
    const exact = await get<GraphEntities>(ada, '/api/v1/knowledge/graph/entities?q=okta');
    expect(exact.body.entities[0]).toMatchObject({
      id: ids.okta,
      name: 'Okta',
      type: 'product',
      mentionCount: 2,
    });
    const similar = await get<GraphEntities>(ada, '/api/v1/knowledge/graph/entities?q=Acme%20Corporation');
    expect(similar.body.entities[0]?.id).toBe(ids.acme);
    const people = await get<GraphEntities>(ada, '/api/v1/knowledge/graph/entities?type=person');
    expect(people.body.entities.map((e) => e.name)).toEqual(['Jane Doe']);
    const all = await get<GraphEntities>(ada, '/api/v1/knowledge/graph/entities?limit=2');
    expect(all.body.entities).toHaveLength(2);
    // A pattern character is searched for as itself.
    const percent = await get<GraphEntities>(ada, '/api/v1/knowledge/graph/entities?q=%25');
    expect(percent.body.entities).toEqual([]);
  });

  it('returns the neighbourhood one and two hops out, strongest first, capped with truncated', async () => {
    const one = await getGraph(ada, `/api/v1/knowledge/graph/neighbourhood?entityId=${ids.okta}`);
    expect(one.status).toBe(200);
    expect(names(one.body)).toEqual(['Okta', 'Acme Corp', 'MFA']);
    expect(one.body.edges).toHaveLength(2);
    expect(one.body.edges[0]).toEqual({
      source: ids.acme,
      target: ids.okta,
      relation: 'implements',
      weight: 3,
    });
    expect(one.body.truncated).toBe(false);
    // On the wire: an array per field, and each edge's ends as indexes into the node columns.
    expect(one.columns.nodes.id).toEqual([ids.okta, ids.acme, ids.mfa]);
    expect(one.columns.edges).toEqual({
      source: [1, 0],
      target: [0, 2],
      relation: ['implements', 'provides'],
      weight: [3, 2],
    });

    const two = await getGraph(ada, `/api/v1/knowledge/graph/neighbourhood?entityId=${ids.okta}&depth=2`);
    expect(names(two.body)).toEqual(['Okta', 'Acme Corp', 'MFA', 'AWS', 'Jane Doe']);
    expect(two.body.edges).toHaveLength(4);

    const capped = await getGraph(
      ada,
      `/api/v1/knowledge/graph/neighbourhood?entityId=${ids.okta}&depth=2&limit=2`,
    );
    expect(names(capped.body)).toEqual(['Okta', 'Acme Corp']);
    expect(capped.body.truncated).toBe(true);

    const technology = await getGraph(
      ada,
      `/api/v1/knowledge/graph/neighbourhood?entityId=${ids.okta}&depth=2&types=technology`,
    );
    expect(names(technology.body)).toEqual(['Okta', 'MFA', 'AWS']);
  });

  it('gives the most connected entities and their edges as the overview', async () => {
    const { body } = await getGraph(ada, '/api/v1/knowledge/graph/overview');
    expect(body.nodes).toHaveLength(5);
    expect(
      body.nodes
        .slice(0, 3)
        .map((n) => n.name)
        .sort(),
    ).toEqual(['Acme Corp', 'MFA', 'Okta']);
    expect(body.edges).toHaveLength(4);
    const small = await getGraph(ada, '/api/v1/knowledge/graph/overview?limit=2');
    expect(small.body.nodes).toHaveLength(2);
    expect(small.body.truncated).toBe(true);
  });

  it('opens the passages behind a node and behind an edge, with title, section, page and phrase', async () => {
    const node = await get<GraphEvidence>(ada, `/api/v1/knowledge/graph/evidence?entityId=${ids.aws}`);
    expect(node.status).toBe(200);
    expect(node.body.entity).toMatchObject({ id: ids.aws, name: 'AWS' });
    expect(node.body.relationship).toBeNull();
    expect(node.body.passages).toEqual([
      {
        ...secondChunk,
        title: 'Cloud Security Standard',
        filename: 'cloud.pdf',
        section: null,
        page: 7,
        snippet: 'MFA protects every AWS root account. Acme Corp reviews the AWS accounts yearly.',
        phrase: null,
      },
    ]);
    const acme = await get<GraphEvidence>(
      ada,
      `/api/v1/knowledge/graph/evidence?entityId=${ids.acme}&limit=1`,
    );
    expect(acme.body.passages).toHaveLength(1);
    expect(acme.body.truncated).toBe(true);

    const edge = await get<GraphEvidence>(ada, `/api/v1/knowledge/graph/evidence?${implementsEdge}`);
    expect(edge.body.relationship).toMatchObject({
      source: ids.acme,
      target: ids.okta,
      relation: 'implements',
      sourceName: 'Acme Corp',
      targetName: 'Okta',
    });
    expect(edge.body.passages[0]).toMatchObject({
      ...chunk,
      title: 'Access Control Policy',
      section: 'Access Control > Single Sign-on',
      phrase: PHRASE,
    });
  });

  it("never shows another user's entities, neighbourhoods, edges or passages", async () => {
    const search = await get<GraphEntities>(ada, '/api/v1/knowledge/graph/entities?q=okta');
    expect(search.body.entities.map((e) => e.id)).toEqual([ids.okta]);
    const bluebird = await get<GraphEntities>(ada, '/api/v1/knowledge/graph/entities?q=bluebird');
    expect(bluebird.body.entities).toEqual([]);
    for (const path of [
      `/api/v1/knowledge/graph/neighbourhood?entityId=${ids.bobOkta}`,
      `/api/v1/knowledge/graph/evidence?entityId=${ids.bluebird}`,
      `/api/v1/knowledge/graph/evidence?${edgeQuery(ids.bluebird as string, 'replaces', ids.bobOkta as string)}`,
    ]) {
      const { status, body } = await get<{ error: { message: string } }>(ada, path);
      expect(status, path).toBe(404);
      expect(body.error.message).toMatch(/^(Entity|Relationship) not found$/);
    }
    const overview = await getGraph(ada, '/api/v1/knowledge/graph/overview');
    expect(JSON.stringify(overview.body)).not.toMatch(/Bluebird|replaces/);
    // And the other way round.
    const bobSees = await getGraph(bob, '/api/v1/knowledge/graph/overview');
    expect(names(bobSees.body).sort()).toEqual(['Okta', 'Project Bluebird']);
    expect((await get(bob, `/api/v1/knowledge/graph/evidence?entityId=${ids.okta}`)).status).toBe(404);
  });
});
