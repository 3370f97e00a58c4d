/**
 * Sales projects (issue 10): a deal or campaign grouping companies, people, prospects, knowledge documents,
 * RFPs and generated documents, with a status and notes. Every read and write runs as the caller under
 * row-level security, so an item can only point to a record the caller may see: their own rows, or the
 * shared company and people data.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DOC_TEMPLATE_INFO, type DocTemplate } from '../../../shared/docgen.ts';
import {
  emptyCounts,
  PROJECT_ITEM_NOT_FOUND,
  PROJECT_ITEMS_LIMIT_REACHED,
  PROJECT_ITEMS_MAX,
  PROJECT_NOT_FOUND,
  PROJECT_NOTE_NOT_FOUND,
  PROJECT_NOTES_LIMIT_REACHED,
  PROJECT_NOTES_MAX,
  PROJECTS_LIMIT_REACHED,
  PROJECTS_MAX,
  type Project,
  type ProjectCreate,
  type ProjectItem,
  type ProjectItemAdded,
  type ProjectItemCreate,
  type ProjectItemKind,
  type ProjectNote,
  type ProjectPatch,
  type ProjectStatus,
  type ProjectSummary,
  projectRecordNotFound,
} from '../../../shared/projects.ts';
import { isProspectStatus, PROSPECT_STATUS_LABELS } from '../../../shared/prospects.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { lockFor } from '../../db/locks.ts';
import { salesProjectItems, salesProjectNotes, salesProjects } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import { recordEvent } from '../events/service.ts';

type ProjectRow = typeof salesProjects.$inferSelect;
type ItemRow = typeof salesProjectItems.$inferSelect;

/** What an item's record is now. */
type Resolved = Pick<ProjectItem, 'name' | 'detail' | 'status' | 'progress' | 'companyId'>;

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const joined = (...parts: (string | null | undefined)[]) =>
  parts.filter((part) => part && part !== 'Unknown').join(' · ') || null;

type Row = Record<string, unknown> & { id: string };

/** Per kind: the records of these ids the caller may see (row-level security hides the others). */
const RESOLVERS: Record<ProjectItemKind, (tx: Db, ids: string) => Promise<[string, Resolved][]>> = {
  company: async (tx, ids) =>
    (
      await queryRows<Row & { name: string; industry: string | null; location: string | null }>(
        tx,
        sql`select id, name, primary_industry as industry, location from company_master where id = any(${ids}::uuid[])`,
      )
    ).map((r) => [
      r.id,
      { name: r.name, detail: joined(r.industry, r.location), status: null, progress: null, companyId: r.id },
    ]),
  person: async (tx, ids) =>
    (
      await queryRows<
        Row & { name: string; title: string | null; company_id: string; company_name: string | null }
      >(
        tx,
        sql`select p.id, p.full_name as name, p.title, p.company_id, c.name as company_name
          from company_contacts p left join company_master c on c.id = p.company_id
          where p.id = any(${ids}::uuid[])`,
      )
    ).map((r) => [
      r.id,
      {
        name: r.name,
        detail: joined(r.title, r.company_name),
        status: null,
        progress: null,
        companyId: r.company_id,
      },
    ]),
  prospect: async (tx, ids) =>
    (
      await queryRows<Row & { name: string; status: string; location: string }>(
        tx,
        sql`select id, name, status, location from saved_prospects where id = any(${ids}::uuid[])`,
      )
    ).map((r) => [
      r.id,
      {
        name: r.name,
        detail: joined(r.location),
        status: isProspectStatus(r.status) ? PROSPECT_STATUS_LABELS[r.status] : r.status,
        progress: null,
        companyId: null,
      },
    ]),
  document: async (tx, ids) =>
    (
      await queryRows<Row & { name: string; filename: string; status: string }>(
        tx,
        sql`select id, title as name, filename, status from document_references where id = any(${ids}::uuid[])`,
      )
    ).map((r) => [
      r.id,
      { name: r.name, detail: r.filename, status: r.status, progress: null, companyId: null },
    ]),
  rfp: async (tx, ids) =>
    (
      await queryRows<Row & { name: string; issuer: string | null; total: number; approved: number }>(
        tx,
        sql`select r.id, r.title as name, r.issuer,
            (select count(*)::int from rfp_questions q where q.project_id = r.id) as total,
            (select count(*)::int from rfp_questions q where q.project_id = r.id and q.status = 'approved') as approved
          from rfp_projects r where r.id = any(${ids}::uuid[])`,
      )
    ).map((r) => [
      r.id,
      {
        name: r.name,
        detail: r.issuer,
        status: `${r.approved} of ${r.total} approved`,
        progress: r.total === 0 ? 0 : Math.floor((r.approved / r.total) * 100),
        companyId: null,
      },
    ]),
  generated_document: async (tx, ids) =>
    (
      await queryRows<Row & { name: string; template: string; company_name: string | null }>(
        tx,
        sql`select id, title as name, template, company_name from generated_documents where id = any(${ids}::uuid[])`,
      )
    ).map((r) => [
      r.id,
      {
        name: r.name,
        detail: r.company_name,
        status: DOC_TEMPLATE_INFO[r.template as DocTemplate]?.name ?? r.template,
        progress: null,
        companyId: null,
      },
    ]),
};

async function resolve(
  tx: Db,
  kind: ProjectItemKind,
  ids: readonly string[],
): Promise<Map<string, Resolved>> {
  if (ids.length === 0) return new Map();
  return new Map(await RESOLVERS[kind](tx, uuidArray(ids)));
}

function toItem(row: ItemRow, record: Resolved | undefined): ProjectItem {
  return {
    id: row.id,
    kind: row.kind,
    refId: row.refId,
    label: row.label,
    removed: !record,
    ...(record ?? { name: row.label, detail: null, status: null, progress: null, companyId: null }),
    addedAt: row.createdAt.toISOString(),
  };
}

async function resolveItems(tx: Db, rows: readonly ItemRow[]): Promise<ProjectItem[]> {
  const records = new Map<ProjectItemKind, Map<string, Resolved>>();
  // One query per kind, one after the other: a transaction has one connection.
  for (const kind of new Set(rows.map((row) => row.kind))) {
    const ids = rows.filter((row) => row.kind === kind).map((row) => row.refId);
    records.set(kind, await resolve(tx, kind, ids));
  }
  return rows.map((row) => toItem(row, records.get(row.kind)?.get(row.refId)));
}

function toSummary(
  row: ProjectRow,
  counts: ProjectSummary['counts'],
  noteCount: number,
  containsItemId?: string | null,
): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    counts,
    itemCount: Object.values(counts).reduce((sum, n) => sum + n, 0),
    noteCount,
    ...(containsItemId === undefined ? {} : { containsItemId }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function countsOf(tx: Db, userId: string, projectIds: readonly string[]) {
  const items = new Map<string, ProjectSummary['counts']>();
  const notes = new Map<string, number>();
  if (projectIds.length === 0) return { items, notes };
  const ids = uuidArray(projectIds);
  const itemRows = await queryRows<{ project_id: string; kind: ProjectItemKind; n: number }>(
    tx,
    sql`select project_id, kind, count(*)::int as n from sales_project_items
      where user_id = ${userId} and project_id = any(${ids}::uuid[]) group by project_id, kind`,
  );
  for (const row of itemRows) {
    const counts = items.get(row.project_id) ?? emptyCounts();
    counts[row.kind] = row.n;
    items.set(row.project_id, counts);
  }
  const noteRows = await queryRows<{ project_id: string; n: number }>(
    tx,
    sql`select project_id, count(*)::int as n from sales_project_notes
      where user_id = ${userId} and project_id = any(${ids}::uuid[]) group by project_id`,
  );
  for (const row of noteRows) notes.set(row.project_id, row.n);
  return { items, notes };
}

async function ownProject(tx: Db, userId: string, id: string): Promise<ProjectRow> {
  const [row] = await tx
    .select()
    .from(salesProjects)
    .where(and(eq(salesProjects.id, id), eq(salesProjects.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 404, PROJECT_NOT_FOUND);
  return row;
}

const touch = (tx: Db, id: string) =>
  tx.update(salesProjects).set({ updatedAt: new Date() }).where(eq(salesProjects.id, id));

// Reading ----------------------------------------------------------------------------------------------------

export type ProjectFilter = { status?: ProjectStatus; contains?: { kind: ProjectItemKind; refId: string } };

/** The caller's projects, most recently changed first, with counts per kind (and whether each holds an item). */
export function listProjects(db: Db, caller: Caller, filter: ProjectFilter = {}): Promise<ProjectSummary[]> {
  return withUser(db, caller.id, async (tx) => {
    const rows = await tx
      .select()
      .from(salesProjects)
      .where(
        and(
          eq(salesProjects.userId, caller.id),
          filter.status ? eq(salesProjects.status, filter.status) : undefined,
        ),
      )
      .orderBy(desc(salesProjects.updatedAt), salesProjects.id)
      .limit(PROJECTS_MAX);
    const { items, notes } = await countsOf(
      tx,
      caller.id,
      rows.map((row) => row.id),
    );
    let holding: Map<string, string> | undefined;
    if (filter.contains) {
      const held = await tx
        .select({ projectId: salesProjectItems.projectId, id: salesProjectItems.id })
        .from(salesProjectItems)
        .where(
          and(
            eq(salesProjectItems.userId, caller.id),
            eq(salesProjectItems.kind, filter.contains.kind),
            eq(salesProjectItems.refId, filter.contains.refId),
          ),
        );
      holding = new Map(held.map((row) => [row.projectId, row.id]));
    }
    return rows.map((row) =>
      toSummary(
        row,
        items.get(row.id) ?? emptyCounts(),
        notes.get(row.id) ?? 0,
        holding ? (holding.get(row.id) ?? null) : undefined,
      ),
    );
  });
}

async function readProject(tx: Db, userId: string, id: string): Promise<Project> {
  const project = await ownProject(tx, userId, id);
  const rows = await tx
    .select()
    .from(salesProjectItems)
    .where(and(eq(salesProjectItems.projectId, id), eq(salesProjectItems.userId, userId)))
    .orderBy(desc(salesProjectItems.createdAt), salesProjectItems.id);
  const { items, notes } = await countsOf(tx, userId, [id]);
  return {
    ...toSummary(project, items.get(id) ?? emptyCounts(), notes.get(id) ?? 0),
    items: await resolveItems(tx, rows),
  };
}

/** A project with its items, each as its record is now. */
export function getProject(db: Db, caller: Caller, id: string): Promise<Project> {
  return withUser(db, caller.id, (tx) => readProject(tx, caller.id, id));
}

// Creating and changing ---------------------------------------------------------------------------------------

export function createProject(db: Db, caller: Caller, input: ProjectCreate): Promise<Project> {
  return withUser(db, caller.id, async (tx) => {
    // The cap holds under concurrency only if the count and the insert are not interleaved with another's.
    await lockFor(tx, `projects:${caller.id}`);
    const [existing] = await tx
      .select({ n: count() })
      .from(salesProjects)
      .where(eq(salesProjects.userId, caller.id));
    if ((existing?.n ?? 0) >= PROJECTS_MAX) throw new AppError('CONFLICT', 409, PROJECTS_LIMIT_REACHED);
    const [row] = await tx
      .insert(salesProjects)
      .values({
        userId: caller.id,
        name: input.name,
        description: input.description ?? '',
        ...(input.status ? { status: input.status } : {}),
      })
      .returning();
    if (!row) throw new Error('the project was not written');
    await recordEvent(tx, {
      userId: caller.id,
      type: 'project.created',
      subjectType: 'project',
      subjectId: row.id,
      summary: `Sales project ${row.name} created`,
      data: { project: { id: row.id, name: row.name, status: row.status } },
    });
    return { ...toSummary(row, emptyCounts(), 0), items: [] };
  });
}

export function updateProject(db: Db, caller: Caller, id: string, patch: ProjectPatch): Promise<Project> {
  return withUser(db, caller.id, async (tx) => {
    await ownProject(tx, caller.id, id);
    await tx
      .update(salesProjects)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(salesProjects.id, id), eq(salesProjects.userId, caller.id)));
    return readProject(tx, caller.id, id);
  });
}

/** Deletes the project with its items and notes (the records the items point to stay). */
export function deleteProject(db: Db, caller: Caller, id: string): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    const deleted = await tx
      .delete(salesProjects)
      .where(and(eq(salesProjects.id, id), eq(salesProjects.userId, caller.id)))
      .returning({ id: salesProjects.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404, PROJECT_NOT_FOUND);
  });
}

/**
 * Adds a record the caller may see (404 otherwise). Adding one the project holds already changes nothing and
 * answers with that item (`created: false`), so a second click or a retried request is harmless.
 */
export function addItem(
  db: Db,
  caller: Caller,
  projectId: string,
  input: ProjectItemCreate,
): Promise<ProjectItemAdded> {
  return withUser(db, caller.id, async (tx) => {
    const project = await ownProject(tx, caller.id, projectId);
    const record = (await resolve(tx, input.kind, [input.refId])).get(input.refId);
    if (!record) throw new AppError('NOT_FOUND', 404, projectRecordNotFound(input.kind));
    const where = and(
      eq(salesProjectItems.projectId, projectId),
      eq(salesProjectItems.kind, input.kind),
      eq(salesProjectItems.refId, input.refId),
    );
    const [held] = await tx.select().from(salesProjectItems).where(where);
    const summary = { id: project.id, name: project.name };
    if (held) return { item: toItem(held, record), created: false };
    await lockFor(tx, `project-items:${projectId}`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(salesProjectItems)
      .where(eq(salesProjectItems.projectId, projectId));
    if (n >= PROJECT_ITEMS_MAX) throw new AppError('CONFLICT', 409, PROJECT_ITEMS_LIMIT_REACHED);
    const [row] = await tx
      .insert(salesProjectItems)
      .values({ userId: caller.id, projectId, kind: input.kind, refId: input.refId, label: record.name })
      .onConflictDoNothing()
      .returning();
    // Added by a request running at the same moment: that one's item.
    const item = row ?? (await tx.select().from(salesProjectItems).where(where))[0];
    if (!item) throw new Error('the item was not written');
    await touch(tx, projectId);
    if (row) {
      await recordEvent(tx, {
        userId: caller.id,
        type: 'project.item_added',
        subjectType: 'project',
        subjectId: projectId,
        summary: `${record.name} added to ${project.name}`,
        data: {
          project: summary,
          item: { id: row.id, kind: row.kind, refId: row.refId, name: record.name },
        },
      });
    }
    return { item: toItem(item, record), created: Boolean(row) };
  });
}

export function removeItem(db: Db, caller: Caller, projectId: string, itemId: string): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    await ownProject(tx, caller.id, projectId);
    const deleted = await tx
      .delete(salesProjectItems)
      .where(
        and(
          eq(salesProjectItems.id, itemId),
          eq(salesProjectItems.projectId, projectId),
          eq(salesProjectItems.userId, caller.id),
        ),
      )
      .returning({ id: salesProjectItems.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404, PROJECT_ITEM_NOT_FOUND);
    await touch(tx, projectId);
  });
}

// Notes ------------------------------------------------------------------------------------------------------

const toNote = (row: typeof salesProjectNotes.$inferSelect): ProjectNote => ({
  id: row.id,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/** A project's notes, newest first. */
export function listNotes(db: Db, caller: Caller, projectId: string): Promise<ProjectNote[]> {
  return withUser(db, caller.id, async (tx) => {
    await ownProject(tx, caller.id, projectId);
    const rows = await tx
      .select()
      .from(salesProjectNotes)
      .where(and(eq(salesProjectNotes.projectId, projectId), eq(salesProjectNotes.userId, caller.id)))
      .orderBy(desc(salesProjectNotes.createdAt), desc(salesProjectNotes.id))
      .limit(PROJECT_NOTES_MAX);
    return rows.map(toNote);
  });
}

export function addNote(db: Db, caller: Caller, projectId: string, body: string): Promise<ProjectNote> {
  return withUser(db, caller.id, async (tx) => {
    await ownProject(tx, caller.id, projectId);
    await lockFor(tx, `project-notes:${projectId}`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(salesProjectNotes)
      .where(eq(salesProjectNotes.projectId, projectId));
    if (n >= PROJECT_NOTES_MAX) throw new AppError('CONFLICT', 409, PROJECT_NOTES_LIMIT_REACHED);
    const [row] = await tx
      .insert(salesProjectNotes)
      .values({ userId: caller.id, projectId, body })
      .returning();
    if (!row) throw new Error('the note was not written');
    await touch(tx, projectId);
    return toNote(row);
  });
}

export function deleteNote(db: Db, caller: Caller, projectId: string, noteId: string): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    await ownProject(tx, caller.id, projectId);
    const deleted = await tx
      .delete(salesProjectNotes)
      .where(
        and(
          eq(salesProjectNotes.id, noteId),
          eq(salesProjectNotes.projectId, projectId),
          eq(salesProjectNotes.userId, caller.id),
        ),
      )
      .returning({ id: salesProjectNotes.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404, PROJECT_NOTE_NOT_FOUND);
  });
}
