/**
 * Evaluation of closed-question verdicts (issue 24 "answers a reviewer can send"). The demo library a new
 * workspace starts with is loaded through the real ingestion pipeline, as rfp/evaluation.test.ts loads it, and
 * every question of the labelled set tests/evaluation/closed-questions.json (closed questions a security
 * questionnaire asks, each with its true verdict and the documents that state it, established by reading the
 * filled library: tests/evaluation/README.md) is drafted with draftAnswer and the built-in engine. The test
 * prints, per split and overall:
 * - verdict accuracy: the draft's verdict is the true one (a null verdict is wrong; for a question the library
 *   does not answer, an empty draft, no verdict and no answer, is right too);
 * - citation precision: over the drafts that cite something, the share of cited sources whose document states
 *   the answer (any citation on a question the library does not answer is imprecise);
 * - reliability: per confidence band (Low 0-44, Medium 45-74, High 75-100, as confidenceLabel), the drafts and
 *   the share correct (the right verdict and, when the draft cites, at least one right document among them).
 * It asserts floors on the `held` split only (the verdict logic may be tuned on `tune`, never on `held`) and
 * prints the issue's targets beside them. The floors are what this version reaches on `held`, rounded down, so a
 * change that makes answers worse fails; where they are below a target, the target is not reached yet (verdict
 * accuracy 0.83 for 0.85) and says so in the output. High correct: 0.83 on the first run, 0.94 since a "Yes" to
 * a question about an exception, or read from a quote saying "only", is at most Medium (draftConfidence).
 * KB_EVAL_MISSES=1 prints the wrong drafts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import {
  answersEngine,
  databaseWithDemoLibrary,
  demoLibrary,
} from '../../../../tests/helpers/demo-library.ts';
import { kbDataAvailable } from '../../../../tests/helpers/kb-data.ts';
import { VERDICTS, type Verdict } from '../../../shared/knowledge.ts';
import type { Caller } from '../../context.ts';
import { draftAnswer } from './service.ts';

/** The labelled set: it lives in the repository, but a test that cannot find it must not pass by skipping. */
const LABELLED_SET = join(import.meta.dirname, '../../../../tests/evaluation/closed-questions.json');

/** Issue 24's targets on the held split, printed. */
const TARGETS = { verdictAccuracy: 0.85, citationPrecision: 0.8, highCorrect: 0.9 } as const;
/** Asserted on the held split: what this version reaches there, rounded down (a target where it is reached). */
const FLOORS = { verdictAccuracy: 0.8, citationPrecision: 0.8, highCorrect: 0.9 } as const;
/** The High band is judged only with at least this many drafts in it. */
const HIGH_MIN_DRAFTS = 5;
/** What the labelled set must hold, at least: items in all, and of each kind but `yes`. */
const SET_MIN = { items: 60, no: 14, partially: 8, not_stated: 10 } as const;

type Split = 'tune' | 'held';
type Item = {
  id: string;
  question: string;
  verdict: Verdict;
  documents: string[];
  evidence: string;
  split: Split;
};

const ID_PREFIX: Record<string, string> = { policies: 'policy-', procedures: '', ref: 'ref-' };
/** A library document's id, as the standards and the labelled set name them: cp-..., policy-..., ref-... */
function documentId(filename: string): string {
  const [, folder = '', name = ''] = filename.match(/([^/]+)\/([^/]+)\.md$/) ?? [];
  return name ? `${ID_PREFIX[folder] ?? ''}${name}` : filename;
}

type Band = 'Low' | 'Medium' | 'High';
const BANDS: Band[] = ['Low', 'Medium', 'High'];
/** The confidence bands of confidenceLabel (src/shared/rfp.ts), with 0 (no draft) counted as Low. */
const bandOf = (confidence: number): Band =>
  confidence >= 75 ? 'High' : confidence >= 45 ? 'Medium' : 'Low';

type Result = {
  item: Item;
  verdict: Verdict | null;
  answer: string;
  cited: string[];
  confidence: number;
  rightVerdict: boolean;
  /** The right verdict and, when the draft cites, at least one right document among its sources. */
  correct: boolean;
};

type Figures = {
  drafts: number;
  verdictAccuracy: number;
  /** NaN when no draft cites anything. */
  citationPrecision: number;
  citingDrafts: number;
  citedSources: number;
  bands: Record<Band, { drafts: number; correct: number }>;
};

function judge(item: Item, draft: { verdict: Verdict | null; answer: string; cited: string[] }) {
  const rightVerdict =
    draft.verdict === item.verdict ||
    (item.verdict === 'not_stated' && draft.verdict === null && draft.answer === '');
  const citesRight = draft.cited.length === 0 || draft.cited.some((id) => item.documents.includes(id));
  return { rightVerdict, correct: rightVerdict && citesRight };
}

function figuresOf(results: Result[]): Figures {
  const citing = results.filter((result) => result.cited.length > 0);
  const citedSources = citing.reduce((sum, result) => sum + result.cited.length, 0);
  const precise = citing.reduce(
    (sum, result) => sum + result.cited.filter((id) => result.item.documents.includes(id)).length,
    0,
  );
  const bands = Object.fromEntries(
    BANDS.map((band) => [band, { drafts: 0, correct: 0 }]),
  ) as Figures['bands'];
  for (const result of results) {
    const band = bands[bandOf(result.confidence)];
    band.drafts += 1;
    if (result.correct) band.correct += 1;
  }
  return {
    drafts: results.length,
    verdictAccuracy: results.filter((result) => result.rightVerdict).length / results.length,
    citationPrecision: citedSources === 0 ? Number.NaN : precise / citedSources,
    citingDrafts: citing.length,
    citedSources,
    bands,
  };
}

const fixed = (value: number) => (Number.isNaN(value) ? 'n/a' : value.toFixed(3));

function report(name: string, figures: Figures): string {
  const bands = BANDS.map((band) => {
    const { drafts, correct } = figures.bands[band];
    return `${band} ${drafts} (${drafts === 0 ? 'n/a' : fixed(correct / drafts)} correct)`;
  }).join(', ');
  return (
    `${name}: ${figures.drafts} questions, verdict accuracy ${fixed(figures.verdictAccuracy)}, ` +
    `citation precision ${fixed(figures.citationPrecision)} (${figures.citedSources} sources in ` +
    `${figures.citingDrafts} citing drafts); confidence: ${bands}`
  );
}

const items = kbDataAvailable('The verdict evaluation', [LABELLED_SET])
  ? (JSON.parse(readFileSync(LABELLED_SET, 'utf8')) as Item[])
  : [];
const library = demoLibrary();

describe.skipIf(items.length === 0)('the labelled closed questions', () => {
  it(`hold at least ${SET_MIN.items} questions, of every kind, in both splits, naming library documents`, () => {
    const count = (verdict: Verdict, split?: Split) =>
      items.filter((item) => item.verdict === verdict && (split === undefined || item.split === split))
        .length;
    const kinds = Object.fromEntries(
      VERDICTS.map((verdict) => [verdict, { tune: count(verdict, 'tune'), held: count(verdict, 'held') }]),
    );
    console.log(`[verdicts] labelled set: ${items.length} questions ${JSON.stringify(kinds)}`);
    expect(items.length).toBeGreaterThanOrEqual(SET_MIN.items);
    expect(count('no')).toBeGreaterThanOrEqual(SET_MIN.no);
    expect(count('partially')).toBeGreaterThanOrEqual(SET_MIN.partially);
    expect(count('not_stated')).toBeGreaterThanOrEqual(SET_MIN.not_stated);
    expect(count('yes')).toBeGreaterThan(0);
    // Each kind about half tune, half held.
    for (const verdict of VERDICTS) {
      expect(Math.abs(count(verdict, 'tune') - count(verdict, 'held'))).toBeLessThanOrEqual(1);
    }
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    const ids = new Set(library.map((document) => documentId(document.filename)));
    for (const item of items) {
      expect(VERDICTS).toContain(item.verdict);
      expect(['tune', 'held']).toContain(item.split);
      expect(item.documents.filter((id) => !ids.has(id))).toEqual([]);
      // A stated answer names its documents and quotes its evidence; an answer not stated has neither.
      expect(item.documents.length > 0).toBe(item.verdict !== 'not_stated');
      expect(item.evidence !== '').toBe(item.verdict !== 'not_stated');
    }
  });
});

describe.skipIf(items.length === 0).each(backends())(
  'closed-question verdicts on $name',
  (backend: Backend) => {
    let database: TestDatabase;
    let caller: Caller;
    const engine = answersEngine();
    const results: Result[] = [];
    const held = () => figuresOf(results.filter((result) => result.item.split === 'held'));

    beforeAll(async () => {
      ({ database, caller } = await databaseWithDemoLibrary(backend));
    }, 180_000);
    afterAll(() => database?.destroy());

    it('drafts every labelled question and reports verdict accuracy, citation precision and reliability', async () => {
      const started = performance.now();
      for (const item of items) {
        const draft = await draftAnswer(database.db, engine, caller.id, item.question);
        const cited = draft.sources.map((source) => documentId(source.filename));
        const outcome = { verdict: draft.verdict, answer: draft.answer, cited };
        results.push({ item, ...outcome, confidence: draft.confidence, ...judge(item, outcome) });
      }
      const seconds = (performance.now() - started) / 1000;
      const lines = [
        report('tune', figuresOf(results.filter((result) => result.item.split === 'tune'))),
        report('held', held()),
        report('all', figuresOf(results)),
      ];
      console.log(
        `[${backend.name}] closed-question verdicts (${seconds.toFixed(1)} s; held targets: verdict accuracy ` +
          `${TARGETS.verdictAccuracy}, citation precision ${TARGETS.citationPrecision}, High correct ` +
          `${TARGETS.highCorrect}; floors asserted: ${FLOORS.verdictAccuracy}, ${FLOORS.citationPrecision}, ` +
          `${FLOORS.highCorrect}):\n${lines.map((line) => `  ${line}`).join('\n')}`,
      );
      if (process.env.KB_EVAL_MISSES) {
        const wrong = results.filter((result) => !result.correct);
        console.log(
          `[${backend.name}] ${wrong.length} wrong:\n` +
            wrong
              .map(
                (result) =>
                  `  ${result.item.id} (${result.item.split}) ${result.item.question}\n` +
                  `    truth ${result.item.verdict} [${result.item.documents.join(' ')}]\n` +
                  `    got   ${result.verdict ?? 'null'} (confidence ${result.confidence}) ` +
                  `cited [${result.cited.join(' ')}]: ${result.answer.replace(/\s+/g, ' ').slice(0, 160) || '(no answer)'}`,
              )
              .join('\n'),
        );
      }
      expect(results).toHaveLength(items.length);
    }, 300_000);

    it(`held: verdict accuracy at least ${FLOORS.verdictAccuracy} (target ${TARGETS.verdictAccuracy})`, () => {
      expect(held().verdictAccuracy).toBeGreaterThanOrEqual(FLOORS.verdictAccuracy);
    });

    it(`held: citation precision at least ${FLOORS.citationPrecision} (target ${TARGETS.citationPrecision})`, () => {
      expect(held().citationPrecision).toBeGreaterThanOrEqual(FLOORS.citationPrecision);
    });

    it(`held: at least ${FLOORS.highCorrect} of High-confidence drafts correct, with ${HIGH_MIN_DRAFTS} or more (target ${TARGETS.highCorrect})`, () => {
      const { drafts, correct } = held().bands.High;
      expect(drafts).toBeGreaterThanOrEqual(HIGH_MIN_DRAFTS);
      expect(correct / drafts).toBeGreaterThanOrEqual(FLOORS.highCorrect);
    });
  },
);
