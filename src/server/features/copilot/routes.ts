import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import {
  analysisSchema,
  CHAT_HISTORY_SENT,
  QUERY_MAX_LENGTH,
  SUGGESTED_AGENTS,
} from '../../../shared/copilot.ts';
import type { AiEngine } from '../../ai/port.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, filterValidationSchema, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import type { Vocabulary } from '../companies/vocabulary.ts';
import { deleteSession, getSession, listSessions, SESSION_NOT_FOUND, sendMessage } from './chat.ts';
import { replyEvents } from './reply-events.ts';
import { analyzeRequest } from './service.ts';

/** Same-site app paths only: a return route is navigated to and must never lead off the product. */
const appPath = z
  .string()
  .max(500)
  .refine((path) => path.startsWith('/') && !path.startsWith('//'), 'must be a path of this app');

const analyzeBody = z
  .object({
    query: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(QUERY_MAX_LENGTH, `must be at most ${QUERY_MAX_LENGTH} characters`),
    context: z
      .object({
        path: appPath.optional(),
        sessionId: z.string().max(100).optional(),
        history: z
          .array(
            z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(QUERY_MAX_LENGTH * 5) }),
          )
          .max(50)
          .optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

const handoffSchema = z
  .object({
    agent: z.enum(SUGGESTED_AGENTS),
    route: z.string(),
    params: z.array(z.tuple([z.string(), z.string()])),
    href: z.string(),
  })
  .nullable()
  .openapi('Handoff');

const analyzeResponse = z
  .object({
    analysis: analysisSchema,
    response: z.object({ text: z.string() }),
    filterValidation: filterValidationSchema,
    handoff: handoffSchema,
    fallback: z.boolean(),
    modelUnavailable: z.boolean().optional().openapi({
      description:
        'true when the AI model failed and the built-in engine analysed the request instead (charged as its analysis is)',
    }),
    creditsCharged: z.number().int(),
  })
  .openapi('CopilotAnalysis');

const messageSchema = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    createdAt: z.string(),
    analysis: analyzeResponse.nullable().optional(),
    command: z
      .object({
        action: z.string(),
        confidence: z.number(),
        ok: z.boolean(),
        message: z.string(),
        navigateTo: z.string().optional(),
        refresh: z.boolean().optional(),
        prospectId: z.string().optional(),
      })
      .nullable()
      .optional(),
  })
  .openapi('CopilotMessage');

const messageBody = z
  .object({
    text: analyzeBody.shape.query,
    sessionId: z.uuid({ error: 'must be a chat session id (UUID)' }).optional(),
    context: z
      .object({
        path: appPath.optional(),
        prospectId: z.uuid({ error: 'must be a prospect id (UUID)' }).optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

/** The chat answers server-sent events to a client that asks for them before JSON. */
const wantsEvents = (c: Context) =>
  accepts(c, {
    header: 'Accept',
    supports: ['application/json', 'text/event-stream'],
    default: 'application/json',
  }) === 'text/event-stream';

const sessionId = z.object({ id: z.uuid({ error: 'must be a chat session id (UUID)' }) });

const routes = {
  analyze: createRoute({
    method: 'post',
    path: '/api/v1/copilot/analyze',
    tags: ['Copilot'],
    summary:
      'Analyse a free-text sales request (spec 3 §3): intent, entities, the suggested agent, completeness, follow-up questions, filter suggestions validated against the company data, and the hand-off route. Costs one ai_query credit; the fallback answer when the AI engine fails is free.',
    request: { body: { content: { 'application/json': { schema: analyzeBody } }, required: true } },
    responses: {
      200: json(analyzeResponse, 'The analysis and where to go'),
      400: error('Invalid input'),
      401: error('User not authenticated'),
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
    },
  }),
  send: createRoute({
    method: 'post',
    path: '/api/v1/copilot/messages',
    tags: ['Copilot'],
    summary:
      'Send a chat message: a command (revenue, status, prospect, navigation, refresh; spec 3 §5) is carried out on the prospect in context, free; anything else is analysed as by /analyze (one ai_query credit). Both messages are stored in the session (a new one when none is given).',
    description:
      'Answers JSON by default. With `Accept: text/event-stream` it answers server-sent events instead: ' +
      '`reply-text` (data `{"text": "<the reply so far>"}`) each time the reply grows while a language model ' +
      'writes it (none for a command or the built-in engine), then `message` with the JSON body of the 200 ' +
      'answer, or `error` with an error body `{"error": {"code", "message"}}`. Errors known before the reply ' +
      'starts (400, 401, 402, 404) are plain HTTP errors. A client that goes away cancels the model call, and ' +
      'nothing is charged or stored.',
    request: { body: { content: { 'application/json': { schema: messageBody } }, required: true } },
    responses: {
      200: {
        description: 'The stored message and the reply, as JSON or as server-sent events',
        content: {
          'application/json': {
            schema: z.object({ sessionId: z.string(), message: messageSchema, reply: messageSchema }),
          },
          'text/event-stream': {
            schema: z.string().openapi({
              example:
                'event: reply-text\ndata: {"text":"Fintech companies"}\n\n' +
                'event: message\ndata: {"sessionId":"…","message":{…},"reply":{…}}\n\n',
            }),
          },
        },
      },
      400: error('Invalid input'),
      401: error('User not authenticated'),
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
      404: error(SESSION_NOT_FOUND),
    },
  }),
  sessions: createRoute({
    method: 'get',
    path: '/api/v1/copilot/sessions',
    tags: ['Copilot'],
    summary: "The caller's chat sessions, most recent first (30)",
    responses: {
      200: json(
        z.object({
          sessions: z.array(z.object({ id: z.string(), title: z.string(), updatedAt: z.string() })),
        }),
        'Sessions',
      ),
      401: error('User not authenticated'),
    },
  }),
  session: createRoute({
    method: 'get',
    path: '/api/v1/copilot/sessions/{id}',
    tags: ['Copilot'],
    summary: 'A chat session with its messages, oldest first',
    request: { params: sessionId },
    responses: {
      200: json(
        z.object({ id: z.string(), title: z.string(), messages: z.array(messageSchema) }),
        'The session',
      ),
      400: error('Invalid input'),
      401: error('User not authenticated'),
      404: error(SESSION_NOT_FOUND),
    },
  }),
  deleteSession: createRoute({
    method: 'delete',
    path: '/api/v1/copilot/sessions/{id}',
    tags: ['Copilot'],
    summary: 'Delete a chat session and its messages',
    request: { params: sessionId },
    responses: {
      204: { description: 'Deleted' },
      400: error('Invalid input'),
      401: error('User not authenticated'),
      404: error(SESSION_NOT_FOUND),
    },
  }),
};

export function copilotRoutes(deps: AppDeps, vocabulary: Vocabulary, engine: AiEngine) {
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/v1/copilot/*', requireCaller(deps));

  app.openapi(routes.analyze, async (c) => {
    const { query, context } = c.req.valid('json');
    const answer = await analyzeRequest(
      deps,
      engine,
      vocabulary,
      c.var.caller,
      {
        query,
        context: { path: context.path, history: context.history?.slice(-CHAT_HISTORY_SENT) },
        handoff: { sessionId: context.sessionId, returnRoute: context.path ?? '/chat' },
        signal: c.req.raw.signal,
      },
      c.var.logger,
    );
    return c.json(answer, 200);
  });

  app.openapi(routes.send, async (c) => {
    const { text, sessionId, context } = c.req.valid('json');
    const send = (onReplyText?: (textSoFar: string) => void) =>
      sendMessage(
        deps,
        engine,
        vocabulary,
        c.var.caller,
        { text, sessionId, context, signal: c.req.raw.signal, onReplyText },
        c.var.logger,
      );
    if (wantsEvents(c)) return replyEvents(c, send);
    return c.json(await send(), 200);
  });

  app.openapi(routes.sessions, async (c) =>
    c.json({ sessions: await listSessions(deps.database.db, c.var.caller) }, 200),
  );

  app.openapi(routes.session, async (c) =>
    c.json(await getSession(deps.database.db, c.var.caller, c.req.valid('param').id), 200),
  );

  app.openapi(routes.deleteSession, async (c) => {
    await deleteSession(deps.database.db, c.var.caller, c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
