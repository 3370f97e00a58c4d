import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  COMPANY_SORTS,
  COMPANY_SOURCES,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE,
  RELAXABLE_FILTERS,
  type RelaxableFilter,
  TARGET_ACCOUNT_STATUSES,
} from '../../../shared/companies.ts';
import { type FilterInput, validateFilters } from '../../../shared/filter-validator.ts';
import { contentWords } from '../../ai/builtin/entities.ts';
import type { AppDeps, AppEnv, Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { EXPORT_MAX_ROWS, exportQuote, exportRoutes, sendExport } from '../../http/csv-export.ts';
import { AppError } from '../../http/errors.ts';
import { error, filterValidationSchema, int, json, many } from '../../http/openapi.ts';
import { checkMultipart } from '../../http/request-guards.ts';
import { requireCaller } from '../../http/session.ts';
import { type AgentRun, recordAgentRun, searchSummary, summarize } from '../agents/executions.ts';
import type { PayForRead } from '../credits/charger.ts';
import type { Charge } from '../credits/service.ts';
import { COMPANY_COLUMNS } from './export.ts';
import { decodeCsv, getImport, listImports, previewCsv, registerImportJob, startImport } from './imports.ts';
import { COMPANY_NOT_FOUND, saveAccount, unsaveAccount } from './saved.ts';
import {
  type CompanyQuery,
  companyFacets,
  countCompanies,
  createSharedCache,
  getCompany,
  MAX_CONCEPTS,
  searchCompanies,
} from './search.ts';
import type { Vocabulary } from './vocabulary.ts';

/** How far the size coverage of a search is counted. */
const SIZE_COVERAGE_CAP = 10_000;

/** `{ field: column }`: which CSV column fills which of our fields. */
const importMapping = z
  .partialRecord(
    z.enum(IMPORT_FIELDS, { error: `fields are ${IMPORT_FIELDS.join(', ')}` }),
    z.string().max(200),
  )
  .refine((m) => Object.keys(m).length > 0, 'map at least the name');

const SOURCE_IDS = Object.keys(COMPANY_SOURCES) as [string, ...string[]];

export const SEARCH_PAGE_SIZE = 25;

const searchQuery = z
  .object({
    q: z.string().max(200, 'must be at most 200 characters').optional(),
    // Named companies (the copilot's hand-off: "Tell me about Stripe"), found by their exact name in any case.
    name: many(200),
    // What the request is about, in the user's words (the copilot's hand-off: "payments software"): it orders
    // a search without free text, it filters nothing.
    about: z.string().max(200, 'must be at most 200 characters').optional(),
    industry: many(100),
    size: many(100),
    country: many(100),
    region: many(100),
    city: many(100),
    source: many(20).pipe(z.array(z.enum(SOURCE_IDS, { error: `must be one of ${SOURCE_IDS.join(', ')}` }))),
    foundedFrom: int(1600, 2100),
    foundedTo: int(1600, 2100),
    employeesMin: int(0, 10_000_000),
    employeesMax: int(0, 10_000_000),
    myCompanies: z.enum(['true', 'false']).optional(),
    // The sidebar link adds it (spec 3 §2); it only says where the user came from.
    sourcePage: z.string().max(40).optional(),
    sort: z.enum(COMPANY_SORTS).default('relevance'),
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(SEARCH_PAGE_SIZE),
    cursor: z.string().max(1000).optional(),
  })
  // An unknown parameter is a mistake (a typo in a filter name), not something to ignore silently.
  .strict();

const savedSchema = z
  .object({
    companyId: z.uuid(),
    notes: z.string(),
    tags: z.array(z.string()),
    status: z.enum(TARGET_ACCOUNT_STATUSES),
    savedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('SavedCompany');

const companySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    domain: z.string().nullable(),
    website: z.string().nullable(),
    primaryIndustry: z.string().nullable(),
    naicsCode: z.string().nullable(),
    subIndustry: z.string().nullable(),
    size: z.string().nullable(),
    employees: z.number().int().nullable(),
    country: z.string().nullable(),
    countryCode: z.string().nullable(),
    region: z.string().nullable(),
    city: z.string().nullable(),
    location: z.string().nullable(),
    foundedYear: z.number().int().nullable(),
    ticker: z.string().nullable(),
    exchange: z.string().nullable(),
    sicCode: z.string().nullable().openapi({ description: "A listed company's SEC SIC code" }),
    phone: z.string().nullable(),
    description: z.string().nullable(),
    fieldSources: z.record(z.string(), z.string()).openapi({
      description:
        'Which source gave which field, e.g. { "industry": "SEC SIC 7372 (Services-Prepackaged Software)" }',
    }),
    source: z.string(),
    license: z.string(),
    imported: z.boolean(),
    mergedWith: z
      .object({ id: z.uuid(), name: z.string(), source: z.string(), license: z.string() })
      .nullable()
      .openapi({
        description:
          'For an imported company: the company of our data it merged with (it filled the fields the file left empty)',
      }),
    saved: z.boolean(),
    fit: z
      .object({
        score: z.number().int().min(0).max(100),
        tier: z.enum(['A', 'B', 'C']),
        reason: z.string(),
        segmentId: z.string(),
      })
      .nullable()
      .openapi({ description: "Fit against the caller's active ICP segments; null without one" }),
    savedAccount: savedSchema
      .nullable()
      .openapi({ description: 'Its My Companies entry (notes, tags, status) when saved' }),
  })
  .openapi('Company');

const savedChange = z
  .object({
    notes: z.string().max(5000, 'must be at most 5000 characters').optional(),
    tags: z
      .array(z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'))
      .max(20, 'must have at most 20 tags')
      .transform((tags) => [...new Set(tags)])
      .optional(),
    status: z.enum(TARGET_ACCOUNT_STATUSES).optional(),
  })
  .strict();

/** An export: the search's filters (as JSON) or a selection of ids. */
const exportBody = searchQuery
  .omit({ cursor: true, limit: true })
  .extend({
    ids: z
      .array(z.uuid({ error: 'must be company ids (UUID)' }))
      .max(EXPORT_MAX_ROWS)
      .optional(),
  })
  .strict();

const importSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    totalRows: z.number().int(),
    importedRows: z.number().int(),
    duplicateRows: z.number().int(),
    errorRows: z.number().int(),
    errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
    jobId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .openapi('CompanyImport');

const companyId = z.object({ id: z.uuid({ error: 'must be a company id (UUID)' }) });
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };

const routes = {
  search: createRoute({
    method: 'get',
    path: '/api/v1/companies',
    tags: ['Companies'],
    summary:
      'Search companies: free text (full text and typo-tolerant names), filters checked by the filter validator, sort and keyset pages. The first page of a search with criteria costs a company_search credit when it finds something.',
    request: { query: searchQuery },
    responses: {
      200: json(
        z.object({
          companies: z.array(companySchema),
          nextCursor: z.string().nullable(),
          filterValidation: filterValidationSchema,
          sizeCoverage: z
            .object({
              matching: z.number().int(),
              knownSize: z.number().int(),
            })
            .nullable()
            .openapi({
              description: `With a size filter, when the first page is not full: how many companies match the other filters, and how many of those have a known size (a head count from a source), each counted up to ${SIZE_COVERAGE_CAP}. Sizes are known for few companies: a size filter leaves out every company without one.`,
            }),
          withoutFilters: z
            .array(z.object({ filters: z.array(z.enum(RELAXABLE_FILTERS)), count: z.number().int() }))
            .nullable()
            .openapi({
              description: `When a first page with two or more kinds of criteria found nothing: how many companies the search would find without each kind (${RELAXABLE_FILTERS.join(', ')}), or, when none of those finds any, without each two kinds; counted up to ${SIZE_COVERAGE_CAP}, only the searches that find something. Null otherwise.`,
            }),
          creditsCharged: z.number().int(),
        }),
        'A page of companies',
      ),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
    },
  }),
  facets: createRoute({
    method: 'get',
    path: '/api/v1/companies/facets',
    tags: ['Companies'],
    summary:
      'Counts per industry, size, country and source for the filter panel (each under the other filters)',
    request: { query: searchQuery },
    responses: {
      200: json(
        z.object({
          industry: z.array(z.object({ value: z.string(), count: z.number().int() })),
          size: z.array(z.object({ value: z.string(), count: z.number().int() })),
          country: z.array(z.object({ value: z.string(), count: z.number().int() })),
          source: z.array(z.object({ value: z.string(), count: z.number().int() })),
        }),
        'Facet counts',
      ),
      ...common,
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/companies/{idOrName}',
    tags: ['Companies'],
    summary: 'One company by id or exact name, with similar companies and its My Companies entry',
    request: { params: z.object({ idOrName: z.string().min(1).max(300) }) },
    responses: {
      200: json(companySchema.extend({ similar: z.array(companySchema) }), 'The company'),
      401: common[401],
      404: error(COMPANY_NOT_FOUND),
    },
  }),
  save: createRoute({
    method: 'put',
    path: '/api/v1/companies/{id}/saved',
    tags: ['Companies'],
    summary: 'Save a company to My Companies, or change its notes, tags and status',
    request: {
      params: companyId,
      body: { content: { 'application/json': { schema: savedChange } }, required: true },
    },
    responses: {
      201: json(savedSchema, 'Saved'),
      200: json(savedSchema, 'Updated'),
      ...common,
      404: error(COMPANY_NOT_FOUND),
    },
  }),
  importPreview: createRoute({
    method: 'post',
    path: '/api/v1/companies/imports/preview',
    tags: ['Companies'],
    summary:
      'Read a CSV (multipart field `file`): its columns, row count, first rows and a suggested mapping',
    request: { body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any() }) } } } },
    responses: {
      200: json(
        z.object({
          columns: z.array(z.string()),
          rows: z.number().int(),
          sample: z.array(z.record(z.string(), z.string())),
          suggestedMapping: z.record(z.string(), z.string()),
        }),
        'The preview',
      ),
      ...common,
      413: error(IMPORT_TOO_LARGE),
    },
  }),
  importStart: createRoute({
    method: 'post',
    path: '/api/v1/companies/imports',
    tags: ['Companies'],
    summary:
      'Import a CSV of your own accounts (multipart: `file`, and `mapping` as JSON {field: column}); runs as a job',
    request: {
      body: {
        content: {
          'multipart/form-data': { schema: z.object({ file: z.any(), mapping: z.string().optional() }) },
        },
      },
    },
    responses: { 202: json(importSchema, 'Queued'), ...common, 413: error(IMPORT_TOO_LARGE) },
  }),
  importList: createRoute({
    method: 'get',
    path: '/api/v1/companies/imports',
    tags: ['Companies'],
    summary: 'Your latest imports with their reports',
    responses: { 200: json(z.object({ imports: z.array(importSchema) }), 'Imports'), 401: common[401] },
  }),
  importGet: createRoute({
    method: 'get',
    path: '/api/v1/companies/imports/{id}',
    tags: ['Companies'],
    summary: "An import's status, counts and per-row errors (its job's progress is at /api/v1/jobs/{jobId})",
    request: { params: z.object({ id: z.uuid({ error: 'must be an import id (UUID)' }) }) },
    responses: { 200: json(importSchema, 'The import'), ...common, 404: error('Import not found') },
  }),
  unsave: createRoute({
    method: 'delete',
    path: '/api/v1/companies/{id}/saved',
    tags: ['Companies'],
    summary: 'Remove a company from My Companies',
    request: { params: companyId },
    responses: {
      204: { description: 'Removed' },
      ...common,
      404: error('Not in My Companies'),
    },
  }),
};

type SearchParams = z.infer<typeof searchQuery>;

/** The words of `about` that can rank a search: no repeats, at most MAX_CONCEPTS. */
const conceptWords = (about: string | undefined) =>
  [...new Set(contentWords(about ?? ''))].slice(0, MAX_CONCEPTS);

/** Whether the user asked for anything: only such a search is charged (browsing and next pages are free). */
const hasCriteria = (p: SearchParams) =>
  Boolean(p.q?.trim()) ||
  [p.name, p.industry, p.size, p.country, p.region, p.city, p.source].some((values) => values.length > 0) ||
  [p.foundedFrom, p.foundedTo, p.employeesMin, p.employeesMax].some((value) => value !== undefined);

/** What a Company Finder run was asked, for its record. */
const companySearchSummary = (p: SearchParams) =>
  searchSummary(p.q, {
    name: p.name,
    about: p.about,
    industry: p.industry,
    size: p.size,
    country: p.country,
    region: p.region,
    city: p.city,
    source: p.source,
    'founded from': p.foundedFrom,
    'founded to': p.foundedTo,
    'employees from': p.employeesMin,
    'employees to': p.employeesMax,
    'in My Companies': p.myCompanies === 'true',
  });

/** Whether a query has each kind of criteria, and the query without it. */
const KINDS: Record<
  RelaxableFilter,
  { has: (query: CompanyQuery) => boolean; without: (query: CompanyQuery) => CompanyQuery }
> = {
  words: { has: (q) => Boolean(q.q?.trim()), without: (q) => ({ ...q, q: undefined }) },
  industry: { has: (q) => q.industries.length > 0, without: (q) => ({ ...q, industries: [] }) },
  size: {
    has: (q) => q.sizes.length > 0 || q.employeesMin !== undefined || q.employeesMax !== undefined,
    without: (q) => ({ ...q, sizes: [], employeesMin: undefined, employeesMax: undefined }),
  },
  place: {
    has: (q) => q.countries.length + q.regions.length + q.cities.length > 0,
    without: (q) => ({ ...q, countries: [], regions: [], cities: [] }),
  },
  founded: {
    has: (q) => q.foundedFrom !== undefined || q.foundedTo !== undefined,
    without: (q) => ({ ...q, foundedFrom: undefined, foundedTo: undefined }),
  },
  source: { has: (q) => q.sources.length > 0, without: (q) => ({ ...q, sources: [] }) },
};

/** The kinds of criteria a query has (see RELAXABLE_FILTERS). */
const criteriaKinds = (query: CompanyQuery) => RELAXABLE_FILTERS.filter((kind) => KINDS[kind].has(query));

/**
 * How many companies each search without one of `kinds` finds (capped), or when none finds any, each search
 * without two of them ("fintech in Germany, 51-200": neither the size alone nor the industry alone is the
 * gap); the searches that find none left out.
 */
async function relaxations(db: Db, caller: Caller, query: CompanyQuery, kinds: RelaxableFilter[]) {
  const count = async (filters: RelaxableFilter[]) => ({
    filters,
    count: await countCompanies(
      db,
      caller,
      filters.reduce((q, kind) => KINDS[kind].without(q), query),
      SIZE_COVERAGE_CAP,
    ),
  });
  const found = async (sets: RelaxableFilter[][]) => {
    const counted = [];
    for (const filters of sets) counted.push(await count(filters));
    return counted.filter((c) => c.count > 0);
  };
  const singles = await found(kinds.map((kind) => [kind]));
  if (singles.length > 0 || kinds.length < 3) return singles;
  return found(kinds.flatMap((a, i) => kinds.slice(i + 1).map((b) => [a, b])));
}

export function companiesRoutes(deps: AppDeps, vocabulary: Vocabulary) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  const shared = createSharedCache();
  app.use('/api/v1/companies', requireCaller(deps));
  app.use('/api/v1/companies/*', requireCaller(deps));

  /** The user's words become stored values (spec 3 §5); what matched nothing is reported, not searched. */
  async function toQuery(c: { var: AppEnv['Variables'] }, p: SearchParams) {
    for (const [from, to] of [
      [p.foundedFrom, p.foundedTo],
      [p.employeesMin, p.employeesMax],
    ] as const) {
      if (from !== undefined && to !== undefined && from > to) {
        throw new AppError('VALIDATION_ERROR', 400, 'Invalid request: a range starts after it ends');
      }
    }
    const inputs: FilterInput[] = [
      ...p.industry.map((value) => ({ kind: 'industry' as const, value })),
      ...p.size.map((value) => ({ kind: 'size' as const, value })),
      ...[...p.country, ...p.region, ...p.city].map((value) => ({ kind: 'region' as const, value })),
    ];
    const validation = validateFilters(inputs, await vocabulary.forFilters(c.var.caller, inputs.length));
    const valid = validation.validFilters;
    const query: CompanyQuery = {
      q: p.q,
      names: p.name,
      about: conceptWords(p.about),
      industries: valid.industries,
      sizes: valid.companySizes,
      countries: valid.countries,
      regions: valid.regions,
      cities: valid.cities,
      sources: p.source,
      foundedFrom: p.foundedFrom,
      foundedTo: p.foundedTo,
      employeesMin: p.employeesMin,
      employeesMax: p.employeesMax,
      savedOnly: p.myCompanies === 'true',
      sort: p.sort,
      limit: p.limit,
      cursor: p.cursor,
    };
    const { details: _details, ...filterValidation } = validation;
    // Every filter of a kind failed: searching without it would show what the user excluded.
    const failedKinds = inputs.length > 0 && validation.invalidFilters.length > 0;
    const kindEmptied =
      failedKinds &&
      ((p.industry.length > 0 && valid.industries.length === 0) ||
        (p.size.length > 0 && valid.companySizes.length === 0) ||
        (p.country.length + p.region.length + p.city.length > 0 &&
          valid.countries.length + valid.regions.length + valid.cities.length === 0));
    return { query, filterValidation, kindEmptied };
  }

  app.openapi(routes.search, async (c) => {
    const params = c.req.valid('query');
    const { query, filterValidation, kindEmptied } = await toQuery(c, params);
    if (kindEmptied) {
      return c.json(
        {
          companies: [],
          nextCursor: null,
          filterValidation,
          sizeCoverage: null,
          withoutFilters: null,
          creditsCharged: 0,
        },
        200,
      );
    }
    const { caller } = c.var;
    // A first page with criteria is one run of Alex (browsing and next pages are not).
    const input = companySearchSummary(params);
    const run: AgentRun<{ charge: Charge | null }> | null =
      hasCriteria(params) && !params.cursor
        ? {
            agentId: 'alex',
            input,
            credits: (r) => r.charge?.creditsCharged ?? 0,
            recordedWithCharge: (r) => r.charge !== null,
          }
        : null;
    const started = performance.now();
    const page = await recordAgentRun(deps, caller.id, run, () => {
      // Charged only when a search with criteria finds something (Apollo's rule), by the statement that reads
      // the page, which records the run it pays for: one round trip. No check before it: the charge itself
      // refuses (402) when the credits are not there, so a user who cannot pay still sees nothing.
      // A search of the user's own imports shows nothing of ours, so it is free like My Companies.
      const ownOnly = params.source.length > 0 && params.source.every((source) => source === 'import');
      const pay: PayForRead | undefined =
        hasCriteria(params) && !ownOnly && !params.cursor
          ? (read) =>
              deps.credits.along(caller, 'company_search', read, {
                agentId: 'alex',
                inputSummary: summarize(input),
                durationMs: performance.now() - started,
              })
          : undefined;
      return searchCompanies(db, caller, query, shared, pay);
    });
    const { charge } = page;
    // A size filter over data with few known sizes: say how many companies it could find at all.
    // Counted only when the size left less than a page: a full page already answers the request, and the
    // two counts cost more than the search.
    const sizeFiltered =
      query.sizes.length > 0 || query.employeesMin !== undefined || query.employeesMax !== undefined;
    const unsized = { ...query, sizes: [], employeesMin: undefined, employeesMax: undefined };
    const sizeCoverage =
      sizeFiltered && !params.cursor && page.companies.length < query.limit
        ? {
            matching: await countCompanies(db, caller, unsized, SIZE_COVERAGE_CAP),
            knownSize: await countCompanies(db, caller, { ...unsized, sizeKnown: true }, SIZE_COVERAGE_CAP),
          }
        : null;
    // Nothing found under several kinds of criteria: what each one alone leaves out (Apollo's "try removing
    // a filter"), so the user sees which part of the request our data cannot answer.
    const kinds = criteriaKinds(query);
    const withoutFilters =
      !params.cursor && page.companies.length === 0 && !query.names?.length && kinds.length >= 2
        ? await relaxations(db, caller, query, kinds)
        : null;
    return c.json(
      {
        companies: page.companies,
        nextCursor: page.nextCursor,
        filterValidation,
        sizeCoverage,
        withoutFilters,
        creditsCharged: charge?.creditsCharged ?? 0,
      },
      200,
    );
  });

  app.openapi(routes.facets, async (c) => {
    const { query, kindEmptied } = await toQuery(c, c.req.valid('query'));
    if (kindEmptied) return c.json({ industry: [], size: [], country: [], source: [] }, 200);
    return c.json(await companyFacets(db, c.var.caller, query, shared), 200);
  });

  app.openapi(routes.save, async (c) => {
    const { saved, created } = await saveAccount(
      db,
      c.var.caller,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return created ? c.json(saved, 201) : c.json(saved, 200);
  });

  /** The export's rows (capped), in the search's order. */
  async function exportQuery(c: { var: AppEnv['Variables'] }, body: z.infer<typeof exportBody>) {
    const { ids, ...params } = body;
    const { query, kindEmptied } = await toQuery(c, { ...params, limit: EXPORT_MAX_ROWS, cursor: undefined });
    return { query: { ...query, ids }, kindEmptied };
  }

  const exports = exportRoutes('companies', 'Companies', exportBody);

  app.openapi(exports.quote, async (c) => {
    const { query, kindEmptied } = await exportQuery(c, c.req.valid('json'));
    const found = kindEmptied ? 0 : await countCompanies(db, c.var.caller, query, EXPORT_MAX_ROWS + 1);
    return c.json(await exportQuote(deps, c, found), 200);
  });

  app.openapi(exports.export, async (c) => {
    const { query, kindEmptied } = await exportQuery(c, c.req.valid('json'));
    return sendExport(deps, c, {
      list: 'companies',
      one: 'company',
      expected: kindEmptied ? 0 : await countCompanies(db, c.var.caller, query, EXPORT_MAX_ROWS),
      rows: async () => (await searchCompanies(db, c.var.caller, query)).companies,
      columns: COMPANY_COLUMNS,
    });
  });

  const importLimit = bodyLimit({
    // The file plus the multipart envelope and the mapping.
    maxSize: IMPORT_MAX_BYTES + 64 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 413, IMPORT_TOO_LARGE);
    },
  });
  app.use('/api/v1/companies/imports', importLimit);
  app.use('/api/v1/companies/imports/preview', importLimit);
  registerImportJob(deps.jobs, deps.database, vocabulary);

  /** The uploaded CSV as text (multipart field `file`). */
  async function uploadedCsv(c: Context<AppEnv>) {
    const form = await c.req.parseBody().catch(() => {
      throw new AppError('BAD_REQUEST', 400, 'Send the file as multipart/form-data in the field "file"');
    });
    checkMultipart(form);
    const file = form.file;
    if (!(file instanceof File)) {
      throw new AppError('VALIDATION_ERROR', 400, 'Send the file as multipart/form-data in the field "file"');
    }
    return {
      form,
      name: file.name || 'import.csv',
      text: decodeCsv(new Uint8Array(await file.arrayBuffer())),
    };
  }

  app.openapi(routes.importPreview, async (c) => c.json(previewCsv((await uploadedCsv(c)).text), 200));

  app.openapi(routes.importStart, async (c) => {
    const { form, name, text } = await uploadedCsv(c);
    let mapping: unknown;
    try {
      mapping = JSON.parse(typeof form.mapping === 'string' ? form.mapping : '');
    } catch {
      throw new AppError('VALIDATION_ERROR', 400, 'Send the column mapping as JSON in the field "mapping"');
    }
    const parsed = importMapping.safeParse(mapping);
    if (!parsed.success) {
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `Invalid mapping: ${parsed.error.issues[0]?.message ?? ''}`,
      );
    }
    return c.json(await startImport(db, deps.jobs, c.var.caller, { name, text }, parsed.data), 202);
  });

  app.openapi(routes.importList, async (c) => c.json({ imports: await listImports(db, c.var.caller) }, 200));

  app.openapi(routes.importGet, async (c) => {
    const found = await getImport(db, c.var.caller, c.req.valid('param').id);
    if (!found) throw new AppError('NOT_FOUND', 404, 'Import not found');
    return c.json(found, 200);
  });

  app.openapi(routes.unsave, async (c) => {
    const removed = await unsaveAccount(db, c.var.caller, c.req.valid('param').id);
    if (!removed) throw new AppError('NOT_FOUND', 404, 'Not in My Companies');
    return c.body(null, 204);
  });

  // Last: `{idOrName}` would otherwise take /imports and other fixed paths for a company's name.
  app.openapi(routes.get, async (c) => {
    const { caller } = c.var;
    const company = await getCompany(db, caller, c.req.valid('param').idOrName);
    if (!company) throw new AppError('NOT_FOUND', 404, COMPANY_NOT_FOUND);
    return c.json(company, 200);
  });

  return app;
}
