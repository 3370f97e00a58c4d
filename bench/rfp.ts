/**
 * RFP drafting and document generation benchmark (issue 9), in process on PostgreSQL and PGlite, over the demo
 * library a workspace starts with (demo.ts: the security policy templates, ingested through the pipeline).
 * Targets: "draft all" of the 242 questions of Google's four VSAQ questionnaires in <= 30 s with the built-in
 * engine (runDraftAll as the job runs it: library match, retrieval, extractive answer, the rfp_answer charge
 * and the save, one question after the other), with the p95 per question (the time between the job's progress
 * reports); and each of the ten document templates generated for a company (with a contact and a prospect
 * with a forecast), DOC_RUNS times after a warm-up, p95 <= 500 ms. BENCH_ONLY=postgres|pglite runs one
 * backend.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/server/db/client.ts';
import { seedReferenceData } from '../src/server/db/seed/seed.ts';
import { loadCompanyData } from '../src/server/features/companies/data/load-company-data.ts';
import { generateDocument } from '../src/server/features/docgen/service.ts';
import { demoDocuments } from '../src/server/features/knowledge/demo.ts';
import { addDocument, processDocument } from '../src/server/features/knowledge/documents.ts';
import { updateProfile } from '../src/server/features/profile/service.ts';
import { findOrCreateProspect, saveForecast } from '../src/server/features/prospects/service.ts';
import { parseQuestionnaire } from '../src/server/features/rfp/questionnaire.ts';
import { createProject, runDraftAll } from '../src/server/features/rfp/service.ts';
import { DOC_TEMPLATES } from '../src/shared/docgen.ts';
import { inProcessApp, signUpInProcess } from './knowledge.ts';
import { type Figure, ROOT, report } from './lib.ts';
import { type Backend, round1, withPglite, withPgliteDir, withPostgres } from './search-lib.ts';

const KB = process.env.KB_DATA_DIR ?? join(ROOT, '../shared/data/kb');
const QUESTIONNAIRES = ['webapp', 'infrastructure', 'security_privacy_programs', 'physical_and_datacenter'];
const DRAFT_TARGET_S = 30;
const DOC_TARGET_MS = 500;
/** Each template is generated this many times (after one warm-up round). */
const DOC_RUNS = 5;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

async function runOn(backend: Backend, database: Database): Promise<Figure[]> {
  const log = (text: string) => console.log(`  ${backend}: ${text}`);
  await seedReferenceData(database.db);
  // The companies and people the documents are written for, as `npm start` loads them.
  await loadCompanyData(database);
  const local = await inProcessApp(database);
  const caller = await signUpInProcess(local, `rfp-bench-${process.pid}@example.com`, 'Maya Bench');
  await database.db.execute(
    sql`update user_credits set total_credits = 1000000000 where user_id = ${caller.id}`,
  );
  const started = performance.now();
  for (const file of demoDocuments('Northwind Analytics', new Date('2026-01-15'))) {
    const { document } = await addDocument(
      local.deps,
      caller,
      { filename: file.filename, title: file.title, bytes: new TextEncoder().encode(file.text) },
      { queue: false },
    );
    await processDocument(local.deps, {
      documentId: document.id,
      userId: caller.id,
      checksum: document.checksum,
    });
  }
  await database.db.execute(sql`analyze`);
  log(`demo library ingested in ${round1((performance.now() - started) / 1000)} s`);

  // Draft all, one project per questionnaire, as the job runs.
  let questions = 0;
  let drafted = 0;
  const perQuestion: number[] = [];
  const draftStarted = performance.now();
  for (const name of QUESTIONNAIRES) {
    const filename = `${name}.json`;
    const parsed = await parseQuestionnaire({
      filename,
      bytes: new Uint8Array(readFileSync(join(KB, 'questionnaires', filename))),
    });
    const project = await createProject(database.db, caller, {
      title: parsed.title ?? name,
      source: { filename, format: parsed.format, file: null, layout: null },
      questions: parsed.questions,
    });
    let last = performance.now();
    const result = await runDraftAll(
      local.deps,
      local.engine,
      { projectId: project.id, caller, queuedAt: new Date().toISOString() },
      {
        progress: async () => {
          const now = performance.now();
          perQuestion.push(now - last);
          last = now;
        },
        signal: new AbortController().signal,
      },
    );
    questions += parsed.questions.length;
    drafted += result.fromKnowledge + result.fromLibrary;
  }
  const draftSeconds = (performance.now() - draftStarted) / 1000;
  log(
    `draft all: ${questions} questions (${drafted} with an answer) in ${round1(draftSeconds)} s, p50 ${round1(percentile(perQuestion, 0.5))} p95 ${round1(percentile(perQuestion, 0.95))} ms per question`,
  );

  // Documents for a company with a contact and a prospect with a forecast.
  const [company] = await queryRows<{ id: string; name: string }>(
    database.db,
    sql`select id, name from company_master where owner_id is null and description is not null order by name limit 1`,
  );
  const [contact] = company
    ? await queryRows<{ id: string }>(
        database.db,
        sql`select id from company_contacts where company_id = ${company.id} limit 1`,
      )
    : [];
  await updateProfile(database.db, caller, {
    company: { name: 'Northwind Analytics', offering: 'Security analytics for logistics fleets' },
  });
  const prospect = company ? await findOrCreateProspect(database.db, caller, undefined, company.id) : null;
  if (prospect) {
    await saveForecast(database.db, caller, prospect.id, {
      timelineDays: 90,
      conservativeAmount: 40_000,
      realisticAmount: 60_000,
      optimisticAmount: 90_000,
      confidencePercentage: 70,
    });
  }
  const request = (template: (typeof DOC_TEMPLATES)[number]) => ({
    template,
    companyId: company?.id,
    contactId: contact?.id,
    prospectId: prospect?.id,
  });
  const logger = local.deps.logger;
  for (const template of DOC_TEMPLATES)
    await generateDocument(local.deps, local.engine, caller, request(template), logger);
  const docTimes: number[] = [];
  for (let run = 0; run < DOC_RUNS; run++) {
    for (const template of DOC_TEMPLATES) {
      const t = performance.now();
      await generateDocument(local.deps, local.engine, caller, request(template), logger);
      docTimes.push(performance.now() - t);
    }
  }
  const docP95 = round1(percentile(docTimes, 0.95));
  log(
    `documents: ${docTimes.length} (${DOC_TEMPLATES.length} templates x ${DOC_RUNS}) for ${company?.name ?? 'no company'}, p50 ${round1(percentile(docTimes, 0.5))} p95 ${docP95} ms`,
  );
  return [
    {
      name: `${backend}: draft all ${questions} VSAQ questions (built-in engine)`,
      value: round1(draftSeconds),
      unit: `s (${drafted} answered)`,
      target: `<= ${DRAFT_TARGET_S} s`,
      ok: draftSeconds <= DRAFT_TARGET_S,
    },
    {
      name: `${backend}: draft all, per question: p95`,
      value: round1(percentile(perQuestion, 0.95)),
      unit: `ms (p50 ${round1(percentile(perQuestion, 0.5))} ms)`,
      target: 'info',
      ok: true,
    },
    {
      name: `${backend}: generate a document (${DOC_TEMPLATES.length} templates): p95`,
      value: docP95,
      unit: `ms (p50 ${round1(percentile(docTimes, 0.5))} ms)`,
      target: `<= ${DOC_TARGET_MS} ms`,
      ok: docP95 <= DOC_TARGET_MS,
    },
  ];
}

export async function benchRfp(): Promise<Figure[]> {
  console.log('rfp');
  if (!QUESTIONNAIRES.every((name) => existsSync(join(KB, 'questionnaires', `${name}.json`)))) {
    console.warn(`The VSAQ questionnaires are not under ${KB} (KB_DATA_DIR); skipped.`);
    return [];
  }
  const only = process.env.BENCH_ONLY?.toLowerCase();
  const figures = [
    ...(only === 'pglite'
      ? []
      : await withPostgres(`prospector_bench_rfp_${process.pid}`, ({ database }) =>
          runOn('PostgreSQL', database),
        )),
    ...(only === 'postgres'
      ? []
      : await withPgliteDir('prospector-bench-rfp-', (dataDir) =>
          withPglite(dataDir, async (database) => {
            await database.migrate();
            return runOn('PGlite', database);
          }),
        )),
  ];
  report('rfp', figures);
  return figures;
}
