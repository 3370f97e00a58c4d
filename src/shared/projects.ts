/**
 * Sales projects (issue 10): a deal or campaign grouping companies, people, prospects, knowledge documents,
 * RFPs and generated documents, with a status and notes. "Add to project" is offered by every agent.
 */
import { z } from 'zod';

export const PROJECT_STATUSES = ['planning', 'active', 'on_hold', 'won', 'lost', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Readonly<Record<ProjectStatus, string>> = {
  planning: 'Planning',
  active: 'Active',
  on_hold: 'On hold',
  won: 'Won',
  lost: 'Lost',
  archived: 'Archived',
};
/** A new project's status, as the table's default. */
export const DEFAULT_PROJECT_STATUS: ProjectStatus = 'active';

/** What a project can hold, in the order its page shows them. */
export const PROJECT_ITEM_KINDS = [
  'company',
  'person',
  'prospect',
  'document',
  'rfp',
  'generated_document',
] as const;
export type ProjectItemKind = (typeof PROJECT_ITEM_KINDS)[number];
export const PROJECT_ITEM_LABELS: Readonly<Record<ProjectItemKind, { one: string; many: string }>> = {
  company: { one: 'Company', many: 'Companies' },
  person: { one: 'Person', many: 'People' },
  prospect: { one: 'Prospect', many: 'Prospects' },
  document: { one: 'Document', many: 'Documents' },
  rfp: { one: 'RFP', many: 'RFPs' },
  generated_document: { one: 'Generated document', many: 'Generated documents' },
};

export const PROJECT_NAME_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const PROJECT_NOTE_MAX = 5000;
/** Per user: a list of projects is read whole, so it stays small enough to. */
export const PROJECTS_MAX = 200;
export const PROJECT_ITEMS_MAX = 500;
export const PROJECT_NOTES_MAX = 500;

export const PROJECT_NOT_FOUND = 'Project not found';
export const PROJECT_ITEM_NOT_FOUND = 'This item is not in the project';
export const PROJECT_NOTE_NOT_FOUND = 'Note not found';
export const PROJECTS_LIMIT_REACHED = `You have ${PROJECTS_MAX} projects, the most there can be: delete one you no longer need`;
export const PROJECT_ITEMS_LIMIT_REACHED = `A project holds at most ${PROJECT_ITEMS_MAX} items`;
export const PROJECT_NOTES_LIMIT_REACHED = `A project holds at most ${PROJECT_NOTES_MAX} notes`;
/** The record an item points to does not exist, or is not the caller's to see. */
export const projectRecordNotFound = (kind: ProjectItemKind) => `${PROJECT_ITEM_LABELS[kind].one} not found`;

const kindError = { error: `must be one of ${PROJECT_ITEM_KINDS.join(', ')}` };
const statusError = { error: `must be one of ${PROJECT_STATUSES.join(', ')}` };

const name = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'A project needs a name')
  .max(PROJECT_NAME_MAX, `must be at most ${PROJECT_NAME_MAX} characters`);
const description = z
  .string({ error: 'must be text' })
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `must be at most ${PROJECT_DESCRIPTION_MAX} characters`);
const status = z.enum(PROJECT_STATUSES, statusError);

/** `POST /api/v1/projects`. */
export const projectCreateSchema = z
  .object({ name, description: description.optional(), status: status.optional() })
  .strict();
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

/** `PATCH /api/v1/projects/{id}`: only the fields sent change. */
export const projectPatchSchema = z
  .object({ name: name.optional(), description: description.optional(), status: status.optional() })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Send at least one of name, description, status',
  });
export type ProjectPatch = z.infer<typeof projectPatchSchema>;

/** `POST /api/v1/projects/{id}/items`. */
export const projectItemCreateSchema = z
  .object({
    kind: z.enum(PROJECT_ITEM_KINDS, kindError),
    refId: z.uuid({ error: 'must be the id (UUID) of the record to add' }),
  })
  .strict();
export type ProjectItemCreate = z.infer<typeof projectItemCreateSchema>;

/** `POST /api/v1/projects/{id}/notes`. */
export const projectNoteCreateSchema = z
  .object({
    body: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'A note cannot be empty')
      .max(PROJECT_NOTE_MAX, `must be at most ${PROJECT_NOTE_MAX} characters`),
  })
  .strict();

export const projectCountsSchema = z.object(
  Object.fromEntries(PROJECT_ITEM_KINDS.map((kind) => [kind, z.number().int()])) as Record<
    ProjectItemKind,
    z.ZodNumber
  >,
);
export type ProjectCounts = z.infer<typeof projectCountsSchema>;

export const emptyCounts = (): ProjectCounts =>
  Object.fromEntries(PROJECT_ITEM_KINDS.map((kind) => [kind, 0])) as ProjectCounts;

export const projectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  counts: projectCountsSchema,
  itemCount: z.number().int(),
  noteCount: z.number().int(),
  /** With `?contains=kind:refId`: the id of that item in this project, or null when the project lacks it. */
  containsItemId: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** An item as its record is now; a record deleted since shows the name it had when added, marked removed. */
export const projectItemSchema = z.object({
  id: z.string(),
  kind: z.enum(PROJECT_ITEM_KINDS),
  refId: z.string(),
  /** The record's name when it was added. */
  label: z.string(),
  removed: z.boolean(),
  /** The current name (the label when removed). */
  name: z.string(),
  /** Industry and place of a company, title and company of a person, file name, issuer, the company written for. */
  detail: z.string().nullable(),
  /** A prospect's or document's status, an RFP's approved share, a generated document's template. */
  status: z.string().nullable(),
  /** An RFP's approved share, 0-100. */
  progress: z.number().int().nullable(),
  /** A person's company (People Finder opens them there). */
  companyId: z.string().nullable(),
  addedAt: z.string(),
});
export type ProjectItem = z.infer<typeof projectItemSchema>;

export const projectSchema = projectSummarySchema.extend({ items: z.array(projectItemSchema) });
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({ projects: z.array(projectSummarySchema) });
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectItemAddedSchema = z.object({ item: projectItemSchema, created: z.boolean() });
export type ProjectItemAdded = z.infer<typeof projectItemAddedSchema>;

export const projectNoteSchema = z.object({ id: z.string(), body: z.string(), createdAt: z.string() });
export type ProjectNote = z.infer<typeof projectNoteSchema>;
export const projectNoteListSchema = z.object({ notes: z.array(projectNoteSchema) });

/** `?contains=company:<uuid>`: which projects hold this record. */
export function parseContains(value: string): { kind: ProjectItemKind; refId: string } | null {
  const at = value.indexOf(':');
  if (at < 0) return null;
  const kind = value.slice(0, at);
  const refId = value.slice(at + 1);
  const checked = projectItemCreateSchema.safeParse({ kind, refId });
  return checked.success ? checked.data : null;
}

/** Items grouped by kind, in the page's order, empty kinds left out. */
export function groupItems<T extends { kind: ProjectItemKind }>(items: readonly T[]) {
  return PROJECT_ITEM_KINDS.map((kind) => ({
    kind,
    items: items.filter((item) => item.kind === kind),
  })).filter((group) => group.items.length > 0);
}
