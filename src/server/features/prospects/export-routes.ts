import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ACCOUNT_HEALTH_LABELS,
  LIFECYCLE_LABELS,
  PROSPECT_STATUS_LABELS,
  type ProspectSummary,
  REVENUE_POTENTIAL_LABELS,
} from '../../../shared/prospects.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { type CsvColumns, csvOf, EXPORT_MAX_ROWS } from '../../http/csv-export.ts';
import { contentDisposition } from '../../http/download.ts';
import { error } from '../../http/openapi.ts';
import { listProspects } from './service.ts';

const COLUMNS: CsvColumns<ProspectSummary> = [
  ['Name', (p) => p.name],
  ['Company', (p) => p.company?.name ?? null],
  ['Status', (p) => PROSPECT_STATUS_LABELS[p.status]],
  ['Account health', (p) => ACCOUNT_HEALTH_LABELS[p.accountHealth]],
  ['Revenue potential', (p) => REVENUE_POTENTIAL_LABELS[p.revenuePotential]],
  ['Lifecycle', (p) => LIFECYCLE_LABELS[p.lifecyclePosition]],
  ['Revenue', (p) => p.revenue],
  ['Employees', (p) => p.employees],
  ['Location', (p) => p.location],
  ['CEO', (p) => p.ceo],
  ['Pipeline conservative (USD)', (p) => p.pipeline?.conservative ?? null],
  ['Pipeline realistic (USD)', (p) => p.pipeline?.realistic ?? null],
  ['Pipeline optimistic (USD)', (p) => p.pipeline?.optimistic ?? null],
  ['Momentum score', (p) => p.momentum?.velocityScore ?? null],
  ['Momentum trend', (p) => p.momentum?.momentumTrend ?? null],
  ['Report', (p) => p.reportName],
  ['Created', (p) => p.createdAt],
  ['Updated', (p) => p.updatedAt],
  ['Prospector id', (p) => p.id],
];

const route = createRoute({
  method: 'get',
  path: '/api/v1/prospects/export.csv',
  tags: ['Prospects'],
  summary: `All your prospects as CSV (at most ${EXPORT_MAX_ROWS}, by name), with their pipeline and momentum: for a CRM's import (Salesforce Data Import Wizard, HubSpot, Pipedrive). Free: it is your own pipeline`,
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
    401: error('User not authenticated'),
  },
});

/** The prospects' CSV export (mounted by the prospects routes, behind their sign-in, before `/{id}`). */
export function prospectExportRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(route, async (c) => {
    const { prospects } = await listProspects(deps.database.db, c.var.caller, {
      sort: 'name',
      limit: EXPORT_MAX_ROWS,
      offset: 0,
    });
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header(
      'content-disposition',
      contentDisposition(`prospects-${new Date().toISOString().slice(0, 10)}.csv`),
    );
    c.header('x-rows', String(prospects.length));
    return c.body(csvOf(COLUMNS, prospects), 200);
  });
  return app;
}
