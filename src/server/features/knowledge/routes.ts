import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  DOCUMENT_LIST_MAX,
  demoLibrarySchema,
  demoRfqListSchema,
  documentListSchema,
  documentSchema,
  knowledgeStatsSchema,
  RECENT_DOCUMENTS,
  UPLOAD_MAX_FILES,
  uploadResponseSchema,
} from '../../../shared/knowledge.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { contentDisposition } from '../../http/download.ts';
import { AppError } from '../../http/errors.ts';
import { error, json } from '../../http/openapi.ts';
import { checkMultipart } from '../../http/request-guards.ts';
import { requireCaller } from '../../http/session.ts';
import { demoRfqs, ensureDemoLibrary, getDemoLibrary, loadDemoLibrary, removeDemoLibrary } from './demo.ts';
import {
  ACCEPTED_FORMATS,
  ALREADY_PROCESSING,
  DOCUMENT_NOT_FOUND,
  deleteDocument,
  getDocument,
  getDocumentFile,
  getKnowledgeStats,
  listDocuments,
  reprocessDocument,
  type UploadedFile,
  uploadDocuments,
} from './documents.ts';
import { registerDocumentProcessing } from './processing.ts';

/** A request may carry this many times the per-file limit in all: several files, never unbounded memory. */
export const UPLOAD_REQUEST_FACTOR = 4;

export const uploadTooLargeText = (maxMb: number) =>
  `The upload is larger than ${maxMb * UPLOAD_REQUEST_FACTOR} MB in all. Send fewer files at once (each file may be up to ${maxMb} MB)`;

const NO_FILES = 'Send the files as multipart/form-data in the field "files"';

const documentId = z.object({ id: z.uuid({ error: 'must be a document id (UUID)' }) });

const listQuery = z
  .object({
    q: z.string().max(200, 'must be at most 200 characters').optional(),
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(DOCUMENT_LIST_MAX, `must be at most ${DOCUMENT_LIST_MAX}`)
      .default(RECENT_DOCUMENTS),
  })
  .strict();

const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
const tags = ['Knowledge base'];

const routes = {
  upload: createRoute({
    method: 'post',
    path: '/api/v1/knowledge/documents',
    tags,
    summary: `Upload documents (multipart, field \`files\`, up to ${UPLOAD_MAX_FILES} files; a folder's files carry their relative path as their name). Accepted: ${ACCEPTED_FORMATS}. Each file gets its own result: taken (its document, queued for processing as a job) or refused with the reason. The same file under the same name again is the same document; a changed one replaces it.`,
    request: {
      body: {
        content: {
          // A plain schema, not zod: the handler reads the form itself, so that any other body (JSON, none)
          // gets the same clear 400 instead of the validator's bare 415.
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } },
              required: ['files'],
            },
          },
        },
      },
    },
    responses: {
      202: json(uploadResponseSchema, 'At least one file was queued for processing'),
      200: json(uploadResponseSchema, 'Nothing to process (every file refused, or unchanged)'),
      ...common,
      413: error('The whole request is larger than 4 times UPLOAD_MAX_MB'),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/documents',
    tags,
    summary: `Your documents, the most recent first (${RECENT_DOCUMENTS} unless \`limit\` says); \`q\` searches titles (case-insensitive substring)`,
    request: { query: listQuery },
    responses: { 200: json(documentListSchema, 'Documents'), ...common },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/documents/{id}',
    tags,
    summary: 'One document with its processing status, stage and progress',
    request: { params: documentId },
    responses: { 200: json(documentSchema, 'The document'), ...common, 404: error(DOCUMENT_NOT_FOUND) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/v1/knowledge/documents/{id}',
    tags,
    summary:
      'Delete a document, its original and what it contributed (entities and relationships left without evidence disappear)',
    request: { params: documentId },
    responses: { 204: { description: 'Deleted' }, ...common, 404: error(DOCUMENT_NOT_FOUND) },
  }),
  reprocess: createRoute({
    method: 'post',
    path: '/api/v1/knowledge/documents/{id}/reprocess',
    tags,
    summary: 'Process a document again (a job; charged as document_processing when it succeeds)',
    request: { params: documentId },
    responses: {
      202: json(documentSchema, 'Queued'),
      ...common,
      404: error(DOCUMENT_NOT_FOUND),
      409: error(ALREADY_PROCESSING),
    },
  }),
  download: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/documents/{id}/download',
    tags,
    summary: 'The original file as uploaded, as an attachment',
    request: { params: documentId },
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: z.any() } } },
      ...common,
      404: error(DOCUMENT_NOT_FOUND),
    },
  }),
  stats: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/stats',
    tags,
    summary:
      'Spec 3 knowledge stats: totalDocuments, totalEntities, totalRelationships, recentActivity (documents created in the last 7 days)',
    responses: { 200: json(knowledgeStatsSchema, 'Statistics'), 401: common[401] },
  }),
  demo: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/demo',
    tags,
    summary:
      'The demo library (a security and compliance library loaded, free, the first time you open the knowledge base): pending, loaded or removed, and how many demo documents you have',
    responses: { 200: json(demoLibrarySchema, 'The demo library'), 401: common[401] },
  }),
  loadDemo: createRoute({
    method: 'post',
    path: '/api/v1/knowledge/demo',
    tags,
    summary:
      'Load the demo library again (free; its documents are queued for processing; those already there stay as they are)',
    responses: { 202: json(demoLibrarySchema, 'Loaded and queued'), 401: common[401] },
  }),
  removeDemo: createRoute({
    method: 'delete',
    path: '/api/v1/knowledge/demo',
    tags,
    summary:
      'Remove the demo content in one click: every demo document and what it contributed (your own uploads stay); it is not loaded again unless asked',
    responses: {
      200: json(demoLibrarySchema.extend({ removed: z.number().int() }), 'Removed'),
      401: common[401],
    },
  }),
  demoRfqs: createRoute({
    method: 'get',
    path: '/api/v1/knowledge/demo/rfqs',
    tags,
    summary:
      'Sample requests for quotation to try (public-domain U.S. federal RFQs): name, title and every file with its Markdown',
    responses: { 200: json(demoRfqListSchema, 'Sample RFQs'), 401: common[401] },
  }),
};

export function knowledgeDocumentRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  const maxMb = deps.config.uploadMaxMb;
  registerDocumentProcessing(deps);

  app.use('/api/v1/knowledge/documents', requireCaller(deps));
  app.use('/api/v1/knowledge/documents/*', requireCaller(deps));
  app.use('/api/v1/knowledge/stats', requireCaller(deps));
  app.use('/api/v1/knowledge/demo', requireCaller(deps));
  app.use('/api/v1/knowledge/demo/*', requireCaller(deps));
  app.use(
    '/api/v1/knowledge/documents',
    bodyLimit({
      // The files plus the multipart envelope (a part's headers are a few hundred bytes).
      maxSize: maxMb * UPLOAD_REQUEST_FACTOR * 1024 * 1024 + 1024 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, uploadTooLargeText(maxMb));
      },
    }),
  );

  app.openapi(routes.upload, async (c) => {
    const form = await c.req.parseBody({ all: true }).catch(() => {
      throw new AppError('BAD_REQUEST', 400, NO_FILES);
    });
    checkMultipart(form);
    const field = form.files ?? form['files[]'];
    const files = (Array.isArray(field) ? field : field === undefined ? [] : [field]).filter(
      (f): f is File => f instanceof File,
    );
    if (files.length === 0) throw new AppError('VALIDATION_ERROR', 400, NO_FILES);
    const uploaded: UploadedFile[] = files.map((file) => ({
      name: file.name,
      size: file.size,
      bytes: async () => new Uint8Array(await file.arrayBuffer()),
    }));
    const results = await uploadDocuments(deps, c.var.caller, uploaded);
    const queued = results.some((r) => r.document?.status === 'queued');
    return queued ? c.json({ results }, 202) : c.json({ results }, 200);
  });

  // The first use of the knowledge base (its list or its stats) brings the demo library, once.
  app.openapi(routes.list, async (c) => {
    await ensureDemoLibrary(deps, c.var.caller);
    return c.json({ documents: await listDocuments(db, c.var.caller, c.req.valid('query')) }, 200);
  });

  app.openapi(routes.get, async (c) =>
    c.json(await getDocument(db, c.var.caller, c.req.valid('param').id), 200),
  );

  app.openapi(routes.remove, async (c) => {
    await deleteDocument(db, c.var.caller, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.reprocess, async (c) =>
    c.json(await reprocessDocument(deps, c.var.caller, c.req.valid('param').id), 202),
  );

  app.openapi(routes.download, async (c) => {
    const file = await getDocumentFile(db, c.var.caller, c.req.valid('param').id);
    return c.body(new Uint8Array(file.content), 200, {
      'content-type': file.mimeType,
      'content-disposition': contentDisposition(file.filename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  app.openapi(routes.stats, async (c) => {
    await ensureDemoLibrary(deps, c.var.caller);
    return c.json(await getKnowledgeStats(db, c.var.caller), 200);
  });

  app.openapi(routes.demo, async (c) => c.json(await getDemoLibrary(deps.database, c.var.caller), 200));
  app.openapi(routes.loadDemo, async (c) => c.json(await loadDemoLibrary(deps, c.var.caller), 202));
  app.openapi(routes.removeDemo, async (c) => {
    const { removed } = await removeDemoLibrary(deps.database, c.var.caller);
    return c.json({ ...(await getDemoLibrary(deps.database, c.var.caller)), removed }, 200);
  });
  app.openapi(routes.demoRfqs, (c) => c.json({ rfqs: demoRfqs() }, 200));

  return app;
}
