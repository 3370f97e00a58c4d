import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { COMPANY_SOURCES } from '../../../shared/companies.ts';
import { type FilterInput, validateFilters } from '../../../shared/filter-validator.ts';
import {
  DEPARTMENTS,
  NO_EMAIL_FOUND,
  NO_PHONE_FOUND,
  PEOPLE_SORTS,
  SENIORITIES,
} from '../../../shared/people.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { EXPORT_MAX_ROWS, exportQuote, exportRoutes, sendExport } from '../../http/csv-export.ts';
import { AppError } from '../../http/errors.ts';
import { error, filterValidationSchema, json, many } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { type AgentRun, recordAgentRun, searchSummary, summarize } from '../agents/executions.ts';
import { createSharedCache } from '../companies/search.ts';
import type { Vocabulary } from '../companies/vocabulary.ts';
import type { PayForRead } from '../credits/charger.ts';
import type { Charge } from '../credits/service.ts';
import {
  ENRICH_JOB,
  ENRICH_MAX_PEOPLE,
  type EnrichmentPayload,
  registerEnrichmentJob,
} from './enrichment.ts';
import { explainNoMatch } from './explain-no-match.ts';
import { PEOPLE_COLUMNS } from './export.ts';
import { findContactEmail, findContactPhone, withEmailFind } from './finders.ts';
import { peopleImportRoutes } from './import-routes.ts';
import {
  getSavedPerson,
  PERSON_NOT_FOUND,
  savedPersonChangeSchema,
  savePerson,
  unsavePerson,
} from './saved.ts';
import { countPeople, type PeopleQuery, peopleFacets, searchPeople } from './search.ts';

const SOURCE_IDS = [...Object.keys(COMPANY_SOURCES), 'synthetic'].filter(
  (source, i, all) => all.indexOf(source) === i,
) as [string, ...string[]];

const searchQuery = z
  .object({
    q: z.string().max(200, 'must be at most 200 characters').optional(),
    title: z.string().max(200, 'must be at most 200 characters').optional(),
    seniority: many(30).pipe(
      z.array(z.enum(SENIORITIES, { error: `must be one of ${SENIORITIES.join(', ')}` })),
    ),
    department: many(30).pipe(
      z.array(z.enum(DEPARTMENTS, { error: `must be one of ${DEPARTMENTS.join(', ')}` })),
    ),
    company: many(200),
    companyId: z.uuid({ error: 'must be a company id (UUID)' }).optional(),
    industry: many(100),
    size: many(100),
    region: many(100).openapi({
      description: 'Where the company is: a country, state or city, in any words',
    }),
    location: many(100).openapi({ description: 'Where the person is: a country, state or city' }),
    source: many(20).pipe(z.array(z.enum(SOURCE_IDS, { error: `must be one of ${SOURCE_IDS.join(', ')}` }))),
    myPeople: z.enum(['true', 'false']).optional(),
    myCompanies: z
      .enum(['true', 'false'])
      .optional()
      .openapi({ description: 'Only people at the companies of My Companies (key people)' }),
    sort: z.enum(PEOPLE_SORTS).default('relevance'),
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(25),
    cursor: z.string().max(1000).optional(),
  })
  // An unknown parameter is a mistake (a typo in a filter name), not something to ignore silently.
  .strict();

const personSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    title: z.string().nullable(),
    seniority: z.string().nullable(),
    department: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string().nullable(),
    hasEmail: z.boolean().openapi({ description: 'We hold an address (finding it is paid)' }),
    hasPhone: z.boolean().openapi({ description: 'We hold a number (finding it is paid)' }),
    email: z.string().nullable().openapi({ description: 'The address the caller found, else null' }),
    emailStatus: z.enum(['verified', 'guessed']).nullable(),
    emailConfidence: z.number().int().nullable(),
    phone: z.string().nullable().openapi({ description: 'The number the caller found, else null' }),
    emailFind: z.enum(['verified', 'guessed']).nullable().openapi({
      description:
        "What POST /api/v1/people/{id}/email gives now, by the finder's own logic: the address we hold (verified), one from the company's address pattern (guessed), or nothing (null)",
    }),
    source: z.string(),
    license: z.string(),
    imported: z.boolean(),
    saved: z.boolean(),
    company: z.object({
      id: z.uuid(),
      name: z.string(),
      domain: z.string().nullable(),
      industry: z.string().nullable(),
      size: z.string().nullable(),
      country: z.string().nullable(),
    }),
  })
  .openapi('Person');

const savedSchema = z
  .object({
    contactId: z.uuid(),
    notes: z.string(),
    tags: z.array(z.string()),
    savedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('SavedPerson');

/** An export: the search's filters (as JSON) or a selection of ids. */
const exportBody = searchQuery
  .omit({ cursor: true, limit: true })
  .extend({
    ids: z
      .array(z.uuid({ error: 'must be person ids (UUID)' }))
      .max(EXPORT_MAX_ROWS)
      .optional(),
  })
  .strict();

const enrichmentBody = z
  .object({
    ids: z
      .array(z.uuid({ error: 'must be person ids (UUID)' }))
      .min(1, 'must name at least one person')
      .max(ENRICH_MAX_PEOPLE, `must name at most ${ENRICH_MAX_PEOPLE} people`)
      .transform((ids) => [...new Set(ids)]),
    email: z.boolean().default(true),
    phone: z.boolean().default(false),
  })
  .strict()
  .refine((body) => body.email || body.phone, { message: 'Choose e-mail, phone or both', path: ['email'] });

const NOT_SAVED = 'Not in My People';

const noMatchSchema = z
  .object({
    reason: z.enum(['unknown_company', 'no_contacts', 'no_title', 'title_names_company']),
    message: z.string(),
    company: z.string(),
    closestTitles: z.array(z.object({ title: z.string(), count: z.number().int() })),
    suggestion: z.object({ title: z.string(), company: z.string() }).nullable(),
  })
  .openapi('PeopleNoMatch', {
    description:
      'Why a first page searching a title at a company found nobody: the company is not in your data, nobody is held there, or nobody there has the title (then the closest titles held there); or, with no company named, the title ends "at" a company we hold ("CISO at Microsoft": then the search meant, in `suggestion`). Null otherwise.',
  });

/** A finder's "nothing found": a normal answer (200), never charged. */
const notFound = (message: string) =>
  z.object({ found: z.literal(false), message: z.literal(message), creditsCharged: z.literal(0) });

const facetList = z.array(z.object({ value: z.string(), count: z.number().int() }));
const personId = z.object({ id: z.uuid({ error: 'must be a person id (UUID)' }) });
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };

const routes = {
  search: createRoute({
    method: 'get',
    path: '/api/v1/people',
    tags: ['People'],
    summary:
      'Search people: name, title in any spelling, seniority, department, company and its industry, size and place, location; keyset pages. The first page of a search with criteria costs a contact_discovery credit when it finds someone; the people of one company, of My Companies and of My People are free.',
    request: { query: searchQuery },
    responses: {
      200: json(
        z.object({
          people: z.array(personSchema),
          nextCursor: z.string().nullable(),
          filterValidation: filterValidationSchema,
          creditsCharged: z.number().int(),
          noMatch: noMatchSchema.nullable(),
        }),
        'A page of people',
      ),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
    },
  }),
  facets: createRoute({
    method: 'get',
    path: '/api/v1/people/facets',
    tags: ['People'],
    summary: 'Counts per seniority, department, company industry and country (each under the other filters)',
    request: { query: searchQuery },
    responses: {
      200: json(
        z.object({ seniority: facetList, department: facetList, industry: facetList, country: facetList }),
        'Facet counts',
      ),
      ...common,
    },
  }),
  save: createRoute({
    method: 'put',
    path: '/api/v1/people/{id}/saved',
    tags: ['People'],
    summary: 'Save a person to My People, or change their notes and tags',
    request: {
      params: personId,
      body: { content: { 'application/json': { schema: savedPersonChangeSchema } }, required: true },
    },
    responses: {
      201: json(savedSchema, 'Saved'),
      200: json(savedSchema, 'Updated'),
      ...common,
      404: error(PERSON_NOT_FOUND),
    },
  }),
  getSaved: createRoute({
    method: 'get',
    path: '/api/v1/people/{id}/saved',
    tags: ['People'],
    summary: "A person's My People entry (notes and tags)",
    request: { params: personId },
    responses: { 200: json(savedSchema, 'The entry'), ...common, 404: error(NOT_SAVED) },
  }),
  findEmail: createRoute({
    method: 'post',
    path: '/api/v1/people/{id}/email',
    tags: ['People'],
    summary:
      "Find a person's e-mail address: the one we hold (verified) or the company domain's pattern (guessed, with a confidence). Costs email_finder credits only when an address is found, once per person. Finding none is a normal answer: `found: false`, free. A person's `emailFind` in the search says beforehand which it will be.",
    request: { params: personId },
    responses: {
      200: json(
        z.union([
          z.object({
            found: z.literal(true),
            email: z.string(),
            status: z.enum(['verified', 'guessed']),
            confidence: z.number().int().min(0).max(100),
            creditsCharged: z.number().int(),
          }),
          notFound(NO_EMAIL_FOUND),
        ]),
        'The address, or none found',
      ),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
      404: error(PERSON_NOT_FOUND),
    },
  }),
  findPhone: createRoute({
    method: 'post',
    path: '/api/v1/people/{id}/phone',
    tags: ['People'],
    summary:
      "Find a person's phone number: only one we hold. Costs phone_finder credits only when a number is found, once per person. Finding none is a normal answer: `found: false`, free.",
    request: { params: personId },
    responses: {
      200: json(
        z.union([
          z.object({ found: z.literal(true), phone: z.string(), creditsCharged: z.number().int() }),
          notFound(NO_PHONE_FOUND),
        ]),
        'The number, or none found',
      ),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
      404: error(PERSON_NOT_FOUND),
    },
  }),
  enrich: createRoute({
    method: 'post',
    path: '/api/v1/people/enrichments',
    tags: ['People'],
    summary: `Find the e-mail addresses and/or phone numbers of up to ${ENRICH_MAX_PEOPLE} people, as a job. Follow it at /api/v1/jobs/{jobId}; its result counts requested, processed, emailsFound, phonesFound, notFound and creditsCharged, and says why it stopped early (credits ran out) in \`stopped\`. Each address or number found costs what the single finder costs, once per person; nothing found is free.`,
    request: { body: { content: { 'application/json': { schema: enrichmentBody } }, required: true } },
    responses: {
      202: json(
        z.object({
          jobId: z.uuid(),
          requested: z.number().int(),
          maxCredits: z.number().int().openapi({ description: 'The cost if everything is found' }),
        }),
        'Queued',
      ),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
    },
  }),
  unsave: createRoute({
    method: 'delete',
    path: '/api/v1/people/{id}/saved',
    tags: ['People'],
    summary: 'Remove a person from My People',
    request: { params: personId },
    responses: { 204: { description: 'Removed' }, ...common, 404: error(NOT_SAVED) },
  }),
};

type SearchParams = z.infer<typeof searchQuery>;

/** Whether the user asked for anything: only such a search is charged (browsing and next pages are free). */
const hasCriteria = (p: SearchParams) =>
  Boolean(p.q?.trim() || p.title?.trim() || p.companyId) ||
  [p.seniority, p.department, p.company, p.industry, p.size, p.region, p.location, p.source].some(
    (values) => values.length > 0,
  );

/** What a People Finder run was asked, for its record. */
const peopleSearchSummary = (p: SearchParams) =>
  searchSummary(p.q, {
    title: p.title,
    seniority: p.seniority,
    department: p.department,
    company: p.company,
    industry: p.industry,
    size: p.size,
    region: p.region,
    location: p.location,
    source: p.source,
  });

export function peopleRoutes(deps: AppDeps, vocabulary: Vocabulary) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  // The shared people's facet counts, a minute per criteria (see peopleFacets).
  const shared = createSharedCache();
  app.use('/api/v1/people', requireCaller(deps));
  app.use('/api/v1/people/*', requireCaller(deps));
  app.route('/', peopleImportRoutes(deps));

  /** The user's words become stored values (spec 3 §5); what matched nothing is reported, not searched. */
  async function toQuery(c: { var: AppEnv['Variables'] }, p: SearchParams) {
    const companyInputs = [
      ...p.industry.map((value): FilterInput => ({ kind: 'industry', value })),
      ...p.size.map((value): FilterInput => ({ kind: 'size', value })),
      ...p.region.map((value): FilterInput => ({ kind: 'region', value })),
    ];
    const locationInputs = p.location.map((value): FilterInput => ({ kind: 'region', value }));
    const vocabularyOfCaller = await vocabulary.forFilters(
      c.var.caller,
      companyInputs.length + locationInputs.length,
    );
    const companyFilters = validateFilters(companyInputs, vocabularyOfCaller);
    const location = validateFilters(locationInputs, vocabularyOfCaller);
    const company = companyFilters.validFilters;
    const where = location.validFilters;
    const query: PeopleQuery = {
      q: p.q,
      title: p.title,
      seniorities: p.seniority,
      departments: p.department,
      companies: p.company,
      companyId: p.companyId,
      industries: company.industries,
      sizes: company.companySizes,
      companyCountries: company.countries,
      companyRegions: company.regions,
      companyCities: company.cities,
      countries: where.countries,
      regions: where.regions,
      cities: where.cities,
      sources: p.source,
      savedOnly: p.myPeople === 'true',
      atSavedCompaniesOf: p.myCompanies === 'true' ? c.var.caller.id : undefined,
      sort: p.sort,
      limit: p.limit,
      cursor: p.cursor,
    };
    const filterValidation = {
      validFilters: { ...company, locations: [...where.countries, ...where.regions, ...where.cities] },
      invalidFilters: [...companyFilters.invalidFilters, ...location.invalidFilters],
      suggestions: [...companyFilters.suggestions, ...location.suggestions],
    };
    // Every filter of a kind failed: searching without it would show what the user excluded.
    const emptied =
      (p.industry.length > 0 && company.industries.length === 0) ||
      (p.size.length > 0 && company.companySizes.length === 0) ||
      (p.region.length > 0 &&
        company.countries.length + company.regions.length + company.cities.length === 0) ||
      (p.location.length > 0 && where.countries.length + where.regions.length + where.cities.length === 0);
    return { query, filterValidation, emptied };
  }

  app.openapi(routes.search, async (c) => {
    const params = c.req.valid('query');
    const { query, filterValidation, emptied } = await toQuery(c, params);
    if (emptied)
      return c.json(
        { people: [], nextCursor: null, filterValidation, creditsCharged: 0, noMatch: null },
        200,
      );
    const { caller } = c.var;
    // The people of a company page, of My Companies (key people) and of My People are the user's own accounts.
    const ownAccounts = query.savedOnly || Boolean(query.atSavedCompaniesOf || query.companyId);
    // A first page with criteria over the people data is one run of Jim.
    const paid = hasCriteria(params) && !ownAccounts && !params.cursor;
    const input = peopleSearchSummary(params);
    const run: AgentRun<{ charge: Charge | null }> | null = paid
      ? {
          agentId: 'jim',
          input,
          credits: (r) => r.charge?.creditsCharged ?? 0,
          recordedWithCharge: (r) => r.charge !== null,
        }
      : null;
    const started = performance.now();
    // As for companies: charged only when a search with criteria finds someone, by the statement that reads the
    // page, which records the run it pays for; the charge itself refuses (402) when the credits are not there.
    // The user's own accounts are free.
    const pay: PayForRead | undefined = paid
      ? (read) =>
          deps.credits.along(caller, 'contact_discovery', read, {
            agentId: 'jim',
            inputSummary: summarize(input),
            durationMs: performance.now() - started,
          })
      : undefined;
    const { charge, ...page } = await recordAgentRun(deps, caller.id, run, () =>
      searchPeople(db, caller, query, pay),
    );
    const people = await withEmailFind(db, caller, page.people);
    // A title at a company that finds nobody says why, and which titles there come closest (issue 25).
    const title = params.title?.trim();
    const noMatch =
      people.length === 0 && !params.cursor && title
        ? await explainNoMatch(db, caller, { title, companies: params.company, companyId: params.companyId })
        : null;
    return c.json(
      {
        people,
        nextCursor: page.nextCursor,
        filterValidation,
        creditsCharged: charge?.creditsCharged ?? 0,
        noMatch,
      },
      200,
    );
  });

  app.openapi(routes.facets, async (c) => {
    const { query, emptied } = await toQuery(c, c.req.valid('query'));
    if (emptied) return c.json({ seniority: [], department: [], industry: [], country: [] }, 200);
    return c.json(await peopleFacets(db, c.var.caller, query, shared), 200);
  });

  app.openapi(routes.save, async (c) => {
    const { saved, created } = await savePerson(
      db,
      c.var.caller,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return created ? c.json(saved, 201) : c.json(saved, 200);
  });

  app.openapi(routes.getSaved, async (c) => {
    const saved = await getSavedPerson(db, c.var.caller, c.req.valid('param').id);
    if (!saved) throw new AppError('NOT_FOUND', 404, NOT_SAVED);
    return c.json(saved, 200);
  });

  app.openapi(routes.findEmail, async (c) => {
    const found = await findContactEmail(db, deps.credits, c.var.caller, c.req.valid('param').id);
    if (!found) return c.json({ found: false, message: NO_EMAIL_FOUND, creditsCharged: 0 } as const, 200);
    return c.json({ found: true, ...found } as const, 200);
  });

  app.openapi(routes.findPhone, async (c) => {
    const found = await findContactPhone(db, deps.credits, c.var.caller, c.req.valid('param').id);
    if (!found) return c.json({ found: false, message: NO_PHONE_FOUND, creditsCharged: 0 } as const, 200);
    return c.json({ found: true, ...found } as const, 200);
  });

  /** The export's rows (capped), in the search's order. */
  async function exportQuery(c: { var: AppEnv['Variables'] }, body: z.infer<typeof exportBody>) {
    const { ids, ...params } = body;
    const { query, emptied } = await toQuery(c, { ...params, limit: EXPORT_MAX_ROWS, cursor: undefined });
    return { query: { ...query, ids }, emptied };
  }

  const exports = exportRoutes('people', 'People', exportBody);

  app.openapi(exports.quote, async (c) => {
    const { query, emptied } = await exportQuery(c, c.req.valid('json'));
    const found = emptied ? 0 : await countPeople(db, c.var.caller, query, EXPORT_MAX_ROWS + 1);
    return c.json(await exportQuote(deps, c, found), 200);
  });

  app.openapi(exports.export, async (c) => {
    const { query, emptied } = await exportQuery(c, c.req.valid('json'));
    return sendExport(deps, c, {
      list: 'people',
      one: 'person',
      expected: emptied ? 0 : await countPeople(db, c.var.caller, query, EXPORT_MAX_ROWS),
      rows: async () => (await searchPeople(db, c.var.caller, query)).people,
      columns: PEOPLE_COLUMNS,
    });
  });

  registerEnrichmentJob(deps.jobs, db, deps.credits);

  app.openapi(routes.enrich, async (c) => {
    const { caller } = c.var;
    const { ids, email, phone } = c.req.valid('json');
    // A user who cannot pay for a single find is told now, not after the job ran.
    const prices = await Promise.all(
      [email && 'email_finder', phone && 'phone_finder']
        .filter((activity) => activity !== false)
        .map(async (activity) => (await deps.credits.check(caller, activity, 1)).cost),
    );
    const payload: EnrichmentPayload = { caller, ids, lookup: { email, phone } };
    const job = await deps.jobs.enqueue(ENRICH_JOB, payload, { userId: caller.id });
    const perPerson = prices.reduce((sum, price) => sum + price, 0);
    return c.json({ jobId: job.id, requested: ids.length, maxCredits: perPerson * ids.length }, 202);
  });

  app.openapi(routes.unsave, async (c) => {
    const removed = await unsavePerson(db, c.var.caller, c.req.valid('param').id);
    if (!removed) throw new AppError('NOT_FOUND', 404, NOT_SAVED);
    return c.body(null, 204);
  });

  return app;
}
