import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  DOC_COMPANY_NOT_FOUND,
  DOC_CONTACT_NOT_FOUND,
  DOC_EXPORT_FORMATS,
  DOC_NOT_FOUND,
  DOC_PROSPECT_NOT_FOUND,
  DOC_TEMPLATE_INFO,
  DOC_TEMPLATES,
  documentPatchSchema,
  generatedDocumentListSchema,
  generatedDocumentSchema,
  generateRequestSchema,
  generateResponseSchema,
} from '../../../shared/docgen.ts';
import type { AiEngine } from '../../ai/port.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { markdownToDocx } from '../../export/docx.ts';
import { markdownToPdf } from '../../export/pdf.ts';
import { contentDisposition } from '../../http/download.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { recordAgentRun } from '../agents/executions.ts';
import { ensureDemoLibrary } from '../knowledge/service.ts';
import { deleteDocument, generateDocument, getDocument, listDocuments, updateDocument } from './service.ts';

const tags = ['Document generation'];
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
const idParam = z.object({ id: z.uuid({ error: 'must be a document id (UUID)' }) });

const templateSchema = z.object({
  id: z.enum(DOC_TEMPLATES),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['email', 'document']),
  needs: z.array(z.enum(['company', 'contact', 'prospect'])),
});

const routes = {
  templates: createRoute({
    method: 'get',
    path: '/api/v1/docgen/templates',
    tags,
    summary: 'The document templates, with what each needs to be complete',
    responses: { 200: json(z.object({ templates: z.array(templateSchema) }), 'Templates'), ...common },
  }),
  generate: createRoute({
    method: 'post',
    path: '/api/v1/docgen/documents',
    tags,
    summary:
      "Generate a document from a template for a company (companyId, or the prospect's or contact's company), a contact and a prospect (its forecast and momentum), with the ideal customer profile, your company's profile and facts from the knowledge base, each cited; what is not known is marked \"[Missing: ...]\" and listed in `missing`, never invented. Saved; one document_generation credit.",
    request: { body: { content: { 'application/json': { schema: generateRequestSchema } }, required: true } },
    responses: {
      201: json(generateResponseSchema, 'The document'),
      ...common,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
      404: error(`${DOC_COMPANY_NOT_FOUND}, ${DOC_CONTACT_NOT_FOUND} or ${DOC_PROSPECT_NOT_FOUND}`),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/api/v1/docgen/documents',
    tags,
    summary: 'Your generated documents, most recently changed first',
    responses: { 200: json(generatedDocumentListSchema, 'Documents'), ...common },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/docgen/documents/{id}',
    tags,
    summary: 'A generated document with its Markdown and sources',
    request: { params: idParam },
    responses: { 200: json(generatedDocumentSchema, 'The document'), ...common, 404: error(DOC_NOT_FOUND) },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/v1/docgen/documents/{id}',
    tags,
    summary: 'Edit the title or the Markdown (what is missing follows the marks left in it)',
    request: {
      params: idParam,
      body: { content: { 'application/json': { schema: documentPatchSchema } }, required: true },
    },
    responses: { 200: json(generatedDocumentSchema, 'The document'), ...common, 404: error(DOC_NOT_FOUND) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/v1/docgen/documents/{id}',
    tags,
    summary: 'Delete a generated document',
    request: { params: idParam },
    responses: { 204: { description: 'Deleted' }, ...common, 404: error(DOC_NOT_FOUND) },
  }),
  export: createRoute({
    method: 'get',
    path: '/api/v1/docgen/documents/{id}/export',
    tags,
    summary: 'Download the document as DOCX, PDF or Markdown',
    request: {
      params: idParam,
      query: z
        .object({
          format: z.enum(DOC_EXPORT_FORMATS, { error: `must be one of ${DOC_EXPORT_FORMATS.join(', ')}` }),
        })
        .strict(),
    },
    responses: { 200: { description: 'The file' }, ...common, 404: error(DOC_NOT_FOUND) },
  }),
};

/** Document generation: templates, generate, list, edit, delete, export. */
export function docgenRoutes(deps: AppDeps, engine: AiEngine) {
  const app = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  app.use('/api/v1/docgen/*', requireCaller(deps));

  app.openapi(routes.templates, (c) =>
    c.json({ templates: Object.values(DOC_TEMPLATE_INFO).map((t) => ({ ...t, needs: [...t.needs] })) }, 200),
  );

  app.openapi(routes.generate, async (c) => {
    const request = c.req.valid('json');
    // One run of David: its record names the document (template and company), or the template when it failed.
    const document = await recordAgentRun(
      deps,
      c.var.caller.id,
      {
        agentId: 'david',
        input: (doc) =>
          doc?.title ?? [DOC_TEMPLATE_INFO[request.template].name, request.notes].filter(Boolean).join(': '),
        credits: (doc) => doc.creditsCharged,
      },
      () => generateDocument(deps, engine, c.var.caller, request, c.var.logger),
    );
    return c.json(document, 201);
  });

  // Opening document generation first brings the demo library, as the knowledge base does: documents cite it.
  app.openapi(routes.list, async (c) => {
    await ensureDemoLibrary(deps, c.var.caller);
    return c.json({ documents: await listDocuments(db, c.var.caller) }, 200);
  });

  app.openapi(routes.get, async (c) =>
    c.json(await getDocument(db, c.var.caller, c.req.valid('param').id), 200),
  );

  app.openapi(routes.update, async (c) =>
    c.json(await updateDocument(db, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(routes.remove, async (c) => {
    await deleteDocument(db, c.var.caller, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.export, async (c) => {
    const document = await getDocument(db, c.var.caller, c.req.valid('param').id);
    const { format } = c.req.valid('query');
    const subtitle = [document.companyName, DOC_TEMPLATE_INFO[document.template].name]
      .filter(Boolean)
      .join(' · ');
    if (format === 'md') {
      return c.body(document.markdown, 200, {
        'content-type': 'text/markdown; charset=utf-8',
        'content-disposition': contentDisposition(`${document.title}.md`),
      });
    }
    if (format === 'pdf') {
      const bytes = await markdownToPdf({ title: document.title, subtitle, markdown: document.markdown });
      return c.body(new Uint8Array(bytes), 200, {
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition(`${document.title}.pdf`),
      });
    }
    const bytes = await markdownToDocx({ title: document.title, subtitle, markdown: document.markdown });
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'content-disposition': contentDisposition(`${document.title}.docx`),
    });
  });

  return app;
}
