import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  RFP_EXPORT_FORMATS,
  RFP_EXPORT_NO_SOURCE,
  RFP_EXTENSIONS,
  RFP_NO_QUESTIONS,
  RFP_NOT_APPROVED,
  RFP_NOTHING_TO_DRAFT,
  RFP_PROJECT_NOT_FOUND,
  RFP_QUESTION_NOT_FOUND,
  rfpCommentRequestSchema,
  rfpCommentSchema,
  rfpPasteSchema,
  rfpProjectListSchema,
  rfpProjectPatchSchema,
  rfpProjectSchema,
  rfpQuestionPatchSchema,
  rfpQuestionSchema,
} from '../../../shared/rfp.ts';
import type { AiEngine } from '../../ai/port.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { rfpToDocx } from '../../export/docx.ts';
import { contentDisposition } from '../../http/download.ts';
import { AppError, invalidRequest } from '../../http/errors.ts';
import { error, json } from '../../http/openapi.ts';
import { checkMultipart } from '../../http/request-guards.ts';
import { requireCaller } from '../../http/session.ts';
import { recordAgentRun } from '../agents/executions.ts';
import { ensureDemoLibrary } from '../knowledge/service.ts';
import { parseQuestionnaire, QuestionnaireError, questionsFromText } from './questionnaire.ts';
import {
  addComment,
  createProject,
  deleteProject,
  draftAllSummary,
  getProject,
  listComments,
  listProjects,
  projectCsv,
  projectFromQuestionnaire,
  projectSourceFile,
  RFP_QUESTION_DRAFTING,
  regenerateQuestion,
  registerRfpDrafting,
  saveToLibrary,
  startDraftAll,
  updateProject,
  updateQuestion,
} from './service.ts';

const tags = ['RFP responses'];
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
const projectParam = z.object({ id: z.uuid({ error: 'must be a project id (UUID)' }) });
const questionParam = projectParam.extend({ questionId: z.uuid({ error: 'must be a question id (UUID)' }) });
const NO_FILE = `Send the questionnaire as multipart/form-data in the field "file" (${RFP_EXTENSIONS.join(', ')}), or JSON {title, text}`;

/** The form fields beside an uploaded questionnaire. */
const formFields = z
  .object({
    title: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    issuer: rfpPasteSchema.shape.issuer,
    deadline: rfpPasteSchema.shape.deadline,
  })
  .strict();

const routes = {
  create: createRoute({
    method: 'post',
    path: '/api/v1/rfp/projects',
    tags,
    summary: `Create an RFP project from a questionnaire: multipart \`file\` (${RFP_EXTENSIONS.join(', ')}; CSV and XLSX keep their layout for the export back into them; Google VSAQ JSON) with optional \`title\`, \`issuer\`, \`deadline\` (YYYY-MM-DD), or JSON {title, text, issuer?, deadline?} with pasted text. Questions are numbered items, question sentences, table rows, a questionnaire column, under their sections.`,
    request: {
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                title: { type: 'string' },
                issuer: { type: 'string' },
                deadline: { type: 'string', format: 'date' },
              },
              required: ['file'],
            },
          },
          'application/json': { schema: rfpPasteSchema },
        },
      },
    },
    responses: {
      201: json(rfpProjectSchema, 'The project and its questions'),
      ...common,
      413: error('The file is larger than UPLOAD_MAX_MB'),
      422: error(RFP_NO_QUESTIONS),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/api/v1/rfp/projects',
    tags,
    summary: 'Your RFP projects, most recently changed first, with progress and the drafting job',
    responses: { 200: json(rfpProjectListSchema, 'Projects'), ...common },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/rfp/projects/{id}',
    tags,
    summary: 'A project with its questions, answers, sources, statuses and assignees',
    request: { params: projectParam },
    responses: { 200: json(rfpProjectSchema, 'The project'), ...common, 404: error(RFP_PROJECT_NOT_FOUND) },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/v1/rfp/projects/{id}',
    tags,
    summary: 'Change the title, issuer or deadline',
    request: {
      params: projectParam,
      body: { content: { 'application/json': { schema: rfpProjectPatchSchema } }, required: true },
    },
    responses: { 200: json(rfpProjectSchema, 'The project'), ...common, 404: error(RFP_PROJECT_NOT_FOUND) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/v1/rfp/projects/{id}',
    tags,
    summary: 'Delete a project with its questions and comments',
    request: { params: projectParam },
    responses: { 204: { description: 'Deleted' }, ...common, 404: error(RFP_PROJECT_NOT_FOUND) },
  }),
  draft: createRoute({
    method: 'post',
    path: '/api/v1/rfp/projects/{id}/draft',
    tags,
    summary:
      'Draft all: a job (progress at /api/v1/jobs/{jobId}) drafting every question not approved and not written by hand, from the answer library first (free), then the knowledge base with citations and a confidence (one rfp_answer credit per drafted answer; a question nothing answers is left empty for review, free). Out of credits, it stops and says so. While a draft of the project is queued or running, the answer is that job (the same jobId), so a repeated request never starts a second one.',
    request: { params: projectParam },
    responses: {
      202: json(
        z.object({ jobId: z.string(), questions: z.number().int() }),
        'Drafting queued, or the draft already queued or running',
      ),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
      404: error(RFP_PROJECT_NOT_FOUND),
      409: error(RFP_NOTHING_TO_DRAFT),
    },
  }),
  updateQuestion: createRoute({
    method: 'patch',
    path: '/api/v1/rfp/projects/{id}/questions/{questionId}',
    tags,
    summary:
      'Edit an answer (Markdown; an edited approved answer goes back to draft), set the status (an empty answer cannot be approved) or the assignee',
    request: {
      params: questionParam,
      body: { content: { 'application/json': { schema: rfpQuestionPatchSchema } }, required: true },
    },
    responses: {
      200: json(rfpQuestionSchema, 'The question'),
      ...common,
      404: error(`${RFP_PROJECT_NOT_FOUND}, or ${RFP_QUESTION_NOT_FOUND}`),
    },
  }),
  regenerate: createRoute({
    method: 'post',
    path: '/api/v1/rfp/projects/{id}/questions/{questionId}/regenerate',
    tags,
    summary: 'Draft one answer again (one rfp_answer credit when it comes from the knowledge base)',
    request: { params: questionParam },
    responses: {
      200: json(z.object({ question: rfpQuestionSchema, creditsCharged: z.number().int() }), 'The new draft'),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
      404: error(RFP_QUESTION_NOT_FOUND),
      409: error(RFP_QUESTION_DRAFTING),
    },
  }),
  comments: createRoute({
    method: 'get',
    path: '/api/v1/rfp/projects/{id}/questions/{questionId}/comments',
    tags,
    summary: 'The comments on a question, oldest first',
    request: { params: questionParam },
    responses: {
      200: json(z.object({ comments: z.array(rfpCommentSchema) }), 'Comments'),
      ...common,
      404: error(RFP_QUESTION_NOT_FOUND),
    },
  }),
  comment: createRoute({
    method: 'post',
    path: '/api/v1/rfp/projects/{id}/questions/{questionId}/comments',
    tags,
    summary: 'Comment on a question',
    request: {
      params: questionParam,
      body: { content: { 'application/json': { schema: rfpCommentRequestSchema } }, required: true },
    },
    responses: { 201: json(rfpCommentSchema, 'The comment'), ...common, 404: error(RFP_QUESTION_NOT_FOUND) },
  }),
  library: createRoute({
    method: 'post',
    path: '/api/v1/rfp/projects/{id}/questions/{questionId}/library',
    tags,
    summary:
      'Save an approved answer to the answer library (an answer that came from the library is already there)',
    request: { params: questionParam },
    responses: {
      201: json(z.object({ entryId: z.string(), created: z.boolean() }), 'Saved'),
      200: json(z.object({ entryId: z.string(), created: z.boolean() }), 'Already in the library'),
      ...common,
      404: error(RFP_QUESTION_NOT_FOUND),
      409: error(RFP_NOT_APPROVED),
    },
  }),
  export: createRoute({
    method: 'get',
    path: '/api/v1/rfp/projects/{id}/export',
    tags,
    summary:
      "Download the answers: docx (a Word document by section, with sources), csv (one row per question), or source (the questionnaire's own CSV or XLSX with its answer column filled in)",
    request: {
      params: projectParam,
      query: z
        .object({
          format: z.enum(RFP_EXPORT_FORMATS, { error: `must be one of ${RFP_EXPORT_FORMATS.join(', ')}` }),
        })
        .strict(),
    },
    responses: {
      200: { description: 'The file' },
      ...common,
      404: error(RFP_PROJECT_NOT_FOUND),
      409: error(RFP_EXPORT_NO_SOURCE),
    },
  }),
};

const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** A questionnaire that cannot be read, or holds no question, is a 422 with the reason. */
async function unprocessable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof QuestionnaireError) throw new AppError('VALIDATION_ERROR', 422, err.message);
    throw err;
  }
}

const arrivals = new WeakMap<Request, Date>();
const arrivalOf = (request: Request) => arrivals.get(request) ?? new Date();

/** RFP projects: create from a questionnaire, draft, edit, approve, comment, save to the library, export. */
export function rfpRoutes(deps: AppDeps, engine: AiEngine) {
  const app = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  const maxMb = deps.config.uploadMaxMb;
  registerRfpDrafting(deps, engine);
  // When a request reached us, before the session check (which may hold one user's writes back in turn): a
  // draft made since then answers a request sent together with the one that made it (a double-click).
  app.use('/api/v1/rfp/*', async (c, next) => {
    arrivals.set(c.req.raw, new Date());
    await next();
  });
  app.use('/api/v1/rfp/*', requireCaller(deps));
  app.use(
    '/api/v1/rfp/projects',
    bodyLimit({
      maxSize: maxMb * 1024 * 1024 + 64 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, `The questionnaire is larger than ${maxMb} MB`);
      },
    }),
  );

  app.openapi(routes.create, async (c) => {
    const caller = c.var.caller;
    if ((c.req.header('content-type') ?? '').includes('application/json')) {
      // Checked against the schema by the route already; parsed again for its type beside the form's.
      const paste = rfpPasteSchema.parse(await c.req.json());
      const questions = await unprocessable(async () => questionsFromText(paste.text));
      const project = await createProject(db, caller, {
        title: paste.title,
        issuer: paste.issuer,
        deadline: paste.deadline,
        source: { filename: null, format: 'pasted', file: null, layout: null },
        questions,
      });
      return c.json(project, 201);
    }
    const form = await c.req.parseBody().catch(() => {
      throw new AppError('BAD_REQUEST', 400, NO_FILE);
    });
    checkMultipart(form);
    const { file, ...fields } = form;
    if (!(file instanceof File)) throw new AppError('VALIDATION_ERROR', 400, NO_FILE);
    const checked = formFields.safeParse(
      Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? value : '']),
      ),
    );
    if (!checked.success) throw invalidRequest(checked.error);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const parsed = await unprocessable(() => parseQuestionnaire({ filename: file.name, bytes }));
    const project = await createProject(
      db,
      caller,
      projectFromQuestionnaire(parsed, checked.data, { filename: file.name, bytes }),
    );
    return c.json(project, 201);
  });

  // Opening RFP responses first brings the demo library, as the knowledge base does: drafts answer from it.
  app.openapi(routes.list, async (c) => {
    await ensureDemoLibrary(deps, c.var.caller);
    return c.json({ projects: await listProjects(db, c.var.caller) }, 200);
  });

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

  app.openapi(routes.draft, async (c) => {
    const { caller } = c.var;
    const projectId = c.req.valid('param').id;
    // A refused start (no credits, already running) is a failed run of Maya; the job records the rest.
    const started = await recordAgentRun(
      deps,
      caller.id,
      {
        agentId: 'maya',
        input: () => draftAllSummary(db, { caller, projectId }).catch(() => 'Draft all answers'),
        onlyIfFailed: true,
      },
      () => startDraftAll(deps, caller, projectId, arrivalOf(c.req.raw)),
    );
    return c.json(started, 202);
  });

  app.openapi(routes.updateQuestion, async (c) => {
    const { id, questionId } = c.req.valid('param');
    return c.json(await updateQuestion(db, c.var.caller, id, questionId, c.req.valid('json')), 200);
  });

  app.openapi(routes.regenerate, async (c) => {
    const { id, questionId } = c.req.valid('param');
    const regenerated = await recordAgentRun(
      deps,
      c.var.caller.id,
      {
        agentId: 'maya',
        input: (r) => `Regenerate: ${r?.question.text ?? 'one answer'}`,
        credits: (r) => r.creditsCharged,
      },
      () =>
        regenerateQuestion(deps, engine, c.var.caller, id, questionId, {
          arrived: arrivalOf(c.req.raw),
          signal: c.req.raw.signal,
        }),
    );
    return c.json(regenerated, 200);
  });

  app.openapi(routes.comments, async (c) => {
    const { id, questionId } = c.req.valid('param');
    return c.json({ comments: await listComments(db, c.var.caller, id, questionId) }, 200);
  });

  app.openapi(routes.comment, async (c) => {
    const { id, questionId } = c.req.valid('param');
    return c.json(await addComment(db, c.var.caller, id, questionId, c.req.valid('json').body), 201);
  });

  app.openapi(routes.library, async (c) => {
    const { id, questionId } = c.req.valid('param');
    const saved = await saveToLibrary(db, c.var.caller, id, questionId);
    return saved.created ? c.json(saved, 201) : c.json(saved, 200);
  });

  app.openapi(routes.export, async (c) => {
    const { id } = c.req.valid('param');
    const { format } = c.req.valid('query');
    if (format === 'source') {
      const file = await projectSourceFile(db, c.var.caller, id);
      return c.body(new Uint8Array(file.bytes), 200, {
        'content-type': MIME[file.format],
        'content-disposition': contentDisposition(file.filename),
      });
    }
    const project = await getProject(db, c.var.caller, id);
    if (format === 'csv') {
      return c.body(projectCsv(project), 200, {
        'content-type': MIME.csv,
        'content-disposition': contentDisposition(`${project.title}.csv`),
      });
    }
    const bytes = await rfpToDocx({
      title: project.title,
      subtitle: [project.issuer, project.deadline ? `Due ${project.deadline}` : null]
        .filter(Boolean)
        .join(' · '),
      questions: project.questions,
    });
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': MIME.docx,
      'content-disposition': contentDisposition(`${project.title}.docx`),
    });
  });

  return app;
}
