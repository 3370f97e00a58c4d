import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgRole,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The one job queue: long work (imports, ingestion, bulk enrichment, billing cycles) runs from here. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    progress: smallint('progress').notNull().default(0),
    progressMessage: text('progress_message'),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Owner of the job when a user started it; system jobs (periodic) have none. */
    userId: uuid('user_id'),
    organizationId: uuid('organization_id'),
    /** Set for periodic jobs so that one schedule never has two runs queued at once. */
    scheduleName: text('schedule_name'),
    /** The work a job does, when at most one job may do it at a time (queued or running). */
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('jobs_one_open_run_per_schedule')
      .on(t.scheduleName)
      .where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex('jobs_one_open_run_per_key').on(t.uniqueKey).where(sql`${t.status} in ('queued', 'running')`),
    check('jobs_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

/** Periodic jobs: the worker enqueues `type` every `intervalSeconds`, at most one run outstanding. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull().default({}),
  intervalSeconds: integer('interval_seconds').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: updatedAt(),
});

/** NAICS 2022 industry codes (reference data, seeded from the Census Bureau list). */
export const industryCodes = pgTable(
  'industry_codes',
  {
    code: text('code').primaryKey(),
    title: text('title').notNull(),
    /** Number of digits: 2 = sector ... 6 = national industry. */
    level: smallint('level').notNull(),
    parentCode: text('parent_code'),
  },
  (t) => [index('industry_codes_parent_idx').on(t.parentCode)],
);

/**
 * The role the application's user-scoped queries run as (`SET LOCAL ROLE`, see db/user-scope.ts): row-level
 * security applies to it, so a query that forgets its WHERE still sees only the caller's rows. The role is
 * created by the migration itself (drizzle-kit would not create a cluster-wide role idempotently).
 */
export const appUserRole = pgRole('prospector_app').existing();

/** The signed-in caller's id inside a user-scoped transaction. */
const callerId = sql`nullif(current_setting('app.user_id', true), '')::uuid`;

// Better Auth's tables (user, session, account, verification), plural names; properties keep its field names.
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'credential' for e-mail + password, else the sign-in provider's id. */
    providerId: text('provider_id').notNull(),
    accountId: text('account_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** argon2id hash (PHC string) for the credential account. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** E-mail verification and password-reset tokens (single use, with an expiry). */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Spec 1 §3: one row per user with onboarding state, the company and the ideal customer profile. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    companyName: text('company_name'),
    companyWebsite: text('company_website'),
    companyIndustry: text('company_industry'),
    /** What the user sells, in their words. */
    offering: text('offering'),
    /** `{ segments: IcpSegment[], summary: string }` (src/shared/profile.ts). */
    idealCustomerProfile: jsonb('ideal_customer_profile').notNull().default({ segments: [], summary: '' }),
    /**
     * The demo knowledge library (issue 8 point 6): null until the user first opens the knowledge base, then
     * 'loaded', or 'removed' when the user took it out (so it is never loaded again unasked).
     */
    knowledgeDemo: text('knowledge_demo', { enum: ['loaded', 'removed'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pgPolicy('user_profiles_owner', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.userId} = ${callerId}`,
      withCheck: sql`${t.userId} = ${callerId}`,
    }),
  ],
).enableRLS();

/**
 * Every e-mail the product sends. Without SMTP_URL this table is the outbox (read at /dev/mailbox); with it,
 * `sent_at` records delivery.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

/** Fixed-window counters for abuse limits (per IP, per e-mail), shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
});

/** The addresses a user signed in from (issue 21): they are not held back by guesses from elsewhere. */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sign_in_addresses_pk', columns: [t.userId, t.ip] })],
);

/** Server-wide settings kept in the database so every instance agrees (e.g. the generated auth secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Spec 2 §3 `user_credits`: one credit account per user; remaining = total - used, never below zero. */
export const userCredits = pgTable(
  'user_credits',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planType: text('plan_type').notNull(),
    totalCredits: integer('total_credits').notNull(),
    usedCredits: integer('used_credits').notNull().default(0),
    billingCycleStart: timestamp('billing_cycle_start', { withTimezone: true }).notNull(),
    billingCycleEnd: timestamp('billing_cycle_end', { withTimezone: true }).notNull(),
    /** `usedCredits` counts the usage since then: the last roll-over (an upgrade restarts the cycle, not the count). */
    usedSince: timestamp('used_since', { withTimezone: true }).notNull().defaultNow(),
    /** A downgrade waits for the end of the cycle (both FAQs). */
    pendingPlanType: text('pending_plan_type'),
    /** Bits of the usage alerts already sent this cycle: 1 = 80 %, 2 = 100 %. */
    alertsSent: smallint('alerts_sent').notNull().default(0),
    /** Automatic top-up (spec 2 §5), opt-in: buy this package when fewer than `autoTopUpBelow` credits remain. */
    autoTopUpPackageId: text('auto_top_up_package_id'),
    autoTopUpBelow: integer('auto_top_up_below'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'user_credits_used_within_total',
      sql`${t.usedCredits} >= 0 and ${t.usedCredits} <= ${t.totalCredits}`,
    ),
    pgPolicy('user_credits_owner', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.userId} = ${callerId}`,
      withCheck: sql`${t.userId} = ${callerId}`,
    }),
  ],
).enableRLS();

/** Spec 2 §3 `credit_pricing`: what one unit of each activity costs. */
export const creditPricing = pgTable(
  'credit_pricing',
  {
    activityType: text('activity_type').primaryKey(),
    creditsRequired: integer('credits_required').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check('credit_pricing_positive', sql`${t.creditsRequired} > 0`)],
);

/** Spec 2 §3 `credit_transactions`: the ledger. Amounts are positive; the type says which way they count. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionType: text('transaction_type').notNull(),
    activityType: text('activity_type'),
    creditsAmount: integer('credits_amount').notNull(),
    description: text('description').notNull(),
    /** A purchase's idempotency key: a retried or double-clicked purchase finds the first one. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    /**
     * The order rows were written in: a roll-over writes its expiry and its grant within one millisecond, the
     * finest clock the embedded database has, so the time alone cannot order them.
     */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
  },
  (t) => [
    index('credit_transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_transactions_idempotency').on(t.userId, t.idempotencyKey),
    pgPolicy('credit_transactions_owner', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.userId} = ${callerId}`,
      withCheck: sql`${t.userId} = ${callerId}`,
    }),
  ],
).enableRLS();

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Spec 3 §3 `company_master`: the companies Alex searches. Rows without an owner are the shared data (real
 * sources, or synthetic rows for benchmarks); a row with an owner is that user's import and only they see it.
 */
/**
 * How well known a company is, for ordering only (never shown as its size): its head count where a source
 * gives one, else an S&P 500 member counts as a large company and a listed one as a mid-sized one. One
 * expression for the indexes and the searches (search.ts), which must match it exactly to use them.
 */
export const prominence = (c: { employees: SQLWrapper; source: SQLWrapper; ticker: SQLWrapper }) =>
  sql`coalesce(${c.employees}, case when ${c.source} = 'sp500' then 50000 when ${c.ticker} is not null then 1000 else 0 end)`;

export const companyMaster = pgTable(
  'company_master',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: text('domain'),
    website: text('website'),
    primaryIndustry: text('primary_industry'),
    naicsCode: text('naics_code'),
    subIndustry: text('sub_industry'),
    /** An employee-range label of COMPANY_SIZES. */
    size: text('size'),
    employees: integer('employees'),
    /** The country's English name; `country_code` is its ISO 3166-1 alpha-2 code. */
    country: text('country'),
    countryCode: text('country_code'),
    region: text('region'),
    city: text('city'),
    /** 'City, Region, Country' as shown. */
    location: text('location'),
    foundedYear: smallint('founded_year'),
    ticker: text('ticker'),
    exchange: text('exchange'),
    cik: text('cik'),
    /** The SEC's Standard Industrial Classification code of a listed company. */
    sicCode: text('sic_code'),
    phone: text('phone'),
    description: text('description'),
    /** Which source said what, by field (`industry: 'SEC SIC 7372 (...)'`), as the company page shows it. */
    fieldSources: jsonb('field_sources').$type<Record<string, string>>().notNull().default({}),
    /** Where the row came from (COMPANY_SOURCES) and the licence it is used under. */
    source: text('source').notNull(),
    license: text('license').notNull(),
    importId: uuid('import_id'),
    /**
     * An imported row only: the shared company it was merged with at import (same domain, else same name), whose
     * values fill the fields the user left empty. Its owner sees the company once: their row, not the shared one.
     */
    mergedCompanyId: uuid('merged_company_id').references((): AnyPgColumn => companyMaster.id, {
      onDelete: 'set null',
    }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(primary_industry, '') || ' ' || coalesce(sub_industry, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Text search and sorted pages run over the shared rows without the application role (see search.ts:
    // under row-level security PostgreSQL cannot use an index for `@@` or `<%`, and a user's own rows are
    // found by owner), so these indexes hold the shared rows only: an import does not have to update them.
    index('company_master_search_idx').using('gin', t.searchVector).where(sql`${t.ownerId} is null`),
    index('company_master_name_trgm_idx')
      .using('gin', t.name.op('gin_trgm_ops'))
      .where(sql`${t.ownerId} is null`),
    index('company_master_name_idx').on(t.name, t.id).where(sql`${t.ownerId} is null`),
    // A company page's address is its name, in any case; a people search names its companies the same way
    // ("CTO at Hughes & Bennett Group"). Every row, the user's own included: partial, the index was left out
    // of a people search's join (which does not say whose companies), and a title + company search read every
    // contact with the title (0.8 s at 5M contacts instead of 1 ms).
    index('company_master_lower_name_idx').on(sql`lower(${t.name})`),
    // An import's rows are matched by name to the real companies only (REAL_SOURCES, import-merge.ts): a
    // million synthetic benchmark rows neither slow the match down nor are merged into a user's company. In
    // code point order whatever the database's collation, for its ranges of names starting with a word.
    index('company_master_real_name_idx')
      .on(sql`lower(${t.name}) collate "C"`)
      .where(sql`${t.ownerId} is null and ${t.source} in ('sp500', 'sec', 'yc', 'yago')`),
    index('company_master_industry_idx').on(t.primaryIndustry),
    // The filter panel over the shared rows, answered from the index alone: a search by industry, size and
    // country sorted by name, and the facet counts under an industry (see search.ts).
    index('company_master_panel_idx')
      .on(t.primaryIndustry, t.size, t.country, t.source, t.name, t.id)
      .where(sql`${t.ownerId} is null`),
    // A search without words lists the best-known companies first (search.ts PROMINENCE): in that order straight
    // from an index, alone or under an industry and a country.
    index('company_master_prominence_idx').on(prominence(t), t.id).where(sql`${t.ownerId} is null`),
    index('company_master_industry_prominence_idx')
      .on(t.primaryIndustry, t.country, prominence(t), t.id)
      .where(sql`${t.ownerId} is null`),
    index('company_master_size_idx').on(t.size),
    index('company_master_place_idx').on(t.country, t.region, t.city),
    index('company_master_employees_idx').on(t.employees, t.id).where(sql`${t.ownerId} is null`),
    index('company_master_founded_idx').on(t.foundedYear, t.id).where(sql`${t.ownerId} is null`),
    index('company_master_source_idx').on(t.source),
    index('company_master_owner_idx').on(t.ownerId),
    index('company_master_domain_idx').on(sql`lower(${t.domain})`),
    // Imports are few: a shared row's delete finds the imports merged with it (on delete set null) from this.
    index('company_master_merged_idx').on(t.mergedCompanyId).where(sql`${t.mergedCompanyId} is not null`),
    pgPolicy('company_master_shared_or_owner', {
      for: 'select',
      to: appUserRole,
      using: sql`${t.ownerId} is null or ${t.ownerId} = ${callerId}`,
    }),
    pgPolicy('company_master_owner_writes', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.ownerId} = ${callerId}`,
      withCheck: sql`${t.ownerId} = ${callerId}`,
    }),
  ],
).enableRLS();

/** Spec 3 `saved_target_accounts`: the user's My Companies, with their notes, tags and status. */
export const savedTargetAccounts = pgTable(
  'saved_target_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companyMaster.id, { onDelete: 'cascade' }),
    notes: text('notes').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_target_accounts_user_company').on(t.userId, t.companyId),
    index('saved_target_accounts_user_idx').on(t.userId, t.createdAt),
    pgPolicy('saved_target_accounts_owner', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.userId} = ${callerId}`,
      withCheck: sql`${t.userId} = ${callerId}`,
    }),
  ],
).enableRLS();

/** Spec 3 `prospect_scores`: a company's fit (0-100, tier A/B/C, the reason) against the user's ICP. */
export const prospectScores = pgTable(
  'prospect_scores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companyMaster.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    tier: text('tier').notNull(),
    reason: text('reason').notNull(),
    /** The ICP segment that scored best, if any. */
    segmentId: text('segment_id'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    check('prospect_scores_range', sql`${t.score} between 0 and 100`),
    pgPolicy('prospect_scores_owner', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.userId} = ${callerId}`,
      withCheck: sql`${t.userId} = ${callerId}`,
    }),
  ],
).enableRLS();

/** A CSV import of the user's own accounts: its file until processed, its column mapping and its report. */
export const companyImports = pgTable(
  'company_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    /** The CSV text; cleared once the import has finished. */
    content: text('content'),
    /** Our field -> the CSV's column header. */
    mapping: jsonb('mapping').notNull().default({}),
    totalRows: integer('total_rows').notNull().default(0),
    importedRows: integer('imported_rows').notNull().default(0),
    duplicateRows: integer('duplicate_rows').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    /** The first per-row errors: `{ row, message }[]`. */
    errors: jsonb('errors').notNull().default([]),
    jobId: uuid('job_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('company_imports_user_idx').on(t.userId, t.createdAt),
    pgPolicy('company_imports_owner', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.userId} = ${callerId}`,
      withCheck: sql`${t.userId} = ${callerId}`,
    }),
  ],
).enableRLS();

// ---------------------------------------------------------------------------------------------------------
// People (issue 6): the contacts Jim searches, the user's saved people, and the people removed at their request
// ---------------------------------------------------------------------------------------------------------

/**
 * Spec 3 `company_contacts`: people at the companies of `company_master`. Rows without an owner are the shared
 * data (Y Combinator founders, synthetic contacts for benchmarks); a row with an owner is that user's import.
 * A title search matches `title_normalized` (see src/shared/people.ts), so "VP Sales" finds "Vice President of
 * Sales".
 */
export const companyContacts = pgTable(
  'company_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companyMaster.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    fullName: text('full_name').notNull(),
    /** As the source gives it. */
    title: text('title'),
    titleNormalized: text('title_normalized'),
    seniority: text('seniority'),
    department: text('department'),
    /** An address the source holds (verified in our data); found or guessed addresses are not stored. */
    email: text('email'),
    phone: text('phone'),
    linkedinUrl: text('linkedin_url'),
    country: text('country'),
    countryCode: text('country_code'),
    region: text('region'),
    city: text('city'),
    source: text('source').notNull(),
    license: text('license').notNull(),
    /**
     * The company's industry and size, copied by a trigger (migration 0012) when the row is written and when
     * the company changes: a title search with company filters then reads one index, not a join per person.
     */
    companyIndustry: text('company_industry'),
    companySize: text('company_size'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(full_name, '')), 'A') || setweight(to_tsvector('simple', coalesce(title_normalized, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('company_contacts_company_idx').on(t.companyId),
    index('company_contacts_owner_idx').on(t.ownerId),
    index('company_contacts_email_idx').on(sql`lower(${t.email})`),
    // Shared rows are searched without the application role, as companies are (see companies/search.ts).
    index('company_contacts_search_idx').using('gin', t.searchVector).where(sql`${t.ownerId} is null`),
    index('company_contacts_name_idx').on(t.fullName, t.id).where(sql`${t.ownerId} is null`),
    index('company_contacts_role_idx')
      .on(t.seniority, t.department, t.fullName, t.id)
      .where(sql`${t.ownerId} is null`),
    // company_contacts_title_idx (title_normalized, id) INCLUDE (company_industry, company_size, seniority,
    // department, country) WHERE owner_id IS NULL is made in migration 0012: drizzle cannot declare INCLUDE.
    // A title search reads each matching title's people from it in id order (see people/search.ts), or from
    // company_contacts_title_size_idx (title_normalized, company_size, company_industry, id) INCLUDE
    // (seniority, department, country), made in migration 0013, when it filters by the company's size; the
    // facets count from the latter.
    pgPolicy('company_contacts_shared_or_owner', {
      for: 'select',
      to: appUserRole,
      using: sql`${t.ownerId} is null or ${t.ownerId} = ${callerId}`,
    }),
    pgPolicy('company_contacts_owner_writes', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.ownerId} = ${callerId}`,
      withCheck: sql`${t.ownerId} = ${callerId}`,
    }),
  ],
).enableRLS();

/** Spec 3 `saved_key_people`: the user's My People, with their notes, tags and status. */
export const savedKeyPeople = pgTable(
  'saved_key_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => companyContacts.id, { onDelete: 'cascade' }),
    notes: text('notes').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_key_people_user_contact').on(t.userId, t.contactId),
    index('saved_key_people_user_idx').on(t.userId, t.createdAt),
    pgPolicy('saved_key_people_owner', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.userId} = ${callerId}`,
      withCheck: sql`${t.userId} = ${callerId}`,
    }),
  ],
).enableRLS();

/**
 * People removed from the shared data at their request (privacy law's right to erasure). A load, an import of
 * shared data or a regeneration skips every person whose key is here, so a removal lasts. The key is the
 * lower-cased e-mail address, or the person's name key at the company's name key when we hold no address.
 */
export const contactSuppressions = pgTable('contact_suppressions', {
  personKey: text('person_key').primaryKey(),
  reason: text('reason').notNull().default('request'),
  createdAt: createdAt(),
});

/**
 * What a user has found with the e-mail and phone finders (paid once): shown to them from then on, in
 * searches and on the contact, without paying again.
 */
export const contactReveals = pgTable(
  'contact_reveals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => companyContacts.id, { onDelete: 'cascade' }),
    email: text('email'),
    /** 'verified' (an address we hold for this person) or 'guessed' (the domain's pattern). */
    emailStatus: text('email_status', { enum: ['verified', 'guessed'] }),
    emailConfidence: smallint('email_confidence'),
    emailFoundAt: timestamp('email_found_at', { withTimezone: true }),
    phone: text('phone'),
    phoneFoundAt: timestamp('phone_found_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contactId] }),
    pgPolicy('contact_reveals_owner', {
      for: 'all',
      to: appUserRole,
      using: sql`${t.userId} = ${callerId}`,
      withCheck: sql`${t.userId} = ${callerId}`,
    }),
  ],
).enableRLS();

/**
 * Requests to remove a person from the shared people data (privacy law's right to erasure), made by the
 * person on the public page and confirmed from their mailbox. Only the token's hash is kept; the record of a
 * confirmed request (what it removed, when) is the proof the request was honoured.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    company: text('company'),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    removedPeople: integer('removed_people'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('privacy_requests_token_idx').on(t.tokenHash)],
);

/** The policy of a table whose rows belong to one user (`user_id`). */
const ownedBy = (name: string, userId: Parameters<typeof sql>[1]) =>
  pgPolicy(name, {
    for: 'all',
    to: appUserRole,
    using: sql`${userId} = ${callerId}`,
    withCheck: sql`${userId} = ${callerId}`,
  });

const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Spec 3 `saved_reports`: a list of prospects ('Default Copilot Report' holds those the copilot creates). */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    name: text('name').notNull(),
    industry: text('industry'),
    targetProspects: integer('target_prospects').notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_reports_user_name').on(t.userId, t.name),
    ownedBy('saved_reports_owner', t.userId),
  ],
).enableRLS();

/** Spec 3 `saved_prospects`, with spec 3 §4's defaults for a new prospect. */
export const savedProspects = pgTable(
  'saved_prospects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    reportId: uuid('report_id').references(() => savedReports.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companyMaster.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    revenue: text('revenue').notNull().default('Unknown'),
    employees: text('employees').notNull().default('Unknown'),
    location: text('location').notNull().default('Unknown'),
    ceo: text('ceo').notNull().default('Unknown'),
    status: text('status').notNull().default('qualified'),
    accountHealth: text('account_health').notNull().default('high-engagement'),
    revenuePotential: text('revenue_potential').notNull().default('high-value-targets'),
    lifecyclePosition: text('lifecycle_position').notNull().default('onboarding'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One prospect per company name and user: the copilot finds before it creates.
    uniqueIndex('saved_prospects_user_name').on(t.userId, sql`lower(${t.name})`),
    index('saved_prospects_user_idx').on(t.userId, t.createdAt),
    ownedBy('saved_prospects_owner', t.userId),
  ],
).enableRLS();

/** Spec 3 `revenue_forecasts`: three scenarios in whole dollars, per prospect and timeline. */
export const revenueForecasts = pgTable(
  'revenue_forecasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    prospectId: uuid('prospect_id')
      .notNull()
      .references(() => savedProspects.id, { onDelete: 'cascade' }),
    timelineDays: integer('timeline_days').notNull().default(120),
    conservativeAmount: bigint('conservative_amount', { mode: 'number' }).notNull().default(0),
    realisticAmount: bigint('realistic_amount', { mode: 'number' }).notNull().default(0),
    optimisticAmount: bigint('optimistic_amount', { mode: 'number' }).notNull().default(0),
    confidencePercentage: integer('confidence_percentage').notNull().default(75),
    isUserEdited: boolean('is_user_edited').notNull().default(false),
    methodology: text('methodology'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('revenue_forecasts_prospect_timeline').on(t.prospectId, t.timelineDays),
    ownedBy('revenue_forecasts_owner', t.userId),
  ],
).enableRLS();

/** Spec 3 `deal_momentum`: computed from the prospect's activity unless the user overrode it. */
export const dealMomentum = pgTable(
  'deal_momentum',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    prospectId: uuid('prospect_id')
      .notNull()
      .references(() => savedProspects.id, { onDelete: 'cascade' }),
    velocityScore: integer('velocity_score').notNull(),
    momentumTrend: text('momentum_trend').notNull(),
    progressPercentage: integer('progress_percentage').notNull(),
    benchmarkComparison: text('benchmark_comparison'),
    insight: text('insight'),
    isManualOverride: boolean('is_manual_override').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per prospect, upserted whenever an activity is logged (spec 3 §7 "upsert with updated_at").
    uniqueIndex('deal_momentum_prospect_key').on(t.prospectId),
    ownedBy('deal_momentum_owner', t.userId),
  ],
).enableRLS();

/** What happened to a prospect (status changes, forecast edits, documents, RFPs): the input of momentum. */
export const prospectActivities = pgTable(
  'prospect_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    prospectId: uuid('prospect_id')
      .notNull()
      .references(() => savedProspects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('prospect_activities_prospect_idx').on(t.prospectId, t.createdAt),
    ownedBy('prospect_activities_owner', t.userId),
  ],
).enableRLS();

/** A copilot conversation, kept on the server so it follows the user to another browser. */
export const copilotSessions = pgTable(
  'copilot_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('copilot_sessions_user_idx').on(t.userId, t.updatedAt),
    ownedBy('copilot_sessions_owner', t.userId),
  ],
).enableRLS();

/** A message of a copilot conversation; an assistant reply keeps the analysis or the command behind it. */
export const copilotMessages = pgTable(
  'copilot_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => copilotSessions.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    analysis: jsonb('analysis'),
    createdAt: createdAt(),
  },
  (t) => [
    index('copilot_messages_session_idx').on(t.sessionId, t.createdAt),
    ownedBy('copilot_messages_owner', t.userId),
  ],
).enableRLS();

/** Spec 3 "Workflow state", server-side (mirrored in the browser's `agent_workflow_state`). */
export const agentWorkflowState = pgTable(
  'agent_workflow_state',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: jsonb('state').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [ownedBy('agent_workflow_state_owner', t.userId)],
).enableRLS();

// ---------------------------------------------------------------------------------------------------------
// Knowledge base (issue 8; spec 3 §3): documents, their passages, and the graph of entities and relationships
// drawn from them, each row pointing back to the passages it came from.
// ---------------------------------------------------------------------------------------------------------

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Spec 3 `document_references`: one uploaded document and where its processing stands. The original lives in
 * `document_files` so that listing documents never reads their bytes.
 */
export const documentReferences = pgTable(
  'document_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the original, hex: the same file uploaded again is the same document. */
    checksum: text('checksum').notNull(),
    /** 'upload', or 'demo' for the library a new workspace starts with (removable in one click). */
    sourceType: text('source_type', { enum: ['upload', 'demo'] })
      .notNull()
      .default('upload'),
    status: text('status', { enum: ['queued', 'processing', 'indexed', 'failed'] })
      .notNull()
      .default('queued'),
    /** What processing is doing now: extracting, chunking, extracting entities, linking, indexed. */
    stage: text('stage').notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    pageCount: integer('page_count'),
    chunkCount: integer('chunk_count').notNull().default(0),
    jobId: uuid('job_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One document per file name and user: uploading a changed file replaces what the old one contributed.
    uniqueIndex('document_references_user_filename').on(t.userId, t.filename),
    index('document_references_user_created_idx').on(t.userId, t.createdAt),
    check('document_references_progress_range', sql`${t.progress} between 0 and 100`),
    ownedBy('document_references_owner', t.userId),
  ],
).enableRLS();

/** The original bytes of a document, in the database so that every server instance can serve them. */
export const documentFiles = pgTable(
  'document_files',
  {
    documentId: uuid('document_id')
      .primaryKey()
      .references(() => documentReferences.id, { onDelete: 'cascade' }),
    userId: userRef(),
    content: bytea('content').notNull(),
  },
  (t) => [ownedBy('document_files_owner', t.userId)],
).enableRLS();

/** A passage of a document: what retrieval finds and what an answer cites (with its page or heading path). */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documentReferences.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    /** The heading path ("Access Control > Multi-factor Authentication"), or null where the format has none. */
    section: text('section'),
    /** The PDF page the passage starts on (1-based). */
    page: integer('page'),
    text: text('text').notNull(),
    /** The path's first heading (the document's title) weighted A, the headings below it C, the text B. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', split_part(coalesce(section, ''), ' > ', 1)), 'A') || setweight(to_tsvector('english', regexp_replace(coalesce(section, ''), '^[^>]*(> )?', '')), 'C') || setweight(to_tsvector('english', text), 'B')`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_chunks_document_ordinal').on(t.documentId, t.ordinal),
    // With the user first (btree_gin), a search reads only the caller's passages holding the words.
    index('document_chunks_search_idx').using('gin', t.userId, t.searchVector),
    index('document_chunks_user_idx').on(t.userId),
    ownedBy('document_chunks_owner', t.userId),
  ],
).enableRLS();

/**
 * How many of a user's passages hold each word (lexeme of the english search vector): the rarity the chat
 * weighs a question's words by, kept as passages are written and removed so a question does not count it
 * over every passage.
 */
export const knowledgeWordCounts = pgTable(
  'knowledge_word_counts',
  {
    userId: userRef(),
    lexeme: text('lexeme').notNull(),
    passages: integer('passages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lexeme] }), ownedBy('knowledge_word_counts_owner', t.userId)],
).enableRLS();

/** Spec 3 `knowledge_entities`: one canonical entity per user, type and canonical name, merged across documents. */
export const knowledgeEntities = pgTable(
  'knowledge_entities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** How it is shown: the most frequent spelling ("Acme Corporation"). */
    name: text('name').notNull(),
    /** The merge key ("acme" for "Acme Corp" and "Acme Corporation"). */
    canonicalName: text('canonical_name').notNull(),
    entityType: text('entity_type', {
      enum: ['organization', 'person', 'product', 'technology', 'place', 'money', 'date', 'term'],
    }).notNull(),
    mentionCount: integer('mention_count').notNull().default(0),
    documentCount: integer('document_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('knowledge_entities_user_key').on(t.userId, t.entityType, t.canonicalName),
    index('knowledge_entities_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    ownedBy('knowledge_entities_owner', t.userId),
  ],
).enableRLS();

/** Spec 3 `knowledge_relationships`: two entities found together, the phrase linking them, weighted by evidence. */
export const knowledgeRelationships = pgTable(
  'knowledge_relationships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    sourceEntityId: uuid('source_entity_id')
      .notNull()
      .references(() => knowledgeEntities.id, { onDelete: 'cascade' }),
    targetEntityId: uuid('target_entity_id')
      .notNull()
      .references(() => knowledgeEntities.id, { onDelete: 'cascade' }),
    /** The linking phrase, normalised ("implements", "is required for"), or 'mentioned with'. */
    relation: text('relation').notNull(),
    /** How many passages say so. */
    weight: integer('weight').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('knowledge_relationships_user_key').on(
      t.userId,
      t.sourceEntityId,
      t.targetEntityId,
      t.relation,
    ),
    index('knowledge_relationships_target_idx').on(t.targetEntityId),
    ownedBy('knowledge_relationships_owner', t.userId),
  ],
).enableRLS();

/** Spec 3 `entity_document_refs`: where an entity is mentioned (the evidence it stands on). */
export const entityDocumentRefs = pgTable(
  'entity_document_refs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => knowledgeEntities.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documentReferences.id, { onDelete: 'cascade' }),
    chunkId: uuid('chunk_id')
      .notNull()
      .references(() => documentChunks.id, { onDelete: 'cascade' }),
    mentionCount: integer('mention_count').notNull().default(1),
  },
  (t) => [
    uniqueIndex('entity_document_refs_entity_chunk').on(t.entityId, t.chunkId),
    index('entity_document_refs_chunk_idx').on(t.chunkId),
    index('entity_document_refs_document_idx').on(t.documentId),
    ownedBy('entity_document_refs_owner', t.userId),
  ],
).enableRLS();

/** Spec 3 `relationship_document_refs`: the passages a relationship was read from, with the sentence. */
export const relationshipDocumentRefs = pgTable(
  'relationship_document_refs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    relationshipId: uuid('relationship_id')
      .notNull()
      .references(() => knowledgeRelationships.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documentReferences.id, { onDelete: 'cascade' }),
    chunkId: uuid('chunk_id')
      .notNull()
      .references(() => documentChunks.id, { onDelete: 'cascade' }),
    phrase: text('phrase').notNull(),
  },
  (t) => [
    uniqueIndex('relationship_document_refs_relationship_chunk').on(t.relationshipId, t.chunkId),
    index('relationship_document_refs_chunk_idx').on(t.chunkId),
    index('relationship_document_refs_document_idx').on(t.documentId),
    ownedBy('relationship_document_refs_owner', t.userId),
  ],
).enableRLS();

// Sales Q&A, RFP responses and document generation (issue 9) ------------------------------------------------

/**
 * The answer library (Sales Q&A): approved question/answer pairs that take precedence over the knowledge base
 * when a question matches one, and that RFP drafts use first. `answer` is Markdown.
 */
export const answerLibrary = pgTable(
  'answer_library',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    category: text('category').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Who answers for the entry (a name; the creator's until teams exist). */
    owner: text('owner').notNull(),
    /** Where it came from: written in the library, approved in an RFP, or answered from the review list. */
    origin: text('origin', { enum: ['library', 'rfp', 'review'] })
      .notNull()
      .default('library'),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The question weighs most; the answer's words find it too. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', answer), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('answer_library_search_idx').using('gin', t.userId, t.searchVector),
    index('answer_library_question_trgm_idx').using('gin', t.question.op('gin_trgm_ops')),
    index('answer_library_user_idx').on(t.userId, t.updatedAt),
    ownedBy('answer_library_owner', t.userId),
  ],
).enableRLS();

/** Thumbs up or down on an answer Sales Q&A gave, shown to the owner of the library entry it came from. */
export const answerFeedback = pgTable(
  'answer_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    entryId: uuid('entry_id').references(() => answerLibrary.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('answer_feedback_entry_idx').on(t.entryId),
    index('answer_feedback_user_idx').on(t.userId, t.createdAt),
    check('answer_feedback_rating', sql`${t.rating} in (-1, 1)`),
    ownedBy('answer_feedback_owner', t.userId),
  ],
).enableRLS();

/** Questions Sales Q&A could not answer, sent for review (the user's own list until teams exist). */
export const answerReviews = pgTable(
  'answer_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    question: text('question').notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'answered', 'dismissed'] })
      .notNull()
      .default('open'),
    /** The library entry that answers it, once answered. */
    entryId: uuid('entry_id').references(() => answerLibrary.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('answer_reviews_user_idx').on(t.userId, t.status, t.createdAt),
    ownedBy('answer_reviews_owner', t.userId),
  ],
).enableRLS();

/** An RFP or security questionnaire being answered, with its original file (exports write back into it). */
export const rfpProjects = pgTable(
  'rfp_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    title: text('title').notNull(),
    /** Who issued it (the prospect). */
    issuer: text('issuer'),
    deadline: timestamp('deadline', { withTimezone: true }),
    sourceFilename: text('source_filename'),
    /** csv, xlsx, docx, pdf, markdown, text, vsaq, or pasted. */
    sourceFormat: text('source_format').notNull(),
    sourceFile: bytea('source_file'),
    /** Where the questions and answers sit in a CSV or XLSX file (sheet, header row, columns). */
    sourceLayout: jsonb('source_layout'),
    /** The running or last "draft all" job. */
    draftJobId: uuid('draft_job_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('rfp_projects_user_idx').on(t.userId, t.updatedAt), ownedBy('rfp_projects_owner', t.userId)],
).enableRLS();

/** One question of an RFP project, its drafted or written answer (Markdown) and where that came from. */
export const rfpQuestions = pgTable(
  'rfp_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => rfpProjects.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    /** The questionnaire's own number or id ("3.2", "application_name"). */
    ref: text('ref'),
    section: text('section'),
    text: text('text').notNull(),
    answer: text('answer').notNull().default(''),
    sources: jsonb('sources').notNull().default([]),
    /** 0-100: how sure the draft is (a library match, or how much of the question the passages hold). */
    confidence: smallint('confidence'),
    /** Why the draft has its confidence, in one line (shown beside it); empty for a hand-written answer. */
    confidenceReason: text('confidence_reason').notNull().default(''),
    status: text('status', { enum: ['draft', 'needs_review', 'approved'] })
      .notNull()
      .default('draft'),
    answerOrigin: text('answer_origin', { enum: ['library', 'knowledge', 'manual'] }),
    libraryEntryId: uuid('library_entry_id').references(() => answerLibrary.id, { onDelete: 'set null' }),
    assignee: text('assignee'),
    /** Where the question sits in its CSV or XLSX file (sheet and row), for the export back into it. */
    location: jsonb('location'),
    draftedAt: timestamp('drafted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Who is drafting it now (a job's id, or a regenerate request's token), so one draft is charged once. */
    draftingBy: text('drafting_by'),
    draftingSince: timestamp('drafting_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rfp_questions_project_ordinal').on(t.projectId, t.ordinal),
    check('rfp_questions_confidence_range', sql`${t.confidence} between 0 and 100`),
    ownedBy('rfp_questions_owner', t.userId),
  ],
).enableRLS();

/** A comment on an RFP question (reviewers discussing an answer). */
export const rfpComments = pgTable(
  'rfp_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => rfpQuestions.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('rfp_comments_question_idx').on(t.questionId, t.createdAt),
    ownedBy('rfp_comments_owner', t.userId),
  ],
).enableRLS();

/** A sales document generated from a template (Markdown), with the facts it cites and what it lacked. */
export const generatedDocuments = pgTable(
  'generated_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    template: text('template').notNull(),
    title: text('title').notNull(),
    companyId: uuid('company_id').references(() => companyMaster.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    contactId: uuid('contact_id').references(() => companyContacts.id, { onDelete: 'set null' }),
    prospectId: uuid('prospect_id').references(() => savedProspects.id, { onDelete: 'set null' }),
    markdown: text('markdown').notNull(),
    sources: jsonb('sources').notNull().default([]),
    missing: jsonb('missing').notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('generated_documents_user_idx').on(t.userId, t.updatedAt),
    ownedBy('generated_documents_owner', t.userId),
  ],
).enableRLS();

/**
 * Spec 3 `agent_executions`: one run of an agent by a user (a search, an answer, a draft, a document), with
 * what it was asked, what it cost and how long it took. The agent pages show measured figures from here.
 */
export const agentExecutions = pgTable(
  'agent_executions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** An id of the agent catalogue (src/shared/agents.ts). */
    agentId: text('agent_id').notNull(),
    /** What the run was asked, short ("fintech in Germany, 50-200 employees"). */
    inputSummary: text('input_summary').notNull(),
    credits: integer('credits').notNull().default(0),
    durationMs: integer('duration_ms').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('agent_executions_user_idx').on(t.userId, t.agentId, t.createdAt),
    check('agent_executions_credits', sql`${t.credits} >= 0`),
    ownedBy('agent_executions_owner', t.userId),
  ],
).enableRLS();

/** A sales project: the companies, people, prospects, documents, RFPs and generated documents of a deal or campaign. */
export const salesProjects = pgTable(
  'sales_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['planning', 'active', 'on_hold', 'won', 'lost', 'archived'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sales_projects_user_idx').on(t.userId, t.updatedAt),
    ownedBy('sales_projects_owner', t.userId),
  ],
).enableRLS();

/** One thing added to a sales project; `refId` is the id of the company, person, prospect, document, RFP or generated document. */
export const salesProjectItems = pgTable(
  'sales_project_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => salesProjects.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['company', 'person', 'prospect', 'document', 'rfp', 'generated_document'],
    }).notNull(),
    refId: uuid('ref_id').notNull(),
    /** The item's name when it was added (shown if the item itself was deleted since). */
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sales_project_items_unique').on(t.projectId, t.kind, t.refId),
    ownedBy('sales_project_items_owner', t.userId),
  ],
).enableRLS();

/** A note on a sales project (newest first on its page). */
export const salesProjectNotes = pgTable(
  'sales_project_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => salesProjects.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sales_project_notes_project_idx').on(t.projectId, t.createdAt),
    ownedBy('sales_project_notes_owner', t.userId),
  ],
).enableRLS();

/**
 * What happened in a user's account (a prospect created, a status changed, a document processed, an RFP
 * completed, credits running low): the events timeline reads it, and webhooks deliver it.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** prospect.created, prospect.status_changed, document.processed, rfp.completed, credits.low, ... */
    type: text('type').notNull(),
    /** What it is about: a prospect, document, rfp, project, ... and its id. */
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    /** One line a person reads ("Berlin Ledger moved from qualified to at-risk"). */
    summary: text('summary').notNull(),
    /** The event's data as a webhook sends it. */
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_events_user_idx').on(t.userId, t.createdAt),
    index('activity_events_subject_idx').on(t.userId, t.subjectType, t.subjectId),
    ownedBy('activity_events_owner', t.userId),
  ],
).enableRLS();

/**
 * A key for the public REST API: shown once, stored as a SHA-256 hash (keys are long random strings, so a
 * slow hash adds nothing), limited to its scopes, revocable. Looked up by hash before the caller is known.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    name: text('name').notNull(),
    /** The key's first characters, shown in the list so a user can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_unique').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    ownedBy('api_keys_owner', t.userId),
  ],
).enableRLS();

/** An outgoing webhook: the events it wants and where to send them, signed with its secret (kept encrypted). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId, t.createdAt), ownedBy('webhooks_owner', t.userId)],
).enableRLS();

/** One delivery of an event to a webhook: each attempt's outcome, the next retry, the target's answer. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => activityEvents.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    /** The start of the target's answer (at most 2,000 characters). */
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    ownedBy('webhook_deliveries_owner', t.userId),
  ],
).enableRLS();

/**
 * Spec 3 `user_integrations`: a user's settings of one integration (the AI provider: base URL and model in
 * `config`, the key encrypted). One row per user and kind.
 */
export const userIntegrations = pgTable(
  'user_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    kind: text('kind', { enum: ['ai_provider'] }).notNull(),
    config: jsonb('config').notNull().default({}),
    secretEncrypted: text('secret_encrypted'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_integrations_kind_unique').on(t.userId, t.kind),
    ownedBy('user_integrations_owner', t.userId),
  ],
).enableRLS();
