/**
 * The SQL behind buyer intent: the caller's signal rows (read under row-level security, in the caller's
 * transaction), and the companies they name. Every read starts from the caller's own rows and is capped, so
 * the company master (many thousands of rows) is only ever looked up by id or by an indexed name pattern.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** The most rows read from one kind of signal: far more than a page shows, and a bound on the work. */
export const ROWS_PER_SOURCE = 1000;
/** Organisations of the knowledge base considered (the most-documented first). */
const ENTITIES_MAX = 500;
/** Activity older than this weighs less than 1/500 of a fresh one and is not read. */
const ACTIVITY_DAYS = 180;

type Timestamp = Date | string;

export type MentionRow = {
  canonical: string;
  entityName: string;
  documentId: string;
  title: string;
  filename: string;
  mentions: number;
  chunkId: string;
  documentAt: Timestamp;
};

/**
 * Each organisation entity and each uploaded document that mentions it, with the number of mentions and the
 * first passage. The demo library a workspace starts with is not the user's material and does not count.
 */
export const mentionRows = (tx: Db, userId: string) =>
  queryRows<MentionRow>(
    tx,
    sql`with orgs as (
          select id, name, canonical_name from knowledge_entities
          where user_id = ${userId}::uuid and entity_type = 'organization'
          order by document_count desc, id limit ${ENTITIES_MAX}
        )
        select e.canonical_name as canonical, e.name as "entityName", d.id as "documentId", d.title, d.filename,
          sum(r.mention_count)::int as mentions,
          (array_agg(r.chunk_id order by c.ordinal))[1] as "chunkId", d.created_at as "documentAt"
        from orgs e
        join entity_document_refs r on r.entity_id = e.id
        join document_chunks c on c.id = r.chunk_id
        join document_references d on d.id = r.document_id and d.source_type = 'upload'
        group by e.canonical_name, e.name, d.id, d.title, d.filename, d.created_at
        limit ${ROWS_PER_SOURCE * 5}`,
  );

export type SavedRow = { companyId: string; at: Timestamp };

export const savedCompanyRows = (tx: Db, userId: string) =>
  queryRows<SavedRow>(
    tx,
    sql`select company_id as "companyId", created_at as at from saved_target_accounts
        where user_id = ${userId}::uuid order by created_at desc limit ${ROWS_PER_SOURCE}`,
  );

export type ProspectRow = {
  id: string;
  name: string;
  companyId: string | null;
  status: string;
  createdAt: Timestamp;
  /** Changes since it was created (status, details, forecasts, momentum), and the last one's time. */
  updates: number;
  lastUpdateAt: Timestamp | null;
};

export const prospectRows = (tx: Db, userId: string) =>
  queryRows<ProspectRow>(
    tx,
    sql`select p.id, p.name, p.company_id as "companyId", p.status, p.created_at as "createdAt",
          count(a.id)::int as updates, max(a.created_at) as "lastUpdateAt"
        from saved_prospects p
        left join prospect_activities a on a.prospect_id = p.id
          and a.kind not in ('created', 'document_generated')
          and a.created_at > now() - make_interval(days => ${ACTIVITY_DAYS})
        where p.user_id = ${userId}::uuid
        group by p.id
        order by p.updated_at desc limit ${ROWS_PER_SOURCE}`,
  );

export type ProjectItemRow = {
  companyId: string;
  projectId: string;
  projectName: string;
  at: Timestamp;
};

/** Companies added to a sales project, directly or as a prospect of theirs. */
export const projectItemRows = (tx: Db, userId: string) =>
  queryRows<ProjectItemRow>(
    tx,
    sql`select coalesce(case when i.kind = 'company' then i.ref_id end, sp.company_id) as "companyId",
          p.id as "projectId", p.name as "projectName", i.created_at as at
        from sales_project_items i
        join sales_projects p on p.id = i.project_id
        left join saved_prospects sp on i.kind = 'prospect' and sp.id = i.ref_id
        where i.user_id = ${userId}::uuid and i.kind in ('company', 'prospect')
          and coalesce(case when i.kind = 'company' then i.ref_id end, sp.company_id) is not null
        order by i.created_at desc limit ${ROWS_PER_SOURCE}`,
  );

export type PersonRow = {
  companyId: string;
  contactId: string;
  name: string;
  title: string | null;
  action: 'saved' | 'found';
  at: Timestamp;
};

/** People saved to My People, and people whose e-mail or phone the user found, with their company. */
export const personRows = (tx: Db, userId: string) =>
  queryRows<PersonRow>(
    tx,
    sql`select * from (
          select c.company_id as "companyId", c.id as "contactId", c.full_name as name, c.title,
            'saved' as action, s.created_at as at
          from saved_key_people s join company_contacts c on c.id = s.contact_id
          where s.user_id = ${userId}::uuid
          union all
          select c.company_id, c.id, c.full_name, c.title, 'found',
            greatest(r.email_found_at, r.phone_found_at)
          from contact_reveals r join company_contacts c on c.id = r.contact_id
          where r.user_id = ${userId}::uuid and coalesce(r.email_found_at, r.phone_found_at) is not null
        ) people
        order by at desc limit ${ROWS_PER_SOURCE}`,
  );

export type GeneratedRow = {
  id: string;
  title: string;
  companyId: string | null;
  companyName: string | null;
  at: Timestamp;
};

/** Generated documents for a company (directly, or through the prospect they were written for). */
export const generatedRows = (tx: Db, userId: string) =>
  queryRows<GeneratedRow>(
    tx,
    sql`select g.id, g.title, coalesce(g.company_id, p.company_id) as "companyId",
          coalesce(g.company_name, p.name) as "companyName", g.created_at as at
        from generated_documents g left join saved_prospects p on p.id = g.prospect_id
        where g.user_id = ${userId}::uuid
          and (g.company_id is not null or g.company_name is not null or p.id is not null)
        order by g.created_at desc limit ${ROWS_PER_SOURCE}`,
  );

export type RfpRow = { id: string; title: string; issuer: string; at: Timestamp };

export const rfpRows = (tx: Db, userId: string) =>
  queryRows<RfpRow>(
    tx,
    sql`select id, title, issuer, created_at as at from rfp_projects
        where user_id = ${userId}::uuid and coalesce(trim(issuer), '') <> ''
        order by created_at desc limit ${ROWS_PER_SOURCE}`,
  );

export type EventRow = {
  id: string;
  type: string;
  summary: string;
  companyId: string | null;
  at: Timestamp;
};

/**
 * Events about a company: its subject, or a `companyId` in its data. Events whose subject is a prospect, a
 * document, an RFP, a generated document or a project are already counted from those rows and are not read twice.
 */
export const eventRows = (tx: Db, userId: string) =>
  queryRows<EventRow>(
    tx,
    sql`select id, type, summary,
          case when subject_type = 'company' then subject_id::text else data->>'companyId' end as "companyId",
          created_at as at
        from activity_events
        where user_id = ${userId}::uuid and created_at > now() - make_interval(days => ${ACTIVITY_DAYS})
          and (subject_type = 'company'
            or (data ? 'companyId' and coalesce(subject_type, '') not in
              ('prospect', 'document', 'rfp', 'generated_document', 'project')))
        order by created_at desc limit ${ROWS_PER_SOURCE}`,
  );

export type AgentRunRow = { id: string; agentId: string; inputSummary: string; at: Timestamp };

export const agentRunRows = (tx: Db, userId: string) =>
  queryRows<AgentRunRow>(
    tx,
    sql`select id, agent_id as "agentId", input_summary as "inputSummary", created_at as at
        from agent_executions
        where user_id = ${userId}::uuid and status = 'succeeded'
          and created_at > now() - make_interval(days => ${ACTIVITY_DAYS})
        order by created_at desc limit ${ROWS_PER_SOURCE}`,
  );

export const icpOf = async (tx: Db, userId: string) =>
  (
    await queryRows<{ icp: unknown }>(
      tx,
      sql`select ideal_customer_profile as icp from user_profiles where user_id = ${userId}::uuid`,
    )
  )[0]?.icp;

// --- companies by name ---------------------------------------------------------------------------------------

/** A name to find: its organisation key and a LIKE pattern that every name with that key matches. */
export type NameProbe = { key: string; pattern: string };
export type NamedCompany = { key: string; id: string; name: string };

/** How many companies one pattern may bring back for the exact key check (shortest names first). */
const PER_PATTERN = 25;

const probeValues = (probes: readonly NameProbe[]) =>
  sql.join(
    probes.map((p) => sql`(${p.key}, ${p.pattern})`),
    sql`, `,
  );

/**
 * Shared companies whose name matches a probe's pattern, read on the connection's own role with
 * `owner_id is null` in the statement (as the company search does): the trigram index then answers each
 * pattern, where under the application role every row would be read.
 */
export function sharedCompaniesLike(
  db: Db,
  probes: readonly NameProbe[],
): Promise<(NamedCompany & { pattern: string })[]> {
  if (probes.length === 0) return Promise.resolve([]);
  return queryRows<NamedCompany & { pattern: string }>(
    db,
    sql`select k.key, k.pattern, c.id, c.name
        from (values ${probeValues(probes)}) as k(key, pattern)
        cross join lateral (
          select c.id, c.name from company_master c
          where c.owner_id is null and c.name ilike k.pattern
          order by (c.source = 'synthetic'), (c.ticker is null), length(c.name), c.id
          limit ${PER_PATTERN}
        ) c`,
  );
}

/** The caller's own imported companies matching the probes (found by owner, under row-level security). */
export function ownCompaniesLike(
  tx: Db,
  userId: string,
  probes: readonly NameProbe[],
): Promise<NamedCompany[]> {
  if (probes.length === 0) return Promise.resolve([]);
  return queryRows<NamedCompany>(
    tx,
    sql`select k.key, c.id, c.name
        from (values ${probeValues(probes)}) as k(key, pattern)
        join company_master c on c.owner_id = ${userId}::uuid and c.name ilike k.pattern`,
  );
}

export type IntentCompanyRow = {
  id: string;
  name: string;
  domain: string | null;
  primaryIndustry: string | null;
  subIndustry: string | null;
  size: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  location: string | null;
  description: string | null;
};

const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The companies by id, as the caller may see them (shared ones and the caller's imports). */
export function companiesById(tx: Db, ids: readonly string[]): Promise<IntentCompanyRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<IntentCompanyRow>(
    tx,
    sql`select id, name, domain, primary_industry as "primaryIndustry", sub_industry as "subIndustry", size,
          country, region, city, location, description
        from company_master where id = any(${uuidArray(ids)})`,
  );
}
