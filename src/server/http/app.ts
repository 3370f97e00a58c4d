import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { REDIRECTS } from '../../shared/routes.ts';
import { createEngine } from '../ai/create-engine.ts';
import { callerEngine } from '../ai/user-engines.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { agentsRoutes } from '../features/agents/routes.ts';
import { workflowRoutes } from '../features/agents/workflow-routes.ts';
import { answersRoutes } from '../features/answers/routes.ts';
import { apiDescription, withApiKeyAccess } from '../features/api-keys/openapi.ts';
import { apiKeysRoutes } from '../features/api-keys/routes.ts';
import { architectureRoutes } from '../features/architecture/routes.ts';
import { authRoutes } from '../features/auth/routes.ts';
import { companiesRoutes } from '../features/companies/routes.ts';
import { createVocabulary } from '../features/companies/vocabulary.ts';
import { copilotRoutes } from '../features/copilot/routes.ts';
import { knownCompanyNames } from '../features/copilot/service.ts';
import { creditsRoutes } from '../features/credits/routes.ts';
import { paymentWebhookRoutes } from '../features/credits/webhook-routes.ts';
import { devMailboxRoutes } from '../features/dev/mailbox-routes.ts';
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
import { sameOriginOnly } from './same-origin.ts';
import { securityHeaders } from './security-headers.ts';
import { type StaticSite, sendStatic } from './static-site.ts';

/** Requests to these paths are logged at debug level: load balancers poll them constantly. */
const QUIET_PATHS = new Set(['/api/health']);

/** Paths whose last segment is a single-use token: the log shows the route, never the token. */
const TOKEN_PATH = /^(\/api\/auth\/reset-password\/|\/api\/v1\/auth\/reset-tokens\/)[^/]+$/;
const loggablePath = (path: string) => path.replace(TOKEN_PATH, '$1[token]');

export function createApp(deps: AppDeps, site: StaticSite | null) {
  const app = new OpenAPIHono<AppEnv>({
    // zod validation failures of any route come back in our one error shape.
    defaultHook: (result, c) => {
      if (!result.success) {
        const failure = invalidRequest(result.error);
        return c.json(errorBody(failure.code, failure.message, failure.details), 400);
      }
    },
  });

  app.use(requestId());
  app.use(async (c, next) => {
    const logger = deps.logger.child({ reqId: c.get('requestId') });
    c.set('logger', logger);
    const started = performance.now();
    await next();
    const level = QUIET_PATHS.has(c.req.path) ? 'debug' : 'info';
    logger[level](
      {
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(securityHeaders());
  app.use('/api/*', compress());
  app.use('/api/*', sameOriginOnly(deps.config.publicUrl));

  for (const [from, to] of Object.entries(REDIRECTS)) {
    app.get(from, (c) => c.redirect(to, 302));
  }

  app.route('/', healthRoutes(deps));
  app.route('/', jobsRoutes(deps));
  app.route('/', authRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', creditsRoutes(deps));
  app.route('/', paymentWebhookRoutes(deps));
  // The filter values of the company data, read once for the company and people searches.
  const vocabulary = createVocabulary(deps.database.db);
  vocabulary.warm();
  app.route('/', companiesRoutes(deps, vocabulary));
  app.route('/', peopleRoutes(deps, vocabulary));
  app.route('/', privacyRoutes(deps));
  // The AI engine behind the copilot (built in, with our company data as its lexicon, or a model), or the
  // caller's own provider when they saved one (Integrations > AI provider).
  const engine = callerEngine(
    createEngine(deps.config.ai, {
      vocabulary: () => vocabulary.shared(),
      companyNames: () => knownCompanyNames(deps.database.db),
    }),
    deps.aiEngines,
  );
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
    if (err instanceof AppError) return c.json(errorBody(err.code, err.message, err.details), err.status);
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
    const logger = c.get('logger') ?? deps.logger;
    logger.error({ err, path: loggablePath(c.req.path) }, 'unhandled error');
    return c.json(internalErrorBody(c.get('requestId')), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
