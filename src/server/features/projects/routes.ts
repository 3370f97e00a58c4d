import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  PROJECT_ITEM_KINDS,
  PROJECT_ITEM_NOT_FOUND,
  PROJECT_NOT_FOUND,
  PROJECT_NOTE_NOT_FOUND,
  PROJECT_STATUSES,
  PROJECTS_LIMIT_REACHED,
  parseContains,
  projectCreateSchema,
  projectItemAddedSchema,
  projectItemCreateSchema,
  projectListSchema,
  projectNoteCreateSchema,
  projectNoteListSchema,
  projectNoteSchema,
  projectPatchSchema,
  projectSchema,
} from '../../../shared/projects.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import {
  addItem,
  addNote,
  createProject,
  deleteNote,
  deleteProject,
  getProject,
  listNotes,
  listProjects,
  removeItem,
  updateProject,
} from './service.ts';

const tags = ['Sales projects'];
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
const projectParam = z.object({ id: z.uuid({ error: 'must be a project id (UUID)' }) });
const itemParam = projectParam.extend({ itemId: z.uuid({ error: 'must be an item id (UUID)' }) });
const noteParam = projectParam.extend({ noteId: z.uuid({ error: 'must be a note id (UUID)' }) });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const listQuery = z
  .object({
    status: z.enum(PROJECT_STATUSES, { error: `must be one of ${PROJECT_STATUSES.join(', ')}` }).optional(),
    contains: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const parsed = parseContains(value);
        if (!parsed) {
          ctx.addIssue({
            code: 'custom',
            message: `must be kind:id, with kind one of ${PROJECT_ITEM_KINDS.join(', ')} and id a UUID`,
          });
          return z.NEVER;
        }
        return parsed;
      })
      .openapi({ type: 'string', example: 'company:6f1c1a52-3f0e-4c1e-9a57-1d8c2f9b7e10' }),
  })
  .strict();

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/v1/projects',
    tags,
    summary:
      'Your sales projects, most recently changed first, with counts per kind; `status` filters; `contains=kind:id` marks (containsItemId) the projects holding that record',
    request: { query: listQuery },
    responses: { 200: json(projectListSchema, 'Projects'), ...common },
  }),
  create: createRoute({
    method: 'post',
    path: '/api/v1/projects',
    tags,
    summary: 'Create a sales project (status defaults to active)',
    request: body(projectCreateSchema),
    responses: { 201: json(projectSchema, 'The project'), ...common, 409: error(PROJECTS_LIMIT_REACHED) },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/projects/{id}',
    tags,
    summary:
      'A project with its items, newest first, each as its record is now; an item whose record was deleted keeps the name it had and is marked removed',
    request: { params: projectParam },
    responses: { 200: json(projectSchema, 'The project'), ...common, 404: error(PROJECT_NOT_FOUND) },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/v1/projects/{id}',
    tags,
    summary: 'Change the name, description or status',
    request: { params: projectParam, ...body(projectPatchSchema) },
    responses: { 200: json(projectSchema, 'The project'), ...common, 404: error(PROJECT_NOT_FOUND) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/v1/projects/{id}',
    tags,
    summary: 'Delete a project with its items and notes (the companies, documents... themselves stay)',
    request: { params: projectParam },
    responses: { 204: { description: 'Deleted' }, ...common, 404: error(PROJECT_NOT_FOUND) },
  }),
  addItem: createRoute({
    method: 'post',
    path: '/api/v1/projects/{id}/items',
    tags,
    summary: `Add a record you can see: kind (${PROJECT_ITEM_KINDS.join(', ')}) and its id. Adding one the project holds already answers 200 with that item (created: false).`,
    request: { params: projectParam, ...body(projectItemCreateSchema) },
    responses: {
      201: json(projectItemAddedSchema, 'Added'),
      200: json(projectItemAddedSchema, 'The project holds it already'),
      ...common,
      404: error(`${PROJECT_NOT_FOUND}, or the record (e.g. "Company not found")`),
      409: error('The project holds the most items it can'),
    },
  }),
  removeItem: createRoute({
    method: 'delete',
    path: '/api/v1/projects/{id}/items/{itemId}',
    tags,
    summary: 'Take an item out of the project (the record itself stays)',
    request: { params: itemParam },
    responses: {
      204: { description: 'Removed' },
      ...common,
      404: error(`${PROJECT_NOT_FOUND}, or ${PROJECT_ITEM_NOT_FOUND}`),
    },
  }),
  notes: createRoute({
    method: 'get',
    path: '/api/v1/projects/{id}/notes',
    tags,
    summary: "The project's notes, newest first",
    request: { params: projectParam },
    responses: { 200: json(projectNoteListSchema, 'Notes'), ...common, 404: error(PROJECT_NOT_FOUND) },
  }),
  addNote: createRoute({
    method: 'post',
    path: '/api/v1/projects/{id}/notes',
    tags,
    summary: 'Add a note',
    request: { params: projectParam, ...body(projectNoteCreateSchema) },
    responses: {
      201: json(projectNoteSchema, 'The note'),
      ...common,
      404: error(PROJECT_NOT_FOUND),
      409: error('The project holds the most notes it can'),
    },
  }),
  deleteNote: createRoute({
    method: 'delete',
    path: '/api/v1/projects/{id}/notes/{noteId}',
    tags,
    summary: 'Delete a note',
    request: { params: noteParam },
    responses: {
      204: { description: 'Deleted' },
      ...common,
      404: error(`${PROJECT_NOT_FOUND}, or ${PROJECT_NOTE_NOT_FOUND}`),
    },
  }),
};

/** Sales projects: CRUD, items of every agent's records, notes. */
export function projectsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  app.use('/api/v1/projects', requireCaller(deps));
  app.use('/api/v1/projects/*', requireCaller(deps));

  app.openapi(routes.list, async (c) => {
    const { status, contains } = c.req.valid('query');
    return c.json({ projects: await listProjects(db, c.var.caller, { status, contains }) }, 200);
  });

  app.openapi(routes.create, async (c) =>
    c.json(await createProject(db, c.var.caller, c.req.valid('json')), 201),
  );

  app.openapi(routes.get, async (c) =>
    c.json(await getProject(db, c.var.caller, c.req.valid('param').id), 200),
  );

  app.openapi(routes.update, async (c) =>
    c.json(await updateProject(db, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(routes.remove, async (c) => {
    await deleteProject(db, c.var.caller, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.addItem, async (c) => {
    const { item, created } = await addItem(db, c.var.caller, c.req.valid('param').id, c.req.valid('json'));
    return created ? c.json({ item, created }, 201) : c.json({ item, created }, 200);
  });

  app.openapi(routes.removeItem, async (c) => {
    const { id, itemId } = c.req.valid('param');
    await removeItem(db, c.var.caller, id, itemId);
    return c.body(null, 204);
  });

  app.openapi(routes.notes, async (c) =>
    c.json({ notes: await listNotes(db, c.var.caller, c.req.valid('param').id) }, 200),
  );

  app.openapi(routes.addNote, async (c) =>
    c.json(await addNote(db, c.var.caller, c.req.valid('param').id, c.req.valid('json').body), 201),
  );

  app.openapi(routes.deleteNote, async (c) => {
    const { id, noteId } = c.req.valid('param');
    await deleteNote(db, c.var.caller, id, noteId);
    return c.body(null, 204);
  });

  return app;
}
