import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** Plain text with blank-line paragraphs and `code` spans, as the descriptions are written. */
const prose = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');

const json = (value: unknown) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

/** A self-contained, readable page of the OpenAPI document: no CDN, nothing the CSP would have to allow. */
export function renderApiDocs(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
        )
        .join('');
      const body = op.requestBody?.content
        ? Object.entries(op.requestBody.content)
            .map(
              ([type, media]) =>
                `<h4>Request body <small>${escapeHtml(type)}</small></h4>${json(media.schema)}`,
            )
            .join('')
        : '';
      const responses = Object.entries(op.responses ?? {})
        .map(
          ([status, r]) =>
            `<details><summary><b>${status}</b> ${escapeHtml(r.description ?? '')}</summary>${Object.values(
              r.content ?? {},
            )
              .map((m) => json(m.schema))
              .join('')}</details>`,
        )
        .join('');
      const section = `<section class="op" id="${method}-${escapeHtml(path)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
${op.summary ? `<p>${escapeHtml(op.summary)}</p>` : ''}${op.description ? prose(op.description) : ''}
${params ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>required</th><th>description</th></tr></thead><tbody>${params}</tbody></table>` : ''}
${body}<h4>Responses</h4>${responses}</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<details id="schema-${escapeHtml(name)}"><summary><b>${escapeHtml(name)}</b></summary>${json(schema)}</details>`,
    )
    .join('');
  const toc = [...byTag.keys()]
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const tags = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} API</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/api/docs.css"></head>
<body><main><h1>${escapeHtml(doc.info.title)} API <small>v${escapeHtml(doc.info.version)}</small></h1>
${prose(doc.info.description ?? '')}<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav><ul>${toc}<li><a href="#schemas">Schemas</a></li></ul></nav>${tags}<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>`;
}

const DOCS_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#fff}main{max-width:960px;margin:0 auto;padding:24px}
h1 small{font-size:14px;color:#6b7280}h2{border-bottom:1px solid #e5e7eb;padding-bottom:4px;margin-top:40px}
.op{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:16px 0}.op h3{margin:0 0 8px;font-size:16px}
.method{display:inline-block;min-width:56px;text-align:center;border-radius:4px;padding:2px 6px;color:#fff;font-size:12px}
.get{background:#2563eb}.post{background:#16a34a}.put,.patch{background:#d97706}.delete{background:#dc2626}
pre{background:#f3f4f6;padding:8px;border-radius:6px;overflow:auto;font-size:13px}table{border-collapse:collapse}
td,th{border:1px solid #e5e7eb;padding:4px 8px;text-align:left}summary{cursor:pointer;margin:4px 0}
@media (prefers-color-scheme:dark){body{background:#0b1120;color:#e5e7eb}pre{background:#111827}.op,td,th,h2{border-color:#374151}}`;

/** `getDocument` returns the generated OpenAPI 3.1 object; we read only the parts typed above. */
export function mountApiDocs(app: Hono<AppEnv>, getDocument: () => object): void {
  let html: string | null = null;
  app.get('/api/docs', (c) => {
    html ??= renderApiDocs(getDocument() as OpenApiDocument);
    return c.html(html);
  });
  app.get('/api/docs.css', (c) => c.body(DOCS_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }));
}
