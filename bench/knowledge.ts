/**
 * Knowledge-base benchmark (issue 8): ingestion, the chat and the graph API over the real library of
 * ../shared/data/kb (KB_DATA_DIR), on PostgreSQL and on PGlite. Targets: the whole library ingested in
 * <= 60 s with the built-in engine; chat p95 <= 200 ms over it and over a 10x corpus; the graph API for a
 * 10,000-node neighbourhood p95 <= 300 ms.
 *
 * - Ingest: every file of the library whose extension the upload accepts goes through addDocument +
 *   processDocument in process (the built-in engine, as the job queue runs it, charged as an upload), one after
 *   the other, on a database holding our company data (the lexicon of processing, as `npm start` loads it):
 *   wall time, documents/s and MB/min. The `.md.tmpl` policy templates are ingested as Markdown with their
 *   placeholders filled as the demo library fills them (demo.ts) for COMPANIES[0], titled by their first
 *   heading (as the evaluation test does); files without an accepted extension (the LICENSE files) are skipped
 *   and listed. A file the pipeline refuses or fails to index is counted and named with its error (an info
 *   figure and the log: the issue's target is the time; whether the refusal is right is for a reader to judge),
 *   not a crash.
 * - Chat: answerFromKnowledge in process (the built-in engine), each question once, one at a time, after
 *   CHAT_WARMUP of them. The questions: the requirements of standards-for-tuning as the evaluation test asks
 *   them (title and summary; a domain's title for the SOC 2 files that list procedures under it) and the 242
 *   questions of Google's VSAQ questionnaires (vsaq-questions-flat.json), every CHAT_STEP-th of them. Over the
 *   library twice: as the ingest left it (nothing gathers planner statistics on PGlite, and PostgreSQL's
 *   autovacuum has not yet), then after ANALYZE. Then over a 10x corpus, every SCALED_CHAT_STEP-th of those
 *   questions: another user holding SCALE copies of the library, written in SQL (writeScaledCorpus: documents,
 *   passages and their word counts, entities, relationships and their evidence; copy k under its own file
 *   names and titles, with COMPANIES[0] replaced by COMPANIES[k - 1] in its passages, as if the templates had
 *   been filled in for another company), so that retrieval meets SCALE times the passages with the same words in the same
 *   proportions, and entities with SCALE times the evidence. Ingesting the copies through the pipeline
 *   would cost SCALE times the ingest figure on each backend. Last, `POST /api/v1/knowledge/chat` on the
 *   production build (the bundled server, after its start-up load), one request at a time over the same
 *   questions, on the library (charged as a user's chat).
 * - Graph: a hub entity with GRAPH_FIRST_HOP neighbours and the rest of GRAPH_NODES entities one hop further
 *   (each linked to one inner entity, and by a weaker 'mentioned with' to a second one), written in SQL for a
 *   third user; `GET /api/v1/knowledge/graph/neighbourhood?depth=2&limit=10000` (10,000 is the API's maximum,
 *   GRAPH_MAX_NODES, the hub included) through the production build, GRAPH_REQUESTS times one after the other
 *   after GRAPH_WARMUP, timed to the whole body.
 *
 * The in-process work runs first; on PGlite (one process's database) the server then starts on the same data
 * directory, after the bench has closed it. BENCH_ONLY=postgres|pglite runs one backend.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { createBuiltinEngine } from '../src/server/ai/builtin/engine.ts';
import type { AiEngine } from '../src/server/ai/port.ts';
import { loadConfig } from '../src/server/config.ts';
import type { AppDeps, Caller } from '../src/server/context.ts';
import { type Database, type Db, queryRows } from '../src/server/db/client.ts';
import { seedReferenceData } from '../src/server/db/seed/seed.ts';
import { loadCompanyData } from '../src/server/features/companies/data/load-company-data.ts';
import { answerFromKnowledge } from '../src/server/features/knowledge/chat.ts';
import { demoValues, firstHeading, renderTemplate } from '../src/server/features/knowledge/demo.ts';
import { addDocument, processDocument } from '../src/server/features/knowledge/documents.ts';
import { createApp } from '../src/server/http/app.ts';
import { AppError } from '../src/server/http/errors.ts';
import { createJobQueue } from '../src/server/jobs/queue.ts';
import { createLogger } from '../src/server/logger.ts';
import { createAppDeps } from '../src/server/server.ts';
import { documentExtension, GRAPH_MAX_NODES, type GraphColumns } from '../src/shared/knowledge.ts';
import { type Figure, ROOT, report } from './lib.ts';
import {
  type Backend,
  round1,
  runBackends,
  type Session,
  sampleLoaded,
  withPglite,
  withPgliteDir,
  withPostgres,
  withServer,
} from './search-lib.ts';

const KB = process.env.KB_DATA_DIR ?? join(ROOT, '../shared/data/kb');
const INGEST_TARGET_S = 60;
const CHAT_TARGET_MS = 200;
const GRAPH_TARGET_MS = 300;
/** The synthetic corpus is this many times the library. */
const SCALE = 10;
/** Every CHAT_STEP-th question of the set is asked (the whole set takes minutes per corpus and backend)... */
const CHAT_STEP = 4;
/** ...and every SCALED_CHAT_STEP-th of those over the 10x corpus (seconds each on PGlite). */
const SCALED_CHAT_STEP = 4;
const CHAT_WARMUP = 5;
/** The graph: a hub, GRAPH_FIRST_HOP neighbours, and the rest of GRAPH_NODES one hop further. */
const GRAPH_NODES = 10_000;
const GRAPH_FIRST_HOP = 100;
const GRAPH_REQUESTS = 20;
const GRAPH_WARMUP = 2;
/** The company the library is filled in for, then one per copy of the 10x corpus (copy k: [k - 1]). */
const COMPANIES = [
  'Northwind Analytics',
  'Contoso Logistics',
  'Fabrikam Health',
  'Tailspin Payments',
  'Woodgrove Lending',
  'Litware Robotics',
  'Adatum Energy',
  'Proseware Media',
  'Fourth Coffee Retail',
  'Wingtip Travel',
];
const PASSWORD = 'bench-violet-harbor-42';
/** Enough credits that neither processing nor the chat is ever refused. */
const CREDITS = '1000000000';
const SERVER_ENV = { AI_PROVIDER: 'builtin', KNOWLEDGE_DEMO: 'false', DEFAULT_CREDITS: CREDITS };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

type Latencies = { p50: number; p95: number; max: number; count: number };

function latencies(times: number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round1(percentile(sorted, 0.5)),
    p95: round1(percentile(sorted, 0.95)),
    max: round1(sorted.at(-1) ?? Number.NaN),
    count: sorted.length,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The corpus and the questions
// ---------------------------------------------------------------------------------------------------------

type CorpusFile = { path: string; filename: string; title?: string; bytes: Uint8Array };
type Corpus = { files: CorpusFile[]; skipped: { path: string; reason: string }[] };

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/**
 * Every file of the library with an extension the upload accepts, as an upload would send it (its path under
 * kb/ as its name); the policy templates filled in for `company`, as Markdown titled by their first heading.
 */
function readCorpus(company: string): Corpus {
  const values = { ...demoValues(company, new Date('2026-01-15')), provider: 'Okta' };
  const corpus: Corpus = { files: [], skipped: [] };
  const encoder = new TextEncoder();
  for (const file of walk(KB)) {
    const path = relative(KB, file);
    if (path.endsWith('.md.tmpl')) {
      const markdown = renderTemplate(readFileSync(file, 'utf8'), values);
      corpus.files.push({
        path,
        filename: path.slice(0, -'.tmpl'.length),
        title: firstHeading(markdown) ?? undefined,
        bytes: encoder.encode(markdown),
      });
    } else if (documentExtension(path)) {
      corpus.files.push({ path, filename: path, bytes: new Uint8Array(readFileSync(file)) });
    } else {
      corpus.skipped.push({ path, reason: 'no extension the upload accepts' });
    }
  }
  return corpus;
}

/**
 * The chat's questions: every requirement of the standards as the evaluation test asks it (title and summary;
 * a domain's title for the SOC 2 files that list procedures under it), then the VSAQ questions; each once.
 */
function readQuestions(): string[] {
  const dir = join(KB, 'policies/standards-for-tuning');
  const questions = new Set<string>();
  type Control = { title?: string; summary?: string; mappedControls?: string[] };
  type Group = { title?: string; controls?: Control[]; requirements?: Control[] };
  for (const file of walk(dir).filter((f) => f.endsWith('.json'))) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { domains?: Group[]; sections?: Group[] };
    for (const group of [...(json.domains ?? []), ...(json.sections ?? [])]) {
      const items = [...(group.controls ?? []), ...(group.requirements ?? [])];
      if (items.some((item) => item.mappedControls)) {
        for (const item of items) questions.add([item.title, item.summary].filter(Boolean).join('. '));
      } else {
        questions.add(
          (group.title ?? '')
            .replace(/^§[^\n]*\n/, '')
            .replace(/【[^】]*】\s*/, '')
            .trim(),
        );
      }
    }
  }
  const vsaq = JSON.parse(readFileSync(join(KB, 'questionnaires/vsaq-questions-flat.json'), 'utf8')) as {
    text?: string;
  }[];
  for (const question of vsaq) questions.add(question.text?.trim() ?? '');
  questions.delete('');
  return [...questions].map((q) => q.slice(0, 2000));
}

// ---------------------------------------------------------------------------------------------------------
// In process: the app's services on the bench's database
// ---------------------------------------------------------------------------------------------------------

export type InProcess = { deps: AppDeps; app: ReturnType<typeof createApp>; engine: AiEngine };

export async function inProcessApp(database: Database): Promise<InProcess> {
  const logger = createLogger('silent');
  const deps = await createAppDeps({
    config: loadConfig({ NODE_ENV: 'production', ...SERVER_ENV }),
    database,
    logger,
    // Never started: processing is called directly.
    jobs: createJobQueue({ db: database.db, logger }),
    version: 'bench',
  });
  const engine = createBuiltinEngine({
    // The knowledge answers use neither: they are the copilot's lexicon.
    vocabulary: () => Promise.reject(new Error('not used by knowledge answers')),
    companyNames: () => Promise.resolve([]),
  });
  return { deps, app: createApp(deps, null), engine };
}

/** A user signed up through the app in process (the server later signs the same user in). */
export async function signUpInProcess({ app }: InProcess, email: string, name: string): Promise<Caller> {
  const response = await app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string; email: string; name: string } };
  return { id: user.id, email: user.email, name: user.name, emailVerified: false };
}

async function signIn(base: string, email: string, address: string): Promise<Session> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { user } = (await response.json()) as { user: { id: string; email: string; name: string } };
  return { base, cookie, caller: { id: user.id, email: user.email, name: user.name, emailVerified: false } };
}

type Ingested = {
  ms: number;
  documents: number;
  bytes: number;
  indexed: number;
  passages: number;
  failures: { path: string; error: string }[];
};

/** Every file through the upload's addDocument and the job's processDocument, one after the other. */
async function ingest({ deps }: InProcess, caller: Caller, files: CorpusFile[]): Promise<Ingested> {
  const result: Ingested = {
    ms: 0,
    documents: files.length,
    bytes: 0,
    indexed: 0,
    passages: 0,
    failures: [],
  };
  const started = performance.now();
  for (const file of files) {
    result.bytes += file.bytes.byteLength;
    try {
      const { document } = await addDocument(
        deps,
        caller,
        { filename: file.filename, title: file.title, bytes: file.bytes },
        { queue: false },
      );
      const outcome = await processDocument(deps, {
        documentId: document.id,
        userId: caller.id,
        checksum: document.checksum,
      });
      if (outcome.status === 'indexed') {
        result.indexed += 1;
        result.passages += outcome.chunks;
      } else {
        result.failures.push({
          path: file.path,
          error: outcome.status === 'failed' ? outcome.error : `skipped: ${outcome.reason}`,
        });
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failures.push({ path: file.path, error: `refused (${err.status}): ${err.message}` });
    }
  }
  result.ms = performance.now() - started;
  return result;
}

/** Each question once, one at a time, after CHAT_WARMUP of them. */
async function chatInProcess(
  { deps, engine }: InProcess,
  userId: string,
  questions: string[],
): Promise<Latencies & { answered: number }> {
  const ask = (query: string) =>
    answerFromKnowledge(deps.database.db, engine, userId, { query, history: [] });
  for (const query of questions.slice(0, CHAT_WARMUP)) await ask(query);
  const times: number[] = [];
  let answered = 0;
  for (const query of questions) {
    const started = performance.now();
    const answer = await ask(query);
    times.push(performance.now() - started);
    if (answer.answered) answered += 1;
  }
  return { ...latencies(times), answered };
}

// ---------------------------------------------------------------------------------------------------------
// The 10x corpus and the graph, written in SQL
// ---------------------------------------------------------------------------------------------------------

/** Planner statistics of the knowledge tables (PGlite has no autovacuum to gather them). */
const analyzeKnowledge = (db: Db) =>
  db.execute(
    sql`analyze document_references, document_chunks, knowledge_entities, knowledge_relationships, entity_document_refs, relationship_document_refs`,
  );

/**
 * `to`'s knowledge base as `copies` copies of `from`'s: copy k of each document under `copy-k/<file name>`,
 * titled "<title> (<company k>)", its passages with COMPANIES[0] replaced by COMPANIES[k - 1] (as if the
 * library had been filled in for another company; the generated search vector follows the text), the
 * entities and relationships once with `copies` times their counts and weights, and their evidence in every
 * copy.
 */
async function writeScaledCorpus(db: Db, from: string, to: string, copies: number): Promise<void> {
  const names = `{${COMPANIES.slice(0, copies)
    .map((n) => `"${n}"`)
    .join(',')}}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table copy_documents on commit drop as
      select d.id as old_id, gen_random_uuid() as new_id, k
      from document_references d cross join generate_series(1, ${copies}) k
      where d.user_id = ${from} and d.status = 'indexed'`);
    await tx.execute(sql`create temporary table copy_chunks on commit drop as
      select c.id as old_id, gen_random_uuid() as new_id, m.k, m.new_id as document_id
      from document_chunks c join copy_documents m on m.old_id = c.document_id`);
    await tx.execute(sql`create temporary table copy_entities on commit drop as
      select e.id as old_id, gen_random_uuid() as new_id from knowledge_entities e where e.user_id = ${from}`);
    await tx.execute(sql`create temporary table copy_relationships on commit drop as
      select r.id as old_id, gen_random_uuid() as new_id from knowledge_relationships r where r.user_id = ${from}`);
    await tx.execute(sql`insert into document_references (id, user_id, title, filename, mime_type, size_bytes,
        checksum, source_type, status, stage, progress, page_count, chunk_count, processed_at)
      select m.new_id, ${to}, left(d.title || ' (' || (${names}::text[])[m.k] || ')', 200),
        'copy-' || m.k || '/' || d.filename, d.mime_type, d.size_bytes, d.checksum || '-' || m.k, d.source_type,
        d.status, d.stage, d.progress, d.page_count, d.chunk_count, d.processed_at
      from copy_documents m join document_references d on d.id = m.old_id`);
    await tx.execute(sql`insert into document_chunks (id, user_id, document_id, ordinal, section, page, text)
      select m.new_id, ${to}, m.document_id, c.ordinal,
        replace(c.section, ${COMPANIES[0]}, (${names}::text[])[m.k]), c.page,
        replace(c.text, ${COMPANIES[0]}, (${names}::text[])[m.k])
      from copy_chunks m join document_chunks c on c.id = m.old_id`);
    await tx.execute(sql`insert into knowledge_word_counts (user_id, lexeme, passages)
      select ${to}, w.lexeme, count(*)::int from document_chunks c, unnest(c.search_vector) w
      where c.user_id = ${to} group by w.lexeme`);
    await tx.execute(sql`insert into knowledge_entities (id, user_id, name, canonical_name, entity_type,
        mention_count, document_count)
      select m.new_id, ${to}, e.name, e.canonical_name, e.entity_type, e.mention_count * ${copies},
        e.document_count * ${copies}
      from copy_entities m join knowledge_entities e on e.id = m.old_id`);
    await tx.execute(sql`insert into knowledge_relationships (id, user_id, source_entity_id, target_entity_id,
        relation, weight)
      select m.new_id, ${to}, s.new_id, t.new_id, r.relation, r.weight * ${copies}
      from copy_relationships m join knowledge_relationships r on r.id = m.old_id
      join copy_entities s on s.old_id = r.source_entity_id
      join copy_entities t on t.old_id = r.target_entity_id`);
    await tx.execute(sql`insert into entity_document_refs (user_id, entity_id, document_id, chunk_id, mention_count)
      select ${to}, e.new_id, c.document_id, c.new_id, x.mention_count
      from entity_document_refs x
      join copy_entities e on e.old_id = x.entity_id
      join copy_chunks c on c.old_id = x.chunk_id`);
    await tx.execute(sql`insert into relationship_document_refs (user_id, relationship_id, document_id, chunk_id,
        phrase)
      select ${to}, r.new_id, c.document_id, c.new_id, x.phrase
      from relationship_document_refs x
      join copy_relationships r on r.old_id = x.relationship_id
      join copy_chunks c on c.old_id = x.chunk_id`);
  });
  await analyzeKnowledge(db);
}

/**
 * The graph user's entities: entity 0 the hub, 1..GRAPH_FIRST_HOP its neighbours, the others each linked to
 * one of those (and, with a weaker 'mentioned with', to a second one), all within two hops of the hub.
 * Returns the hub's id.
 */
async function writeGraph(db: Db, userId: string): Promise<string> {
  const types = `{organization,person,product,technology,place,money,date,term}`;
  const inner = GRAPH_FIRST_HOP;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into knowledge_entities (user_id, name, canonical_name, entity_type,
        mention_count, document_count)
      select ${userId}, 'Bench entity ' || i, 'bench entity ' || i, (${types}::text[])[1 + i % 8],
        1 + (i * 7919) % 97, 1 + i % 7
      from generate_series(0, ${GRAPH_NODES - 1}) i`);
    await tx.execute(sql`create temporary table graph_ids on commit drop as
      select id, substring(canonical_name from 14)::int as i from knowledge_entities where user_id = ${userId}`);
    // The hub to its neighbours.
    await tx.execute(sql`insert into knowledge_relationships (user_id, source_entity_id, target_entity_id,
        relation, weight)
      select ${userId}, hub.id, n.id, 'works with', 1 + n.i % 9
      from graph_ids hub join graph_ids n on n.i between 1 and ${inner} where hub.i = 0`);
    // Each outer entity to its own inner one, and to a second inner one.
    await tx.execute(sql`insert into knowledge_relationships (user_id, source_entity_id, target_entity_id,
        relation, weight)
      select ${userId}, p.id, o.id, 'implements', 1 + o.i % 5
      from graph_ids o join graph_ids p on p.i = 1 + (o.i - ${inner + 1}) % ${inner}
      where o.i > ${inner}`);
    await tx.execute(sql`insert into knowledge_relationships (user_id, source_entity_id, target_entity_id,
        relation, weight)
      select ${userId}, o.id, p.id, 'mentioned with', 1
      from graph_ids o join graph_ids p on p.i = 1 + (o.i * 37 + 11) % ${inner}
      where o.i > ${inner} and p.i <> 1 + (o.i - ${inner + 1}) % ${inner}`);
  });
  await analyzeKnowledge(db);
  const [hub] = await queryRows<{ id: string }>(
    db,
    sql`select id from knowledge_entities where user_id = ${userId} and canonical_name = 'bench entity 0'`,
  );
  if (!hub) throw new Error('the graph hub was not written');
  return hub.id;
}

// ---------------------------------------------------------------------------------------------------------
// Through the production build
// ---------------------------------------------------------------------------------------------------------

/** Each question once, one at a time, through `POST /api/v1/knowledge/chat`, after CHAT_WARMUP of them. */
async function chatApi(session: Session, questions: string[]): Promise<Latencies & { failures: number }> {
  const ask = async (query: string) => {
    const started = performance.now();
    const response = await fetch(`${session.base}/api/v1/knowledge/chat`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin: session.base, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { fallback?: boolean };
    return { ms: performance.now() - started, ok: response.status === 200 && !body.fallback };
  };
  for (const query of questions.slice(0, CHAT_WARMUP)) await ask(query);
  const times: number[] = [];
  let failures = 0;
  for (const query of questions) {
    const { ms, ok } = await ask(query);
    times.push(ms);
    if (!ok) failures += 1;
  }
  return { ...latencies(times), failures };
}

/** GRAPH_REQUESTS neighbourhoods of the hub at the API's maximum, one at a time, after GRAPH_WARMUP. */
async function graphApi(session: Session, hubId: string) {
  const path = `/api/v1/knowledge/graph/neighbourhood?entityId=${hubId}&depth=2&limit=${GRAPH_MAX_NODES}`;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${session.base}${path}`, { headers: { cookie: session.cookie } });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 500)}`);
    const body = JSON.parse(text) as GraphColumns;
    return {
      ms,
      bytes: text.length,
      nodes: body.nodes.id.length,
      edges: body.edges.source.length,
      truncated: body.truncated,
    };
  };
  for (let i = 0; i < GRAPH_WARMUP; i++) await once();
  const runs = [];
  for (let i = 0; i < GRAPH_REQUESTS; i++) runs.push(await once());
  const last = runs.at(-1);
  return {
    ...latencies(runs.map((r) => r.ms)),
    nodes: last?.nodes ?? 0,
    edges: last?.edges ?? 0,
    bytes: last?.bytes ?? 0,
    truncated: last?.truncated ?? false,
  };
}

// ---------------------------------------------------------------------------------------------------------
// One backend
// ---------------------------------------------------------------------------------------------------------

type Users = { library: Caller; scaled: Caller; graph: Caller; hubId: string };

const email = (who: string) => `knowledge-${who}-${process.pid}@example.com`;

/** What runs in process: the ingest, the chat over the library and over the 10x corpus, the graph's rows. */
async function inProcessRuns(
  backend: Backend,
  database: Database,
  corpus: Corpus,
  questions: string[],
): Promise<{ figures: Figure[]; users: Users; notIndexed: Ingested['failures'] }> {
  const log = (text: string) => console.log(`  ${backend}: ${text}`);
  await seedReferenceData(database.db);
  // The lexicon of processing is our company data, as `npm start` loads it.
  const loaded = await loadCompanyData(database);
  log(`company data loaded in ${round1(loaded.ms / 1000)} s`);
  const local = await inProcessApp(database);
  const library = await signUpInProcess(local, email('library'), 'Knowledge Bench');
  const scaled = await signUpInProcess(local, email('scaled'), 'Knowledge Bench 10x');
  const graph = await signUpInProcess(local, email('graph'), 'Knowledge Bench Graph');

  const ingested = await ingest(local, library, corpus.files);
  const seconds = ingested.ms / 1000;
  const mb = ingested.bytes / 1024 / 1024;
  log(
    `ingested ${ingested.indexed} of ${ingested.documents} documents (${mb.toFixed(2)} MB, ${ingested.passages} passages) in ${seconds.toFixed(1)} s`,
  );
  for (const failure of ingested.failures) {
    log(`  not indexed: ${failure.path}: ${failure.error.replace(/\s+/g, ' ')}`);
  }

  const describeChat = (what: string, run: Latencies & { answered: number }) =>
    log(
      `chat in process, ${what}: ${run.count} questions, p50 ${run.p50} p95 ${run.p95} max ${run.max} ms, ${run.answered} answered`,
    );
  // As the ingest left it: nothing gathers statistics on PGlite; PostgreSQL's autovacuum may have by now.
  const asIngested = await chatInProcess(local, library.id, questions);
  describeChat('library as ingested', asIngested);
  await analyzeKnowledge(database.db);
  const analyzed = await chatInProcess(local, library.id, questions);
  describeChat('library after ANALYZE', analyzed);

  const copying = performance.now();
  await writeScaledCorpus(database.db, library.id, scaled.id, SCALE);
  const [size] = await queryRows<{ documents: number; passages: number }>(
    database.db,
    sql`select (select count(*) from document_references where user_id = ${scaled.id})::int as documents,
      (select count(*) from document_chunks where user_id = ${scaled.id})::int as passages`,
  );
  log(
    `${SCALE}x corpus written in ${round1((performance.now() - copying) / 1000)} s: ${size?.documents} documents, ${size?.passages} passages`,
  );
  const onScaled = await chatInProcess(
    local,
    scaled.id,
    questions.filter((_, i) => i % SCALED_CHAT_STEP === 0),
  );
  describeChat(`${SCALE}x corpus`, onScaled);

  const hubId = await writeGraph(database.db, graph.id);

  const library1x = `${backend}: chat in process, library (${ingested.passages} passages)`;
  const figures: Figure[] = [
    {
      name: `${backend}: ingest ${ingested.documents} documents (${mb.toFixed(2)} MB) in process`,
      value: round1(seconds),
      unit: 's',
      target: `<= ${INGEST_TARGET_S} s`,
      ok: seconds <= INGEST_TARGET_S,
    },
    {
      name: `${backend}: ingest throughput`,
      value: round1(ingested.documents / seconds),
      unit: `documents/s, ${round1((mb / seconds) * 60)} MB/min`,
      target: 'info',
      ok: true,
    },
    {
      name: `${backend}: documents not indexed (refused or failed; see the log)`,
      value: ingested.failures.length,
      unit: `of ${ingested.documents}${ingested.failures.length ? ` (${ingested.failures.map((f) => f.path).join(', ')})` : ''}`,
      target: 'info',
      ok: true,
    },
    ...chatFigures(`${library1x}, as ingested`, asIngested),
    ...chatFigures(`${library1x}, after ANALYZE`, analyzed),
    ...chatFigures(`${backend}: chat in process, ${SCALE}x corpus (${size?.passages} passages)`, onScaled),
  ];
  return { figures, users: { library, scaled, graph, hubId }, notIndexed: ingested.failures };
}

function chatFigures(name: string, run: Latencies & { answered?: number; failures?: number }): Figure[] {
  const answered = run.answered === undefined ? '' : `, ${run.answered} of ${run.count} answered`;
  return [
    {
      name: `${name}: p50`,
      value: run.p50,
      unit: `ms (max ${run.max} ms${answered})`,
      target: 'info',
      ok: true,
    },
    {
      name: `${name}: p95`,
      value: run.p95,
      unit: 'ms',
      target: `<= ${CHAT_TARGET_MS} ms`,
      ok: run.p95 <= CHAT_TARGET_MS,
    },
  ];
}

/** What runs through the production build: the chat over the library and the graph's neighbourhood. */
async function apiRuns(
  backend: Backend,
  env: Record<string, string>,
  users: Users,
  questions: string[],
): Promise<Figure[]> {
  return withServer({ ...env, ...SERVER_ENV }, async (base) => {
    const library = await signIn(base, users.library.email, '10.8.0.1');
    const graph = await signIn(base, users.graph.email, '10.8.0.2');
    const waited = performance.now();
    await sampleLoaded(library);
    console.log(
      `  ${backend}: server up, people sample loaded after ${round1((performance.now() - waited) / 1000)} s`,
    );
    const chat = await chatApi(library, questions);
    console.log(
      `  ${backend}: POST /api/v1/knowledge/chat: ${chat.count} questions, p50 ${chat.p50} p95 ${chat.p95} max ${chat.max} ms, ${chat.failures} failed`,
    );
    const hood = await graphApi(graph, users.hubId);
    console.log(
      `  ${backend}: GET /api/v1/knowledge/graph/neighbourhood: ${hood.nodes} nodes, ${hood.edges} edges, ${(hood.bytes / 1024 / 1024).toFixed(1)} MB, p50 ${hood.p50} p95 ${hood.p95} max ${hood.max} ms`,
    );
    const graphName = `${backend}: GET /api/v1/knowledge/graph/neighbourhood (depth 2, limit ${GRAPH_MAX_NODES})`;
    return [
      ...chatFigures(`${backend}: POST /api/v1/knowledge/chat, library`, chat),
      {
        name: `${backend}: POST /api/v1/knowledge/chat, library: failed or fallback answers`,
        value: chat.failures,
        unit: `of ${chat.count}`,
        target: '0',
        ok: chat.failures === 0,
      },
      {
        name: `${graphName}: nodes / edges`,
        value: hood.nodes,
        unit: `nodes, ${hood.edges} edges, ${(hood.bytes / 1024 / 1024).toFixed(1)} MB${hood.truncated ? ', truncated' : ''}`,
        target: `${GRAPH_MAX_NODES} nodes`,
        ok: hood.nodes === GRAPH_MAX_NODES,
      },
      {
        name: `${graphName}: p50`,
        value: hood.p50,
        unit: `ms (max ${hood.max} ms)`,
        target: 'info',
        ok: true,
      },
      {
        name: `${graphName}: p95`,
        value: hood.p95,
        unit: 'ms',
        target: `<= ${GRAPH_TARGET_MS} ms`,
        ok: hood.p95 <= GRAPH_TARGET_MS,
      },
    ];
  });
}

export async function benchKnowledge(): Promise<Figure[]> {
  console.log('knowledge');
  if (!existsSync(KB)) {
    console.warn(`The knowledge library is not at ${KB} (KB_DATA_DIR); skipped.`);
    return [];
  }
  const corpus = readCorpus(COMPANIES[0] as string);
  const questions = readQuestions().filter((_, i) => i % CHAT_STEP === 0);
  const mb = corpus.files.reduce((sum, file) => sum + file.bytes.byteLength, 0) / 1024 / 1024;
  console.log(
    `  corpus ${KB}: ${corpus.files.length} documents to ingest (${mb.toFixed(2)} MB); skipped ${corpus.skipped.length}: ${corpus.skipped.map((s) => `${s.path} (${s.reason})`).join(', ')}`,
  );
  console.log(`  ${questions.length} questions (every ${CHAT_STEP}th of the set)`);
  const notIndexed: Record<string, Ingested['failures']> = {};
  const figures = await runBackends(
    () =>
      withPostgres(`prospector_bench_knowledge_${process.pid}`, async ({ database, url }) => {
        const local = await inProcessRuns('PostgreSQL', database, corpus, questions);
        notIndexed.PostgreSQL = local.notIndexed;
        return [
          ...local.figures,
          ...(await apiRuns('PostgreSQL', { DATABASE_URL: url }, local.users, questions)),
        ];
      }),
    () =>
      withPgliteDir('prospector-bench-knowledge-', async (dataDir, env) => {
        const local = await withPglite(dataDir, async (database) => {
          await database.migrate();
          return inProcessRuns('PGlite', database, corpus, questions);
        });
        notIndexed.PGlite = local.notIndexed;
        return [...local.figures, ...(await apiRuns('PGlite', env, local.users, questions))];
      }),
  );
  report('knowledge', figures, {
    corpus: {
      dir: KB,
      documents: corpus.files.length,
      mb: round1(mb),
      skipped: corpus.skipped,
      notIndexed,
    },
    questions: questions.length,
    scaledQuestions: questions.filter((_, i) => i % SCALED_CHAT_STEP === 0).length,
  });
  return figures;
}
