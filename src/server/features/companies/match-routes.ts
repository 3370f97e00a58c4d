import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  MATCH_MAX_LINE_LENGTH,
  MATCH_MAX_LINES,
  matchRequestSchema,
  matchResultSchema,
} from '../../../shared/company-match.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { matchCompanies } from './match.ts';

const PATH = '/api/v1/companies/match';

const match = createRoute({
  method: 'post',
  path: PATH,
  tags: ['Companies'],
  summary: `Research input: match up to ${MATCH_MAX_LINES} lines (company names, domains or web addresses, tickers; at most ${MATCH_MAX_LINE_LENGTH} characters each) to companies you can see, each with a confidence (0-100), the reason, and candidates to pick from when it is ambiguous or unmatched. Free: a lookup, like an import.`,
  request: { body: { content: { 'application/json': { schema: matchRequestSchema } }, required: true } },
  responses: {
    200: json(matchResultSchema, 'One match per line, in the order given'),
    400: error('Invalid input'),
    401: error('User not authenticated'),
  },
});

export function companyMatchRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use(PATH, requireCaller(deps));
  app.openapi(match, async (c) => {
    const { lines } = c.req.valid('json');
    return c.json({ matches: await matchCompanies(deps.database.db, c.var.caller, lines) }, 200);
  });
  return app;
}
