import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { isSlow, SLOW_REQUEST_MS } from '../../shared/diagnostics.ts';
import { scrubPath } from '../../shared/diagnostics-scrub.ts';
import { REDIRECTS } from '../../shared/routes.ts';
import { createEngine } from '../ai/create-engine.ts';
import { callerEngine } from '../ai/user-engines.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import type { DataLoad, DataSet } from '../data-load.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/pglite-thread.ts';
import { agentsRoutes } from '../features/agents/routes.ts';
import { workflowRoutes } from '../features/agents/workflow-routes.ts';
import { answersRoutes } from '../features/answers/routes.ts';
import { apiDescription, withApiKeyAccess } from '../features/api-keys/openapi.ts';
import { apiKeysRoutes } from '../features/api-keys/routes.ts';
import { architectureRoutes } from '../features/architecture/routes.ts';
import { authRoutes } from '../features/auth/routes.ts';
import { companyMatchRoutes } from '../features/companies/match-routes.ts';
import { companiesRoutes } from '../features/companies/routes.ts';
import { createVocabulary } from '../features/companies/vocabulary.ts';
import { copilotRoutes } from '../features/copilot/routes.ts';
import { knownCompanyNames } from '../features/copilot/service.ts';
import { creditsRoutes } from '../features/credits/routes.ts';
import { paymentWebhookRoutes } from '../features/credits/webhook-routes.ts';
import { devMailboxRoutes } from '../features/dev/mailbox-routes.ts';
import { diagnosticsRoutes } from '../features/diagnostics/routes.ts';
import { docgenRoutes } from '../features/docgen/routes.ts';
import { eventsRoutes } from '../features/events/routes.ts';
import { healthRoutes } from '../features/health/routes.ts';
import { aiProviderRoutes } from '../features/integrations/ai-provider-routes.ts';
import { buyerIntentRoutes } from '../features/intent/routes.ts';
import { jobsRoutes } from '../features/jobs/routes.ts';
import { knowledgeChatRoutes } from '../features/knowledge/chat-routes.ts';
import { knowledgeDocumentRoutes } from '../features/knowledge/routes.ts';
import { privacyRoutes } from '../features/people/privacy-routes.ts';
import { peopleRoutes } from '../features/people/routes.ts';
import { profileRoutes } from '../features/profile/routes.ts';
import { projectsRoutes } from '../features/projects/routes.ts';
import { prospectsRoutes } from '../features/prospects/routes.ts';
import { rfpRoutes } from '../features/rfp/routes.ts';
import { webhooksRoutes } from '../features/webhooks/routes.ts';
import { mountApiDocs } from './api-docs.ts';
import { compress } from './compress.ts';
import { AppError, errorBody, internalErrorBody, invalidRequest } from './errors.ts';
import { createMetrics, metricsRoute } from './metrics.ts';
import { requestIdOf } from './node-listener.ts';
import { RememberingRouter } from './remembering-router.ts';
import { runInRequest } from './request-context.ts';
import { bodyLimits, textGuard } from './request-guards.ts';
import { sameOriginOnly } from './same-origin.ts';
import { type StaticSite, sendStatic } from './static-site.ts';

/** Requests to these paths are logged at debug level: load balancers poll them constantly. */
const QUIET_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

/** Paths whose last segment is a single-use token: the log shows the route, never the token. */
const TOKEN_PATH = /^(\/api\/auth\/reset-password\/|\/api\/v1\/auth\/reset-tokens\/)[^/]+$/;
const loggablePath = (path: string) => path.replace(TOKEN_PATH, '$1[token]');

/**
 * The route a request is served by, as slow requests and queries are logged: the API's template
 * (`/api/v1/rfp/projects/:id`), else the page's path scrubbed of names and ids (`/prospect/:id`).
 */
function loggableRoute(c: Context): string {
  const template = routePath(c);
  return template && template !== '*' && template !== '/*' ? template : scrubPath(c.req.path);
}

const MB = 1024 * 1024;
/**
 * JSON bodies allowed over the 1 MB default: 500,000 characters of pasted questionnaire, or a chat history of
 * 50 messages of 10,000 characters, are up to 1.5 MB of UTF-8 and more once a client escapes some of it.
 */
/**
 * The routes that take files (multipart). Each caps its upload itself, after the session check and with its
 * own message (UPLOAD_MAX_MB x 4 for documents, the CSV limit for imports); any other multipart body has 1 MB.
 */
const UPLOAD_ROUTES = [
  'POST /api/v1/knowledge/documents',
  'POST /api/v1/rfp/projects',
  'POST /api/v1/companies/imports',
  'POST /api/v1/companies/imports/preview',
  'POST /api/v1/people/imports',
  'POST /api/v1/prospects/imports',
  'POST /api/v1/answers/library/imports',
];
const LARGE_JSON_BODIES = {
  'POST /api/v1/rfp/projects': 3 * MB,
  'POST /api/v1/copilot/analyze': 3 * MB,
  'POST /api/v1/knowledge/chat': 3 * MB,
};

/** JSON bodies capped below the 1 MB default: a browser's error report is a few KB of capped texts. */
const SMALL_JSON_BODIES = { 'POST /api/v1/client-errors': 16 * 1024 };

/** The methods that carry a body and change state: the ones the body and same-origin guards look at. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The routes that answer from the shared data, by the set they need loaded. */
const DATA_ROUTES: Record<DataSet, string[]> = {
  companies: [
    '/api/v1/companies',
    '/api/v1/companies/facets',
    '/api/v1/companies/match',
    '/api/v1/copilot/analyze',
    '/api/v1/copilot/messages',
  ],
  people: ['/api/v1/people', '/api/v1/people/facets'],
};

const requireData =
  (dataLoad: DataLoad, set: DataSet): MiddlewareHandler =>
  async (c, next) => {
    const state = dataLoad.state(set);
    if (state === 'ready') return next();
    const data = set === 'companies' ? 'company data' : 'people data';
    if (state === 'failed') {
      return c.json(
        errorBody('SERVICE_UNAVAILABLE', `The ${data} could not be loaded. The server log says why.`),
        503,
      );
    }
    c.header('retry-after', '5');
    return c.json(
      errorBody(
        'SERVICE_UNAVAILABLE',
        `The ${data} is still loading (first start of this server). Try again in a few seconds.`,
      ),
      503,
    );
  };

export function createApp(deps: AppDeps, site: StaticSite | null) {
  const app = new OpenAPIHono<AppEnv>({
    router: new RememberingRouter(),
    // zod validation failures of any route come back in our one error shape.
    defaultHook: (result, c) => {
      if (!result.success) {
        const failure = invalidRequest(result.error);
        return c.json(errorBody(failure.code, failure.message, failure.details), 400);
      }
    },
  });

  // One layer around every request: its id, its logger, its log line and its metrics (one timer for both).
  const metrics = createMetrics(deps);
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c);
    c.set('requestId', requestId);
    const logger = deps.logger.child({ reqId: requestId });
    c.set('logger', logger);
    await runInRequest({ reqId: requestId, route: () => loggableRoute(c) }, next);
    const seconds = (performance.now() - started) / 1000;
    const { method, path } = c.req;
    const status = c.res.status;
    metrics.observe(method, routePath(c), status, seconds);
    const ms = Math.round(seconds * 1000);
    const level = QUIET_PATHS.has(path) ? 'debug' : 'info';
    if (logger.isLevelEnabled(level)) {
      logger[level]({ method, path: loggablePath(path), status, ms }, 'request');
    }
    // Spec 1 §8-§9: over 1000 ms is slow, logged for developers with the route's template and no parameters.
    if (isSlow(ms, SLOW_REQUEST_MS))
      logger.warn({ method, route: loggableRoute(c), status, ms }, 'slow request');
  });
  // Before any route reads a body (Better Auth's included): its size first, then its text. The guards that
  // only concern a body or a change of state are not even passed by GET, HEAD and OPTIONS (most requests).
  app.on(
    BODY_METHODS,
    '*',
    bodyLimits({
      uploads: UPLOAD_ROUTES,
      json: { ...LARGE_JSON_BODIES, ...SMALL_JSON_BODIES },
    }),
  );
  app.use(textGuard());
  app.use('/api/*', compress());
  app.on(BODY_METHODS, '/api/*', sameOriginOnly(deps.config.publicUrl));

  for (const [from, to] of Object.entries(REDIRECTS)) {
    app.get(from, (c) => c.redirect(to, 302));
  }

  // Until the shared data of a first start is in, the searches over it say so (data-load.ts).
  for (const path of DATA_ROUTES.companies) app.use(path, requireData(deps.dataLoad, 'companies'));
  for (const path of DATA_ROUTES.people) app.use(path, requireData(deps.dataLoad, 'people'));

  // The filter values of the company data, read once for the company and people searches.
  const vocabulary = createVocabulary(deps.database.db);
  // Read now when the data is in; while it loads, once it is (reading both would read a million rows twice).
  if (deps.dataLoad.state('companies') === 'ready') vocabulary.warm();
  deps.dataLoad.onReady('companies', () => {
    vocabulary.forget();
    vocabulary.warm();
  });
  // The AI engine behind the copilot (built in, with our company data as its lexicon, or a model falling back
  // to it), or the caller's own provider when they saved one (Integrations > AI provider), falling back too.
  const ai = createEngine(
    deps.config.ai,
    {
      vocabulary: () => vocabulary.shared(),
      companyNames: () => knownCompanyNames(deps.database.db),
    },
    deps.logger,
  );
  const engine = callerEngine(ai.engine, deps.aiEngines, ai.withFallback);

  app.route('/', healthRoutes(deps, ai.health));
  app.route('/', diagnosticsRoutes(deps));
  metricsRoute(app, metrics, deps.config.metricsToken);
  app.route('/', jobsRoutes(deps));
  app.route('/', authRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', creditsRoutes(deps));
  app.route('/', paymentWebhookRoutes(deps));
  app.route('/', companyMatchRoutes(deps));
  app.route('/', companiesRoutes(deps, vocabulary));
  app.route('/', peopleRoutes(deps, vocabulary));
  app.route('/', privacyRoutes(deps));
  app.route('/', copilotRoutes(deps, vocabulary, engine));
  app.route('/', knowledgeDocumentRoutes(deps));
  app.route('/', knowledgeChatRoutes(deps, engine));
  app.route('/', answersRoutes(deps, engine));
  app.route('/', rfpRoutes(deps, engine));
  app.route('/', docgenRoutes(deps, engine));
  app.route('/', aiProviderRoutes(deps));
  app.route('/', prospectsRoutes(deps));
  app.route('/', buyerIntentRoutes(deps));
  app.route('/', projectsRoutes(deps));
  app.route('/', workflowRoutes(deps));
  app.route('/', eventsRoutes(deps));
  app.route('/', webhooksRoutes(deps));
  app.route('/', agentsRoutes(deps));
  app.route('/', apiKeysRoutes(deps));
  if (deps.config.env !== 'production') app.route('/', devMailboxRoutes(deps));

  // The generated document, with the API keys' scheme and the scope each operation needs (from one table).
  const openApiDocument = () =>
    withApiKeyAccess(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Prospector',
          version: deps.version,
          description: apiDescription(deps.config.publicUrl),
        },
      }),
    );
  app.get('/api/openapi.json', (c) => c.json(openApiDocument()));
  mountApiDocs(app, openApiDocument);
  // The architecture page lists the API routes from the same document.
  app.route('/', architectureRoutes(deps, openApiDocument));

  app.all('/api/*', (c) =>
    c.json(errorBody('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`), 404),
  );

  app.on(['GET', 'HEAD'], '*', (c) => {
    if (!site?.built) {
      return c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    const asset = site.asset(c.req.path);
    if (asset) return sendStatic(c, asset);
    const page = site.page(c.req.path);
    if (!page) return c.notFound();
    if (page.status === 404) c.get('logger').warn({ path: c.req.path }, 'page not found');
    return sendStatic(c, page.file, page.status);
  });

  app.notFound((c) => c.json(errorBody('NOT_FOUND', `Nothing at ${c.req.method} ${c.req.path}`), 404));

  app.onError((err, c) => {
    if (err instanceof AppError) {
      // A failure we named for the user (a charge that broke) still needs its cause in the log.
      if (err.status >= 500 && err.cause) c.get('logger').error({ err: err.cause }, err.message);
      return c.json(errorBody(err.code, err.message, err.details), err.status);
    }
    if (err instanceof SyntaxError && /JSON/.test(err.message)) {
      return c.json(errorBody('BAD_REQUEST', 'Malformed JSON in request body'), 400);
    }
    // The request validators refuse a body that is not JSON this way ('Malformed JSON in request body').
    if (err instanceof HTTPException && err.status === 400) {
      return c.json(errorBody('BAD_REQUEST', err.message || 'Bad request'), 400);
    }
    // ...and a body of another type than the route takes (JSON sent to a file upload).
    if (err instanceof HTTPException && err.status === 415) {
      return c.json(
        errorBody(
          'UNSUPPORTED_MEDIA_TYPE',
          'Unsupported Media Type: see /api/docs for the body this route takes',
        ),
        415,
      );
    }
    // The embedded database's thread was stuck and is being replaced: this request is lost, the next is not.
    if (isDatabaseUnavailable(err)) {
      c.header('retry-after', '5');
      return c.json(errorBody('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE), 503);
    }
    const logger = c.get('logger') ?? deps.logger;
    logger.error({ err, path: loggablePath(c.req.path) }, 'unhandled error');
    return c.json(internalErrorBody(c.get('requestId')), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
