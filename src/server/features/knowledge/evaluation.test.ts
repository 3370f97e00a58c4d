/**
 * Evaluation of the knowledge chat's retrieval (issue 8 point 7). The demo library a new workspace starts with
 * (JupiterOne's security policy templates, CC BY-SA 4.0: 25 policies, 141 procedures and reference documents,
 * filled in for a company by demo.ts) is loaded through the real ingestion pipeline (addDocument +
 * processDocument; once a run per database, the RFP evaluations get a copy: tests/helpers/demo-library.ts), then the chat is asked every requirement of ISO/IEC 27001, ISO/IEC 27002 and SOC 2 (its
 * title and summary as the question). The standards map each requirement to the procedures that implement it;
 * the test prints, overall and per split, two figures:
 * - retrieval recall@5: the share for which a right procedure is among the documents of the five passages
 *   the chat's retrieval returns (one per document), what it finds before the answer picks its sources;
 *   the test fails below issue 8's 0.6 over all requirements, and prints issue 24's target (0.7 on the held half);
 * - cited recall@5: the share for which a right procedure is among the documents the answer cites. Until issue 24
 *   the answer cited every passage retrieved, so the two were one figure (0.606) and issue 8's floor was asserted
 *   on this one; an answer now cites only the sentences that answer (one or two: no padding), so it is printed,
 *   and the precision of what is cited is measured by src/server/features/rfp/verdict-evaluation.test.ts.
 * The requirements are split in two halves by a stable hash of standard, ref and question: retrieval weights
 * (and anything else in retrieval or the answer) may be tuned only on the `tune` half; the `held` half is the
 * honest figure, to be looked at, not tuned to. Nothing here is tuned to a requirement: the questions are asked as
 * written. A second test asks questions the library does not answer and checks the chat declines them (the other
 * side of a relevance threshold).
 *
 * The standards live outside the repository (their text belongs to ISO and the AICPA: used for tests, not
 * shipped). Without them (KB_DATA_DIR, default ../shared/data/kb beside the repository, tests/helpers/kb-data.ts)
 * the test is skipped, loudly, and under CI it fails.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import {
  answersEngine,
  databaseWithDemoLibrary,
  demoLibrary,
} from '../../../../tests/helpers/demo-library.ts';
import { KB_DATA_DIR, kbDataAvailable } from '../../../../tests/helpers/kb-data.ts';
import type { Caller } from '../../context.ts';
import { answerFromKnowledge, answerFromPassages, findPassages } from './chat.ts';

const LIBRARY = join(KB_DATA_DIR, 'policies');
/** Issue 8's target, on retrieval. Runs measure 0.606 on both databases (ties do not go by random ids). */
const RECALL_AT_5_MIN = 0.6;
/** Issue 24's target for retrieval recall@5 on the held half (printed beside the figure; not reached yet). */
const RETRIEVAL_RECALL_AT_5_TARGET = 0.7;

/**
 * Questions a seller may ask that a security and compliance library does not answer (pricing, the product,
 * the market, small talk), some sharing its everyday words ("office", "policy", "employees"): the chat must
 * say it does not know rather than cite an unrelated passage.
 */
const OFF_TOPIC = [
  'What is the capital of France?',
  'Who won the football world cup in 2018?',
  'Recommend a good pizza place near the office',
  'How much does the enterprise plan cost per seat?',
  'What discount can I offer for a three-year contract?',
  'Who are our main competitors in Germany?',
  'What was our revenue growth last quarter?',
  'Does the product integrate with Salesforce and HubSpot?',
  'What is our pet policy in the office?',
  'How many vacation days do employees get?',
  'When is the company holiday party?',
  'What is the parental leave policy?',
  'Which CRM fields map to the opportunity stage?',
  'Can you write a cold email to a VP of Marketing?',
  'What is the weather in Boston tomorrow?',
  'How do I reset the coffee machine?',
  'What are the payment terms on our invoices?',
  'Who is the account executive for the Acme deal?',
  'What is the roadmap for the mobile app?',
  'How do I book a meeting room?',
  'What is our net promoter score?',
  'Which customers churned in 2025?',
  'What is the commission rate for new business?',
  'Tell me a joke',
  'What programming languages does the frontend use for animations?',
  'How long is the free trial?',
  'What is the dress code for customer visits?',
  'Which trade shows are we attending this year?',
  'How do I expense a client dinner?',
  'What is the minimum order quantity for hardware?',
];
/** Off-topic questions the chat must decline (most; a library's everyday words make a few look answerable). */
const OFF_TOPIC_MIN = 0.8;

type LibraryFile = { id: string; filename: string; title: string; markdown: string };

const ID_PREFIX: Record<string, string> = { policies: 'policy-', procedures: '', ref: 'ref-' };

/**
 * The demo library as a new workspace gets it (demo.ts: filled in for a company, each procedure with its
 * control statement), under the ids the standards map to: procedures keep theirs (cp-...), policies and
 * references get policy-... and ref-...
 */
function readLibrary(): LibraryFile[] {
  return demoLibrary().map((document) => {
    const [, folder = '', name = ''] = document.filename.match(/([^/]+)\/([^/]+)\.md$/) ?? [];
    return {
      id: `${ID_PREFIX[folder] ?? ''}${name}`,
      filename: document.filename,
      title: document.title,
      markdown: document.text,
    };
  });
}

type Split = 'tune' | 'held';
type Requirement = { standard: string; ref: string; question: string; right: Set<string>; split: Split };

/**
 * A requirement's half, by a stable hash of its standard, ref and question (about half each): the same every
 * run and on every machine, and independent of the order the standards list their requirements in.
 */
function splitOf(standard: string, ref: string, question: string): Split {
  const digest = createHash('sha256').update(`${standard}\n${ref}\n${question}`).digest();
  return (digest[0] ?? 0) % 2 === 0 ? 'tune' : 'held';
}

/**
 * Every requirement mapped to procedures: ISO 27001 and SOC 2 security list `controls` with `mappedControls`,
 * ISO 27002 lists `requirements`; the other SOC 2 files give the requirement as a domain's title
 * ("§ Availability\n【A1.1】 The entity ...") with the procedures as its controls.
 */
function readRequirements(known: Set<string>): Requirement[] {
  const dir = join(LIBRARY, 'standards-for-tuning');
  const files = [
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f)),
    ...readdirSync(join(dir, 'soc2'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, 'soc2', f)),
  ].sort();
  const byQuestion = new Map<string, Requirement>();
  const add = (standard: string, ref: string, question: string, right: string[]) => {
    const mapped = right.filter((id) => known.has(id));
    if (mapped.length === 0 || !question.trim()) return;
    const existing = byQuestion.get(question);
    if (existing) for (const id of mapped) existing.right.add(id);
    else
      byQuestion.set(question, {
        standard,
        ref,
        question,
        right: new Set(mapped),
        split: splitOf(standard, ref, question),
      });
  };
  type Control = { ref?: string; title?: string; summary?: string; mappedControls?: string[] };
  type Group = { title?: string; controls?: Control[]; requirements?: Control[] };
  for (const file of files) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      standard: string;
      domains?: Group[];
      sections?: Group[];
    };
    for (const group of [...(json.domains ?? []), ...(json.sections ?? [])]) {
      const items = [...(group.controls ?? []), ...(group.requirements ?? [])];
      if (items.some((item) => item.mappedControls)) {
        for (const item of items) {
          add(
            json.standard,
            item.ref ?? '',
            [item.title, item.summary].filter(Boolean).join('. '),
            item.mappedControls ?? [],
          );
        }
      } else {
        const title = group.title ?? '';
        const ref = title.match(/【([^】]+)】/)?.[1] ?? title;
        const question = title.replace(/^§[^\n]*\n/, '').replace(/【[^】]*】\s*/, '');
        add(
          json.standard,
          ref,
          question,
          items.map((item) => item.ref ?? ''),
        );
      }
    }
  }
  return [...byQuestion.values()];
}

const available = kbDataAvailable('The knowledge chat evaluation', [
  'policies/standards-for-tuning',
  'policies/standards-for-tuning/soc2',
]);

describe.skipIf(!available).each(backends())('knowledge chat evaluation on $name', (backend: Backend) => {
  let database: TestDatabase;
  let caller: Caller;
  let library: LibraryFile[];
  const engine = answersEngine();

  beforeAll(async () => {
    library = readLibrary();
    const loaded = await databaseWithDemoLibrary(backend);
    ({ database, caller } = loaded);
    console.log(`[${backend.name}] ${loaded.how} ${loaded.documents} documents in ${loaded.ms} ms`);
  }, 180_000);
  afterAll(() => database?.destroy());

  it(`says it does not know for at least ${OFF_TOPIC_MIN * 100}% of questions the library does not answer`, async () => {
    const answered: string[] = [];
    for (const query of OFF_TOPIC) {
      const answer = await answerFromKnowledge(database.db, engine, caller.id, { query, history: [] });
      if (answer.answered) answered.push(`${query} -> ${answer.sources.map((s) => s.filename).join(' ')}`);
    }
    const declined = 1 - answered.length / OFF_TOPIC.length;
    console.log(
      `[${backend.name}] ${OFF_TOPIC.length} questions off the library: declined ${declined.toFixed(3)}` +
        (answered.length > 0 ? `; answered:\n  ${answered.join('\n  ')}` : ''),
    );
    expect(declined).toBeGreaterThanOrEqual(OFF_TOPIC_MIN);
  });

  it(`retrieves a right procedure among its five passages for at least ${RECALL_AT_5_MIN * 100}% of the requirements`, async () => {
    const idOf = new Map(library.map((file) => [file.filename, file.id]));
    const requirements = readRequirements(new Set(library.map((file) => file.id)));
    expect(requirements.length).toBeGreaterThan(300);
    let cited = 0;
    let answered = 0;
    let firstRight = 0;
    let citedSources = 0;
    const times: number[] = [];
    const misses: string[] = [];
    /** Per split: requirements, with a right procedure cited (answer), with one retrieved (the chat's retrieval). */
    const bySplit: Record<Split, { total: number; cited: number; retrieved: number }> = {
      tune: { total: 0, cited: 0, retrieved: 0 },
      held: { total: 0, cited: 0, retrieved: 0 },
    };
    for (const requirement of requirements) {
      const counts = bySplit[requirement.split];
      counts.total += 1;
      const started = performance.now();
      // The chat's own retrieval (the five best passages, one per document), then its answer from them.
      const found = await findPassages(database.db, caller.id, requirement.question, []);
      const answer = await answerFromPassages(engine, found, { history: [] });
      times.push(performance.now() - started);
      if (answer.answered) answered += 1;
      const documents = answer.sources.slice(0, 5).map((source) => idOf.get(source.filename));
      const right = (id: string | undefined) => id !== undefined && requirement.right.has(id);
      if (documents.some(right)) {
        cited += 1;
        counts.cited += 1;
      } else
        misses.push(
          `${requirement.standard} ${requirement.ref} (${requirement.split}): ${requirement.question.slice(0, 160)}\n  want ${[...requirement.right].join(' ')}\n  got  ${documents.join(' ')}`,
        );
      if (right(documents[0])) firstRight += 1;
      citedSources += answer.sources.length;
      // Retrieval on its own: the five passages found, before the answer picks its sources.
      if (found.passages.some((passage) => right(idOf.get(passage.filename)))) counts.retrieved += 1;
    }
    times.sort((a, b) => a - b);
    const recall = cited / requirements.length;
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    const share = (part: number, total: number) => (total === 0 ? 'n/a' : (part / total).toFixed(3));
    const retrievedAll = bySplit.tune.retrieved + bySplit.held.retrieved;
    console.log(
      `[${backend.name}] ${requirements.length} requirements: cited recall@5 ${recall.toFixed(3)}, ` +
        `right procedure cited first ${(firstRight / requirements.length).toFixed(3)}, ` +
        `answered ${(answered / requirements.length).toFixed(3)}, answer p95 ${Math.round(p95)} ms, ` +
        `sources per answer ${(citedSources / requirements.length).toFixed(2)}\n` +
        (['tune', 'held'] as const)
          .map(
            (split) =>
              `[${backend.name}]   ${split}: ${bySplit[split].total} requirements, ` +
              `cited recall@5 ${share(bySplit[split].cited, bySplit[split].total)}, ` +
              `retrieval recall@5 ${share(bySplit[split].retrieved, bySplit[split].total)} ` +
              `(target ${RETRIEVAL_RECALL_AT_5_TARGET})`,
          )
          .join('\n') +
        `\n[${backend.name}]   all: retrieval recall@5 ${share(retrievedAll, requirements.length)} ` +
        `(target ${RETRIEVAL_RECALL_AT_5_TARGET})`,
    );
    if (process.env.KB_EVAL_MISSES) console.log(misses.join('\n'));
    expect(retrievedAll / requirements.length).toBeGreaterThanOrEqual(RECALL_AT_5_MIN);
  }, 300_000);
});
