import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ANSWER_CATEGORIES,
  askRequestSchema,
  askResponseSchema,
  feedbackRequestSchema,
  LIBRARY_ENTRY_NOT_FOUND,
  LIBRARY_PAGE_SIZE,
  libraryEntryInputSchema,
  libraryEntryPatchSchema,
  libraryEntrySchema,
  libraryListSchema,
  REVIEW_NOT_FOUND,
  REVIEW_RESOLVED,
  reviewRequestSchema,
  reviewResolutionSchema,
  reviewSchema,
} from '../../../shared/answers.ts';
import type { AiEngine } from '../../ai/port.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, int, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { recordAgentRun } from '../agents/executions.ts';
import { ensureDemoLibrary } from '../knowledge/service.ts';
import { libraryCsvRoutes } from './library-csv-routes.ts';
import {
  addFeedback,
  askQuestion,
  createLibraryEntry,
  deleteLibraryEntry,
  getLibraryEntry,
  listLibrary,
  listReviews,
  requestReview,
  resolveReview,
  updateLibraryEntry,
} from './service.ts';

const tags = ['Sales Q&A'];
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
const idParam = z.object({ id: z.uuid({ error: 'must be an id (UUID)' }) });

const libraryQuery = z
  .object({
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    category: z
      .enum(ANSWER_CATEGORIES, { error: `must be one of ${ANSWER_CATEGORIES.join(', ')}` })
      .optional(),
    tag: z.string().trim().min(1).max(40, 'must be at most 40 characters').optional(),
    limit: int(1, 100).default(LIBRARY_PAGE_SIZE),
    offset: int(0, 100_000).default(0),
  })
  .strict();

const routes = {
  ask: createRoute({
    method: 'post',
    path: '/api/v1/answers/ask',
    tags,
    summary:
      'Sales Q&A: the answer library\'s approved answer when an entry asks the same thing (free), else a cited answer from the knowledge base (one knowledge_chat credit; "I don\'t know" is free and answered is false, so the question can go to the review list)',
    request: { body: { content: { 'application/json': { schema: askRequestSchema } }, required: true } },
    responses: {
      200: json(askResponseSchema, 'The answer'),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/api/v1/answers/library',
    tags,
    summary:
      'The answer library, most recently changed first (best match first with q), with counts per category and tag; each entry with its feedback',
    request: { query: libraryQuery },
    responses: { 200: json(libraryListSchema, 'Library entries'), ...common },
  }),
  create: createRoute({
    method: 'post',
    path: '/api/v1/answers/library',
    tags,
    summary:
      'Add an approved question and answer (Markdown) to the library; the same question with the same answer again gives the entry it already is (200), not a second one',
    request: {
      body: { content: { 'application/json': { schema: libraryEntryInputSchema } }, required: true },
    },
    responses: {
      201: json(libraryEntrySchema, 'The new entry'),
      200: json(libraryEntrySchema, 'The entry that already holds this question and answer'),
      ...common,
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/answers/library/{id}',
    tags,
    summary: 'One library entry with its feedback',
    request: { params: idParam },
    responses: { 200: json(libraryEntrySchema, 'The entry'), ...common, 404: error(LIBRARY_ENTRY_NOT_FOUND) },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/v1/answers/library/{id}',
    tags,
    summary: 'Change an entry; changing the question or answer, or `reviewed: true`, marks it reviewed now',
    request: {
      params: idParam,
      body: { content: { 'application/json': { schema: libraryEntryPatchSchema } }, required: true },
    },
    responses: { 200: json(libraryEntrySchema, 'The entry'), ...common, 404: error(LIBRARY_ENTRY_NOT_FOUND) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/v1/answers/library/{id}',
    tags,
    summary: 'Delete a library entry',
    request: { params: idParam },
    responses: { 204: { description: 'Deleted' }, ...common, 404: error(LIBRARY_ENTRY_NOT_FOUND) },
  }),
  feedback: createRoute({
    method: 'post',
    path: '/api/v1/answers/feedback',
    tags,
    summary:
      'Thumbs up (1) or down (-1) on an answer, with an optional comment; shown with its library entry',
    request: { body: { content: { 'application/json': { schema: feedbackRequestSchema } }, required: true } },
    responses: {
      201: json(z.object({ id: z.string() }), 'Recorded'),
      ...common,
      404: error(LIBRARY_ENTRY_NOT_FOUND),
    },
  }),
  reviews: createRoute({
    method: 'get',
    path: '/api/v1/answers/reviews',
    tags,
    summary: 'The review list: questions sent for an answer, newest first',
    request: {
      query: z.object({ status: z.enum(['open', 'answered', 'dismissed']).optional() }).strict(),
    },
    responses: { 200: json(z.object({ reviews: z.array(reviewSchema) }), 'Review requests'), ...common },
  }),
  review: createRoute({
    method: 'post',
    path: '/api/v1/answers/reviews',
    tags,
    summary:
      "Send a question nobody could answer to the review list (the caller's own until teams exist); the same open question again is the same request",
    request: { body: { content: { 'application/json': { schema: reviewRequestSchema } }, required: true } },
    responses: {
      201: json(reviewSchema, 'Sent for review'),
      200: json(reviewSchema, 'Already on the review list'),
      ...common,
    },
  }),
  resolve: createRoute({
    method: 'patch',
    path: '/api/v1/answers/reviews/{id}',
    tags,
    summary: 'Answer a review request (the answer joins the library) or dismiss it',
    request: {
      params: idParam,
      body: { content: { 'application/json': { schema: reviewResolutionSchema } }, required: true },
    },
    responses: {
      200: json(z.object({ review: reviewSchema, entry: libraryEntrySchema.nullable() }), 'Resolved'),
      ...common,
      404: error(REVIEW_NOT_FOUND),
      409: error(REVIEW_RESOLVED),
    },
  }),
};

/** Sales Q&A: ask, the answer library, feedback and the review list. */
export function answersRoutes(deps: AppDeps, engine: AiEngine) {
  const app = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  app.use('/api/v1/answers/*', requireCaller(deps));
  // Before `/library/{id}`, which would take "export.csv" for an id.
  app.route('/', libraryCsvRoutes(deps));

  app.openapi(routes.ask, async (c) => {
    const { question } = c.req.valid('json');
    const answer = await recordAgentRun(
      deps,
      c.var.caller.id,
      { agentId: 'emma', input: question, credits: (r) => r.creditsCharged },
      () => askQuestion(deps, engine, c.var.caller, { question, signal: c.req.raw.signal }, c.var.logger),
    );
    return c.json(answer, 200);
  });

  // Opening Sales Q&A first brings the demo library, as the knowledge base does: answers come from it.
  app.openapi(routes.list, async (c) => {
    await ensureDemoLibrary(deps, c.var.caller);
    return c.json(await listLibrary(db, c.var.caller, c.req.valid('query')), 200);
  });

  app.openapi(routes.create, async (c) => {
    const { entry, created } = await createLibraryEntry(db, c.var.caller, c.req.valid('json'));
    return created ? c.json(entry, 201) : c.json(entry, 200);
  });

  app.openapi(routes.get, async (c) =>
    c.json(await getLibraryEntry(db, c.var.caller, c.req.valid('param').id), 200),
  );

  app.openapi(routes.update, async (c) =>
    c.json(await updateLibraryEntry(db, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(routes.remove, async (c) => {
    await deleteLibraryEntry(db, c.var.caller, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.feedback, async (c) =>
    c.json(await addFeedback(db, c.var.caller, c.req.valid('json')), 201),
  );

  app.openapi(routes.reviews, async (c) =>
    c.json({ reviews: await listReviews(db, c.var.caller, c.req.valid('query').status) }, 200),
  );

  app.openapi(routes.review, async (c) => {
    const { review, created } = await requestReview(db, c.var.caller, c.req.valid('json'));
    return created ? c.json(review, 201) : c.json(review, 200);
  });

  app.openapi(routes.resolve, async (c) =>
    c.json(await resolveReview(db, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  return app;
}
