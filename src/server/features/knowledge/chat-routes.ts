import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CHAT_HISTORY_SENT } from '../../../shared/copilot.ts';
import {
  ENTITY_TYPES,
  GRAPH_DEFAULT_NODES,
  GRAPH_MAX_NODES,
  graphColumnsSchema,
  graphEntitiesResponseSchema,
  graphEvidenceSchema,
  KNOWLEDGE_SEARCH_PAGE_SIZE,
  knowledgeChatRequestSchema,
  knowledgeChatResponseSchema,
  knowledgeSearchResponseSchema,
} from '../../../shared/knowledge.ts';
import type { AiEngine } from '../../ai/port.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json, many } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { recordAgentRun, searchSummary } from '../agents/executions.ts';
import { askKnowledge } from './chat.ts';
import {
  ENTITY_NOT_FOUND,
  evidence,
  neighbourhood,
  overview,
  RELATIONSHIP_NOT_FOUND,
  searchEntities,
} from './graph.ts';
import { endOf, SEARCH_TYPES, searchPassages, startOf } from './search.ts';

const count = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

const entityTypes = many(40).pipe(
  z.array(z.enum(ENTITY_TYPES, { error: `must be one of ${ENTITY_TYPES.join(', ')}` })),
);

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;
const date = z
  .string()
  .max(40)
  .refine(
    (value) => DATE.test(value) && !Number.isNaN(startOf(value).getTime()),
    'must be a date (YYYY-MM-DD) or an ISO 8601 date and time with its offset',
  )
  .optional();

const searchQuery = z
  .object({
    q: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(500, 'must be at most 500 characters'),
    type: many(100).pipe(
      z.array(z.enum(SEARCH_TYPES, { error: `must be one of ${SEARCH_TYPES.join(', ')}` })),
    ),
    from: date,
    to: date,
    entity: z.uuid({ error: 'must be an entity id (UUID)' }).optional(),
    limit: count(100, KNOWLEDGE_SEARCH_PAGE_SIZE),
    cursor: z.string().max(1000).optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || startOf(query.from) < endOf(query.to), {
    message: 'must not be after to',
    path: ['from'],
  });

const entitiesQuery = z
  .object({
    q: z.string().trim().max(200, 'must be at most 200 characters').default(''),
    type: entityTypes,
    limit: count(100, 20),
  })
  .strict();

const entityId = z.uuid({ error: 'must be an entity id (UUID)' });

const neighbourhoodQuery = z
  .object({
    entityId,
    depth: z.enum(['1', '2'], { error: 'must be 1 or 2' }).default('1'),
    types: entityTypes,
    limit: count(GRAPH_MAX_NODES, GRAPH_DEFAULT_NODES),
  })
  .strict();

const overviewQuery = z.object({ types: entityTypes, limit: count(GRAPH_MAX_NODES, 200) }).strict();

const evidenceQuery = z
  .object({
    entityId: entityId.optional(),
    source: z.uuid({ error: "must be the edge's source entity id (UUID)" }).optional(),
    target: z.uuid({ error: "must be the edge's target entity id (UUID)" }).optional(),
    relation: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(200, 'must be at most 200 characters')
      .optional(),
    limit: count(200, 50),
  })
  .strict()
  .refine(
    ({ entityId, source, target, relation }) => {
      const edge = [source, target, relation].filter((part) => part !== undefined).length;
      return entityId === undefined ? edge === 3 : edge === 0;
    },
    { message: 'give either entityId, or source, target and relation', path: ['entityId'] },
  );

const common = { 400: error('Invalid input'), 401: error('User not authenticated') };

const routes = {
  chat: createRoute({
    method: 'post',
    path: '/api/v1/knowledge/chat',
    tags: ['Knowledge'],
    summary:
      "Ask the knowledge base (spec 3 §7 graph-query-engine): an answer from the caller's documents with a citation marker ([1]) after each statement, and the cited passages as sources (document, title, file, section, page, snippet, the entity that led to it, relevance). Only the last 10 messages of chatHistory are used. One knowledge_chat credit per answer; an answer that finds nothing relevant says so (answered: false) and is free, as is spec 3 §8's fallback when retrieval or the AI engine fails.",
    request: {
      body: { content: { 'application/json': { schema: knowledgeChatRequestSchema } }, required: true },
    },
    responses: {
      200: json(knowledgeChatResponseSchema, 'The answer and its sources'),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
    },
  }),
  search: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/search',
    tags: ['Knowledge'],
    summary:
      'Enterprise file search: the caller\'s passages holding the words (web-search syntax: "phrase", or, -word), best first, with the matches between « and », filtered by document type (extension or MIME type), upload date (from, to: inclusive dates) and entity; keyset pages. When no passage holds every word, passages holding some are returned and matchedAllWords is false. Free.',
    request: { query: searchQuery },
    responses: {
      200: json(knowledgeSearchResponseSchema, 'A page of passages'),
      ...common,
      404: error(ENTITY_NOT_FOUND),
    },
  }),
  entities: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/graph/entities',
    tags: ['Knowledge'],
    summary:
      'Entities by name (exact, prefix, substring, then similar spellings), the most mentioned first; without q, the most mentioned entities',
    request: { query: entitiesQuery },
    responses: { 200: json(graphEntitiesResponseSchema, 'Entities'), ...common },
  }),
  neighbourhood: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/graph/neighbourhood',
    tags: ['Knowledge'],
    summary: `An entity and its neighbours one or two hops away (only through the given types), nearest and most strongly related first, at most limit nodes (up to ${GRAPH_MAX_NODES}) and the strongest edges among them; truncated says more were left out. In columns: an array per field, each edge's source and target the index of its node in the node columns`,
    request: { query: neighbourhoodQuery },
    responses: {
      200: json(graphColumnsSchema, 'The neighbourhood'),
      ...common,
      404: error(ENTITY_NOT_FOUND),
    },
  }),
  overview: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/graph/overview',
    tags: ['Knowledge'],
    summary:
      'The most connected entities (then the most mentioned) and the edges among them: the first view. In columns, as the neighbourhood',
    request: { query: overviewQuery },
    responses: { 200: json(graphColumnsSchema, 'The overview'), ...common },
  }),
  evidence: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/graph/evidence',
    tags: ['Knowledge'],
    summary:
      'The passages behind a node (entityId: where the entity is mentioned) or an edge (source, target and relation: where the link was read, with the sentence), with their document, section and page',
    request: { query: evidenceQuery },
    responses: {
      200: json(graphEvidenceSchema, 'The node or edge and its passages'),
      ...common,
      404: error(`${ENTITY_NOT_FOUND}, or ${RELATIONSHIP_NOT_FOUND}`),
    },
  }),
};

/** The knowledge chat, file search and graph API (upload and documents are in ./routes.ts). */
export function knowledgeChatRoutes(deps: AppDeps, engine: AiEngine) {
  const app = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  for (const path of ['/api/v1/knowledge/chat', '/api/v1/knowledge/search', '/api/v1/knowledge/graph/*']) {
    app.use(path, requireCaller(deps));
  }

  app.openapi(routes.chat, async (c) => {
    const { query, chatHistory } = c.req.valid('json');
    // A question to the knowledge base is a run of Sofia; a fallback answer is a run that failed.
    const answer = await recordAgentRun(
      deps,
      c.var.caller.id,
      {
        agentId: 'sofia',
        input: `Chat: ${query}`,
        credits: (r) => r.creditsCharged,
        failure: (r) => (r.fallback ? r.response : null),
      },
      () =>
        askKnowledge(
          deps,
          engine,
          c.var.caller,
          { query, history: chatHistory.slice(-CHAT_HISTORY_SENT), signal: c.req.raw.signal },
          c.var.logger,
        ),
    );
    return c.json(answer, 200);
  });

  app.openapi(routes.search, async (c) => {
    const { q, type, from, to, entity, limit, cursor } = c.req.valid('query');
    // A first page is one run of Sofia (the next pages belong to it).
    const run = cursor
      ? null
      : {
          agentId: 'sofia' as const,
          input: searchSummary(q, { type, from, to, entity: entity && 'one entity' }),
        };
    const page = await recordAgentRun(deps, c.var.caller.id, run, () =>
      searchPassages(db, c.var.caller.id, {
        q,
        types: type,
        from: from ? startOf(from) : undefined,
        to: to ? endOf(to) : undefined,
        entityId: entity,
        limit,
        cursor,
      }),
    );
    return c.json(page, 200);
  });

  app.openapi(routes.entities, async (c) => {
    const { q, type, limit } = c.req.valid('query');
    return c.json({ entities: await searchEntities(db, c.var.caller.id, { q, types: type, limit }) }, 200);
  });

  app.openapi(routes.neighbourhood, async (c) => {
    const { entityId: id, depth, types, limit } = c.req.valid('query');
    const graph = await neighbourhood(db, c.var.caller.id, {
      entityId: id,
      depth: depth === '2' ? 2 : 1,
      types,
      limit,
    });
    return c.json(graph, 200);
  });

  app.openapi(routes.overview, async (c) => {
    const { types, limit } = c.req.valid('query');
    return c.json(await overview(db, c.var.caller.id, { types, limit }), 200);
  });

  app.openapi(routes.evidence, async (c) => {
    const { entityId: id, source = '', target = '', relation = '', limit } = c.req.valid('query');
    const input = id ? { entityId: id, limit } : { source, target, relation, limit };
    return c.json(await evidence(db, c.var.caller.id, input), 200);
  });

  return app;
}
