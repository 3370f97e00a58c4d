/**
 * The nine tabs of the architecture page (spec 3 §2): what this system is and how it is built, written from the
 * code, with the live figures filled in. No figure here is typed in by hand: counts come from `figures`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARCHITECTURE_TABS,
  type ArchitectureBlock,
  type ArchitectureFigures,
  type ArchitectureTab,
  type ArchitectureTabId,
} from '../../../shared/architecture.ts';
import { APP_PATHS, PUBLIC_PATHS } from '../../../shared/routes.ts';
import type { Config } from '../../config.ts';
import { PROJECT_ROOT } from '../../paths.ts';

type Section = ArchitectureTab['sections'][number];

const number = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${number(n)} ${n === 1 ? one : many}`;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const text = (value: string): ArchitectureBlock => ({ kind: 'text', text: value });
const list = (items: string[]): ArchitectureBlock => ({ kind: 'list', items });
const figures = (items: [string, string][]): ArchitectureBlock => ({
  kind: 'figures',
  items: items.map(([label, value]) => ({ label, value })),
});
const table = (caption: string, columns: string[], rows: string[][]): ArchitectureBlock => ({
  kind: 'table',
  caption,
  columns,
  rows,
});
const section = (heading: string, ...blocks: ArchitectureBlock[]): Section => ({ heading, blocks });

export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}

function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'not readable by this role';
  if (bytes < 1024 * 1024) return `${number(Math.round(bytes / 1024))} KB`;
  return `${number(Math.round(bytes / (1024 * 1024)))} MB`;
}

function databaseName(f: ArchitectureFigures): string {
  return f.database.engine === 'pglite'
    ? `Embedded PGlite, PostgreSQL ${f.database.serverVersion}`
    : `PostgreSQL ${f.database.serverVersion}`;
}

function aiName(f: ArchitectureFigures): string {
  return f.ai.provider === 'builtin'
    ? 'Built-in engine (offline, no model)'
    : `OpenAI-compatible endpoint, model ${f.ai.model ?? 'unknown'}`;
}

/** The declared versions of the main dependencies (package.json), read once. */
let declared: Record<string, string> | null = null;
function dependencyVersion(name: string): string {
  if (!declared) {
    try {
      const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'));
      declared = { ...manifest.devDependencies, ...manifest.dependencies };
    } catch {
      declared = {};
    }
  }
  return declared?.[name]?.replace(/^[\^~]/, '') ?? '—';
}

function overview(f: ArchitectureFigures): Section[] {
  const rls = f.roles.rowLevelSecurityTables;
  return [
    section(
      'What Prospector is',
      text(
        'Prospector is an open-source, self-hostable AI sales-agent platform. Five working agents (Alex finds companies, Jim finds people, Emma answers sales questions, Maya drafts RFP responses, David writes sales documents) sit behind a copilot that reads a free-text request and hands it to the right agent. A knowledge base turns uploaded documents into a knowledge graph with a cited chat over it; prospects carry forecasts and deal momentum; every paid activity is metered in credits, charged on the server with a ledger.',
      ),
    ),
    section(
      'This installation, now',
      figures([
        ['Version', f.version],
        ['Up for', formatDuration(f.uptimeSeconds)],
        ['Database', databaseName(f)],
        ['AI engine', aiName(f)],
        ['Tables', `${number(f.tables.length)} (${number(rls)} with row-level security)`],
        [
          'Migrations applied',
          `${number(f.migrations.applied)} of ${number(f.migrations.inRepository)}${f.migrations.latest ? `, latest ${f.migrations.latest}` : ''}`,
        ],
        ['API operations', number(f.api.total)],
        ['Job types', number(f.jobs.types.length)],
      ]),
      text(
        'Every figure on this page is read from the running server when the page is unlocked: the database catalogue, the migrations table, the OpenAPI document the routes generate, the job queue and the configuration.',
      ),
    ),
    section(
      'Principles',
      list([
        'Works offline out of the box: `npm install && npm start` runs on an embedded database with a built-in AI engine that needs no key. A PostgreSQL server or an OpenAI-compatible model makes it bigger or better, never possible.',
        'The server is the source of truth: credits, permissions, validation and the password of this page are checked on the server and in the database, never only in the browser.',
        'Real parts: the same PostgreSQL SQL on PGlite and on a PostgreSQL server, a real browser in end-to-end tests, real public company data.',
        'One way to do each thing: one error type, one API client, one way to run SQL, one job queue.',
      ]),
    ),
  ];
}

function architecture(f: ArchitectureFigures): Section[] {
  const methods = Object.entries(f.api.byMethod).sort(([a], [b]) => a.localeCompare(b));
  return [
    section(
      'Three parts, one codebase',
      list([
        'src/shared: what the server and the browser must agree on: zod schemas and their types, the route table, the agent catalogue, plans and prices, error texts, pure logic such as the filter validator. It imports nothing from the other two.',
        'src/server: a Hono application on Node. The composition root reads the configuration, opens and migrates the database, builds the services and mounts each feature’s routes. A feature owns routes.ts (HTTP and its zod schemas), its service and its tests; features call each other only through a service.',
        'src/web: a React 19 single-page app built by Vite and split per route. Public pages are rendered to HTML at build time and hydrated; the signed-in app loads as its own chunk. Web features never import each other: src/web/app composes them.',
      ]),
    ),
    section(
      'Stack',
      table(
        'Main dependencies and their declared versions (package.json)',
        ['Concern', 'Choice', 'Version'],
        [
          ['Runtime', `Node.js (running ${f.nodeVersion})`, '—'],
          ['HTTP server', 'Hono on @hono/node-server', dependencyVersion('hono')],
          ['API contract', '@hono/zod-openapi with zod', dependencyVersion('@hono/zod-openapi')],
          ['Database access', 'Drizzle ORM over pg or PGlite', dependencyVersion('drizzle-orm')],
          ['Embedded database', '@electric-sql/pglite', dependencyVersion('@electric-sql/pglite')],
          ['Accounts', 'Better Auth with @node-rs/argon2', dependencyVersion('better-auth')],
          ['AI (model adapter)', 'Vercel AI SDK, OpenAI-compatible provider', dependencyVersion('ai')],
          ['Web UI', 'React with React Router', dependencyVersion('react')],
          ['Data fetching', 'TanStack Query', dependencyVersion('@tanstack/react-query')],
          ['Styling', 'Tailwind CSS with Radix primitives', dependencyVersion('tailwindcss')],
          ['Logs', 'pino (JSON lines)', dependencyVersion('pino')],
          ['Tests', 'vitest, playwright-core with Chromium, axe', dependencyVersion('vitest')],
        ],
      ),
    ),
    section(
      'How a request passes through the server',
      list([
        'A request id is assigned, and one log line per request records method, path, status and duration (never the body).',
        'Security headers are set on every answer, API answers are compressed, and state-changing API requests from another site are refused.',
        'The route validates parameters and body against its zod schema; a bad one is answered 400 with the first problem named.',
        'Routes that need a user read the session (Better Auth cookie, briefly cached) and answer 401 without one.',
        'The service does the work; user data is read and written inside a transaction scoped to the caller.',
        'Errors leave in one shape, { error: { code, message } }; an unexpected one is logged with the request id and answered 500 without internals.',
      ]),
    ),
    section(
      'The HTTP API',
      text(
        `${plural(f.api.total, 'operation')} are declared with their schemas and published as an OpenAPI 3.1 document at /api/openapi.json, readable at /api/docs. Accounts live beside them under /api/auth/* (Better Auth).`,
      ),
      table(
        'API operations per HTTP method',
        ['Method', 'Operations'],
        methods.map(([method, count]) => [method, number(count)]),
      ),
      table(
        'Every API operation in the OpenAPI document',
        ['Method', 'Path', 'Area', 'What it does'],
        f.api.routes.map((route) => [route.method, route.path, route.tag, route.summary]),
      ),
    ),
  ];
}

function rolesAndAccess(f: ArchitectureFigures): Section[] {
  const apiKeys = f.api.routes.some((route) => route.path.includes('api-keys'));
  return [
    section(
      'Application roles',
      text(
        'Every signed-in user has the same role: granular roles are not built. Each user gets a personal workspace (an organization of one) at sign-up, and every row a user owns carries both organization_id and user_id, so teams can come without reshaping the data.',
      ),
      table(
        'Roles',
        ['Role', 'Status', 'What it can do'],
        [
          ['Signed-in user', 'Built', 'Everything in the app, on their own data only'],
          ['Admin', 'Planned, not built', '—'],
          ['Sales manager', 'Planned, not built', '—'],
          ['Sales rep', 'Planned, not built', '—'],
          ['Viewer', 'Planned, not built', '—'],
        ],
      ),
    ),
    section(
      'Database role and row-level security',
      figures([
        [
          'Application role',
          `${f.roles.databaseRole} (${f.roles.databaseRoleExists ? 'present' : 'missing'})`,
        ],
        [
          'Tables with row-level security',
          `${number(f.roles.rowLevelSecurityTables)} of ${number(f.tables.length)}`,
        ],
        ['Policies', number(f.policies)],
      ]),
      text(
        `User-scoped work runs in a transaction that sets app.user_id to the caller and switches to the role ${f.roles.databaseRole} (SET LOCAL ROLE). The policies on those tables then limit every statement to the caller’s rows, so a query that forgot its WHERE still cannot read or change another user’s data. Services also scope each query to the caller: isolation is enforced twice.`,
      ),
    ),
    section(
      'Public and signed-in',
      figures([
        ['Public pages', number(PUBLIC_PATHS.length)],
        ['Signed-in pages', number(APP_PATHS.length)],
      ]),
      text(
        `Public API: the health check, the OpenAPI document and its docs, Better Auth under /api/auth/* (sign-up, sign-in, password reset), the list of sign-in providers, the check of a reset link, the credit price list, the Stripe webhook (its signature is verified), privacy removal requests, and this page’s status and unlock. Every other /api/v1 route needs a signed-in session${apiKeys ? ' or an API key with the right scope' : ''} and answers 401 without one.`,
      ),
      table(
        'Public pages',
        ['Path'],
        PUBLIC_PATHS.map((path) => [path]),
      ),
    ),
    section(
      'This page',
      text(
        'One shared password, set by the operator in ARCHITECTURE_PASSWORD, is checked on the server (compared in constant time) and rate-limited per client address. The content comes only with a correct password and stays in the page’s memory: nothing is stored in the browser, and reloading the page locks it again.',
      ),
    ),
  ];
}

function dataFlow(f: ArchitectureFigures): Section[] {
  return [
    section(
      'A signed-in request',
      list([
        'The browser calls /api/v1/… on the same origin with its httpOnly session cookie.',
        'Middleware: request id and log line, security headers, compression, same-origin check for writes.',
        'The route validates the input with zod and finds the caller from the session.',
        'The service opens a transaction as the caller (app.user_id and the application role), so row-level security applies, and reads or writes through Drizzle.',
        'A paid activity is charged in one atomic statement with its ledger row; without enough credits the answer is 402 with the required and available credits.',
        'The JSON answer goes back; the browser caches it with TanStack Query.',
      ]),
    ),
    section(
      'A document upload',
      list([
        'The knowledge page sends the files as multipart form data to POST /api/v1/knowledge/documents; each file gets its own answer: accepted, or refused with the reason (an unsupported format, too large).',
        'An accepted file is stored with its original bytes and a "queued" status, and a processing job is enqueued.',
        'A worker of the job queue claims the job (FOR UPDATE SKIP LOCKED) and goes through the stages: extracting text (PDF, Word, text, Markdown, HTML, CSV, JSON), chunking into passages, extracting entities, linking them into relationships.',
        'Passages, entities and relationships are written in one transaction, replacing the document’s previous contribution, so nothing is ever half-indexed; a crash leaves the job to be picked up again.',
        'Once indexed, document_processing is charged; the page follows each file’s stage until it is indexed or failed with its reason.',
      ]),
    ),
    section(
      'A copilot request',
      list([
        'The user types a request; the app posts it to /api/v1/copilot/analyze (or the chat endpoint) with its context.',
        `The AI engine (${aiName(f)}) reads the intent, the entities and the agent that fits.`,
        'The filters it suggests are validated against the real company data (exact, synonym, substring, variants); what matches replaces the user’s words and what does not is reported.',
        'One ai_query credit is charged after a real analysis (a fallback answer is free), and the answer carries the hand-off: the agent’s route and its parameters.',
        'The app opens that agent with the filters applied, and the shared workflow state remembers the step.',
      ]),
    ),
    section(
      'Long work',
      text(
        `Work that takes longer than a request (document processing, drafting every RFP answer, imports, enrichment, periodic clean-ups) runs as a job: the request answers 202 with a job id, and GET /api/v1/jobs/{id} or its server-sent events report progress. ${plural(f.jobs.types.length, 'job type is', 'job types are')} registered in this server.`,
      ),
    ),
  ];
}

function database(f: ArchitectureFigures): Section[] {
  const pending = f.migrations.inRepository - f.migrations.applied;
  return [
    section(
      'The database in use',
      figures([
        ['Engine', databaseName(f)],
        ['Size on disk', formatBytes(f.database.sizeBytes)],
        ['Tables', number(f.tables.length)],
        ['With row-level security', number(f.roles.rowLevelSecurityTables)],
        ['Policies', number(f.policies)],
        ['Indexes', number(f.indexes)],
        ['Migrations applied', `${number(f.migrations.applied)} of ${number(f.migrations.inRepository)}`],
        ['Latest migration', f.migrations.latest ?? 'none'],
      ]),
      text(
        'Only the PostgreSQL dialect is used. Embedded, PGlite runs PostgreSQL compiled to WebAssembly inside the server process, so the SQL is the same as on a PostgreSQL server. Migrations are drizzle-kit SQL files applied automatically at start and recorded in drizzle.__drizzle_migrations.' +
          (pending > 0
            ? ` ${plural(pending, 'migration')} of the repository ${pending === 1 ? 'is' : 'are'} not applied.`
            : ''),
      ),
      table(
        'Extensions',
        ['Extension', 'Version'],
        f.database.extensions.map((e) => [e.name, e.version]),
      ),
    ),
    section(
      'Conventions',
      list([
        'Tables keep the names of the product specification (user_profiles, user_credits, credit_transactions, company_master, saved_prospects, knowledge_entities, document_references, agent_executions…) and add what they need: ids, timestamps, foreign keys, indexes.',
        'Money and credits are integers. A deduction is one UPDATE that checks the balance, in the same transaction as its ledger row, so the ledger always sums to the balance.',
        'Search uses PostgreSQL full text and trigram similarity (pg_trgm); no vector extension is required.',
        'Jobs, rate-limit counters and the generated auth secret live in the database too, so several server instances on one PostgreSQL agree.',
      ]),
    ),
    section(
      'Tables',
      table(
        `The ${plural(f.tables.length, 'table')} of the public schema`,
        ['Table', 'Columns', 'Row-level security', 'Policies'],
        f.tables.map((t) => [t.name, number(t.columns), yesNo(t.rowLevelSecurity), number(t.policies)]),
      ),
    ),
  ];
}

function infrastructure(f: ArchitectureFigures, config: Config): Section[] {
  const providers = config.auth.providers.map((p) => p.name);
  const statuses = Object.entries(f.jobs.byStatus);
  return [
    section(
      'What runs',
      text(
        f.database.engine === 'pglite'
          ? 'One Node.js process serves the web app and the API and runs the job worker. The database is embedded: PGlite keeps its files under DATA_DIR/db and runs inside the same process on one connection, so this installation is one process on one machine. Setting DATABASE_URL moves it to a PostgreSQL server.'
          : 'A Node.js process serves the web app and the API and runs the job worker, against a PostgreSQL server (a pool of connections). Several such processes can share one database: jobs are claimed with FOR UPDATE SKIP LOCKED, and rate limits and the auth secret are kept in the database.',
      ),
      figures([
        ['Node.js', f.nodeVersion],
        ['Started', f.startedAt],
        ['Up for', formatDuration(f.uptimeSeconds)],
        ['Database', databaseName(f)],
        ['AI engine', aiName(f)],
        ['Mail', config.mail.smtpUrl ? 'SMTP server' : 'Embedded outbox (no SMTP_URL)'],
        ['Payments', config.payments.provider === 'stripe' ? 'Stripe Checkout' : 'Demo payments (no charge)'],
        ['Sign-in', ['E-mail and password', ...providers].join(', ')],
      ]),
      text(
        'External services are optional: an OpenAI-compatible model, an SMTP server, Stripe and single sign-on providers are used only when configured. The server shuts down gracefully on SIGINT and SIGTERM: it stops accepting, lets running requests and jobs finish, then closes the database.',
      ),
    ),
    section(
      'The job queue',
      text(
        'One queue in PostgreSQL: a jobs table whose rows workers claim with FOR UPDATE SKIP LOCKED, with retries and backoff, heartbeats, recovery of jobs left by a server that died, progress over server-sent events and periodic schedules.',
      ),
      table(
        'Job types registered in this server',
        ['Job type'],
        f.jobs.types.map((type) => [type]),
      ),
      table(
        'Periodic schedules',
        ['Schedule', 'Job type', 'Every'],
        f.jobs.schedules.map((s) => [s.name, s.type, formatDuration(s.intervalSeconds)]),
      ),
      table(
        'Jobs in the table, by status',
        ['Status', 'Jobs'],
        statuses.length > 0
          ? statuses.map(([status, count]) => [status, number(count)])
          : [['none yet', '0']],
      ),
    ),
  ];
}

function codebase(f: ArchitectureFigures): Section[] {
  const conventions = section(
    'Conventions',
    list([
      'Cut by feature, not by kind of file: the same feature names on the server and in the web app (companies, people, copilot, knowledge, rfp, credits, architecture…).',
      'Named exports, kebab-case file names, no barrel files; a feature calls another only through its service.',
      'Tests sit beside the code they test and run against PGlite and PostgreSQL; browser journeys live in tests/e2e and drive Chromium.',
    ]),
  );
  if (!f.codebase) {
    return [
      section(
        'Size',
        text('The source files are not shipped with this installation, so they are not counted.'),
      ),
      conventions,
    ];
  }
  const areas = f.codebase.folders.filter((folder) => !folder.path.includes('/features/'));
  const features = f.codebase.folders.filter((folder) => folder.path.includes('/features/'));
  const lines = areas.reduce((sum, folder) => sum + folder.lines, 0);
  const files = areas.reduce((sum, folder) => sum + folder.files, 0);
  const rows = (folders: typeof areas) => folders.map((x) => [x.path, number(x.files), number(x.lines)]);
  return [
    section(
      'Size',
      figures([
        ['Source files', number(files)],
        ['Lines', number(lines)],
        ['Test files', number(f.codebase.testFiles)],
      ]),
      text('TypeScript, CSS and SQL files, counted on disk when this page was unlocked.'),
      table('Files and lines per part', ['Folder', 'Files', 'Lines'], rows(areas)),
      table('Files and lines per feature', ['Feature', 'Files', 'Lines'], rows(features)),
    ),
    conventions,
  ];
}

function security(f: ArchitectureFigures): Section[] {
  const has = (part: string) => f.api.routes.some((route) => route.path.includes(part));
  // Measures of areas that may be absent from a build are listed only when their routes are there.
  const integrations = [
    ...(has('/api-keys')
      ? [
          'API keys are shown once and stored as SHA-256 hashes; each carries scopes checked on every route, and a revoked key fails on its next request.',
        ]
      : []),
    ...(has('/integrations/webhooks')
      ? [
          'Outgoing webhooks are signed with HMAC-SHA256, and targets on private or loopback addresses are refused unless the operator allows them (SSRF).',
        ]
      : []),
  ];
  return [
    section(
      'Measures in place',
      list([
        'Passwords are hashed with argon2id (19 MiB, 2 passes); the server refuses short passwords, the 49,000 most common ones and ones made of the user’s own name or address.',
        'Sessions are httpOnly cookies issued by Better Auth; password-reset links are single-use and never written to the logs.',
        `Row-level security on ${plural(f.roles.rowLevelSecurityTables, 'table')} (${plural(f.policies, 'policy', 'policies')}) for the application role, on top of services scoping every query to the caller.`,
        'State-changing API requests sent by a browser from another site are refused (Origin and Sec-Fetch-Site checks).',
        'Rate limits kept in the database, so every instance shares them: sign-in per client address and per e-mail, the mails of sign-up, verification and password reset, password changes, privacy removal requests, and this page’s password; over the limit the answer is 429 with Retry-After.',
        "Security headers on every answer, set on Node's response before the app runs: for pages, a Content-Security-Policy that allows only our own scripts (the one inline script by hash), X-Frame-Options DENY, nosniff, a strict referrer policy, same-origin opener and resource policies, and a permissions policy without camera, microphone or location; for API data, a policy that allows nothing (default-src 'none'), nosniff, DENY and a same-origin resource policy.",
        'Secrets we must read back (webhook signing secrets, AI provider keys) are sealed with AES-256-GCM under a key derived from the auth secret, so a database dump alone does not reveal them.',
        'Every request body and query is validated against its schema; unexpected errors are answered without internals.',
        'Credits are charged on the server in one atomic statement; the browser never decides a balance.',
        'Payments are granted only from Stripe webhooks whose signature verifies.',
        'This page’s password is compared in constant time on hashes and never stored in the browser.',
        ...integrations,
      ]),
    ),
    section(
      'Tests',
      text(
        f.codebase
          ? `${plural(f.codebase.testFiles, 'automated test file')}: integration tests on PGlite and PostgreSQL, browser journeys in Chromium with axe accessibility checks, and an sqlmap run against the search endpoints (npm run test:security).`
          : 'Integration tests on PGlite and PostgreSQL, browser journeys in Chromium with axe accessibility checks, and an sqlmap run against the search endpoints (npm run test:security).',
      ),
    ),
    section(
      'Not built',
      list([
        'Granular roles and teams: every signed-in user has the same rights over their own data.',
        'Two-factor sign-in.',
      ]),
    ),
  ];
}

function roadmap(f: ArchitectureFigures): Section[] {
  const pending = f.migrations.inRepository - f.migrations.applied;
  return [
    section(
      'Open work',
      text(
        'What is not built yet, in the order we expect to take it. The horizons are intentions, not commitments.',
      ),
      table(
        'Roadmap',
        ['Horizon', 'Work'],
        [
          [
            '0-2 weeks',
            'Settle the newest areas (agent catalogue with measured figures, sales projects, events and buyer intent, integrations) on real use and fix what it shows.',
          ],
          [
            '2-6 weeks',
            'Teams: invite people into a workspace, with the planned roles (admin, sales manager, sales rep, viewer) enforced on the server and by row-level security.',
          ],
          [
            '6-12 weeks',
            'Native CRM connectors (Salesforce and others) beyond today’s CSV files, API and webhooks; automatic credit top-up with Stripe (it needs a saved card).',
          ],
          [
            '3-6 months',
            'Two-factor sign-in; knowledge-base sync from cloud storage; optional semantic retrieval with pgvector where the database has it.',
          ],
        ],
      ),
      ...(pending > 0
        ? [text(`This server has ${plural(pending, 'migration')} of its repository still to apply.`)]
        : []),
    ),
  ];
}

/** The nine tabs, in the spec's order, written around the live figures. */
export function architectureTabs(f: ArchitectureFigures, config: Config): ArchitectureTab[] {
  const builders: Record<ArchitectureTabId, { summary: string; sections: () => Section[] }> = {
    overview: {
      summary: 'What Prospector is, and this installation at a glance.',
      sections: () => overview(f),
    },
    architecture: {
      summary: 'The parts of the system, its stack and its HTTP API.',
      sections: () => architecture(f),
    },
    roles: {
      summary: 'Who can do what: application roles, the database role and row-level security.',
      sections: () => rolesAndAccess(f),
    },
    'data-flow': {
      summary: 'What happens for a request, a document upload and a copilot request.',
      sections: () => dataFlow(f),
    },
    database: { summary: 'The database in use, its tables and migrations.', sections: () => database(f) },
    infrastructure: {
      summary: 'The processes, services and jobs of this installation.',
      sections: () => infrastructure(f, config),
    },
    codebase: {
      summary: 'How the code is organised, and how much of it there is.',
      sections: () => codebase(f),
    },
    security: {
      summary: 'The security measures actually in place, and what is not built.',
      sections: () => security(f),
    },
    roadmap: { summary: 'The open work.', sections: () => roadmap(f) },
  };
  return ARCHITECTURE_TABS.map((tab) => ({
    id: tab.id,
    label: tab.label,
    summary: builders[tab.id].summary,
    sections: builders[tab.id].sections(),
  }));
}
