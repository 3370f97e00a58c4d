import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('jobs_one_open_run_per_schedule')
      .on(t.scheduleName)
      .where(sql`${t.status} in ('queued', 'running')`),
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
