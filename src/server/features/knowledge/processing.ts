/**
 * The processing job of one document: extracting -> chunking -> extracting_entities -> linking -> indexed,
 * with progress on the document row and the job. Everything is computed first and written in one transaction
 * (graph-writer.ts), so a crash leaves the previous state and the job queue's retry starts over: processing
 * is idempotent. A file that cannot be read fails its document with the reason, and is not charged;
 * `document_processing` is charged once, after the document was indexed (never for the demo library).
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import {
  documentExtension,
  PROCESSING_STAGE_LABELS,
  type ProcessingStage,
} from '../../../shared/knowledge.ts';
import type { Caller } from '../../context.ts';
import { type Database, type Db, queryRows } from '../../db/client.ts';
import { documentFiles, documentReferences, users } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { knownCompanyNames } from '../copilot/service.ts';
import type { Charger } from '../credits/charger.ts';
import { recordEvent } from '../events/service.ts';
import { chunkBlocks } from './chunk.ts';
import {
  createEntityLexicon,
  type EntityLexicon,
  findMentions,
  lowerCaseWords,
  type Mention,
  mergeMentions,
  rankTerms,
  relationsIn,
  repeatedTerms,
  type TermCandidate,
  termMatchers,
  termMentions,
} from './entities.ts';
import { DocumentError, extractDocument, titleFromFilename } from './extract.ts';
import {
  type DocumentContribution,
  type EntityEvidence,
  lockUserGraph,
  type RelationshipEvidence,
  removeContribution,
  writeContribution,
} from './graph-writer.ts';

export const PROCESS_DOCUMENT_JOB = 'knowledge.process-document';
export const PROCESS_MAX_ATTEMPTS = 3;
export const DOCUMENT_PROCESSING = 'document_processing';

export type ProcessingDeps = { database: Database; credits: Charger; logger: Logger };

export type ProcessPayload = { documentId: string; userId: string; checksum: string };

export type ProcessOutcome =
  | { status: 'indexed'; documentId: string; chunks: number; entities: number; relationships: number }
  | { status: 'failed'; documentId: string; error: string }
  | { status: 'skipped'; documentId: string; reason: string };

export type ProcessOptions = {
  progress?: (percent: number, message: string) => Promise<void>;
  signal?: AbortSignal;
  /** This attempt and the last one the queue will make: the last one fails the document instead of retrying. */
  attempt?: number;
  maxAttempts?: number;
};

const UNEXPECTED_FAILURE = 'Processing stopped on an unexpected error; use Re-process to try again';

/** The percent at which each stage starts. */
const STAGE_PROGRESS: Record<Exclude<ProcessingStage, 'failed'>, number> = {
  queued: 0,
  extracting: 5,
  chunking: 30,
  extracting_entities: 45,
  linking: 75,
  indexed: 100,
};

/** The lexicon (our company names, people's first names, places), built once per database and hour. */
const LEXICON_TTL_MS = 60 * 60_000;
const lexicons = new WeakMap<Db, { at: number; lexicon: Promise<EntityLexicon> }>();

function lexiconFor(db: Db): Promise<EntityLexicon> {
  const cached = lexicons.get(db);
  if (cached && Date.now() - cached.at < LEXICON_TTL_MS) return cached.lexicon;
  const lexicon = knownCompanyNames(db).then(createEntityLexicon);
  lexicon.catch(() => lexicons.delete(db));
  lexicons.set(db, { at: Date.now(), lexicon });
  return lexicon;
}

async function callerOf(db: Db, userId: string): Promise<Caller | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * How many of the user's other indexed documents already have each candidate term, for tf-idf (only the
 * candidates are looked up: a large knowledge base holds thousands of terms).
 */
async function termCorpus(db: Db, userId: string, documentId: string, candidates: readonly TermCandidate[]) {
  return withUser(db, userId, async (tx) => {
    const [counts] = await queryRows<{ documents: number }>(
      tx,
      sql`select count(*)::int as documents from document_references
          where user_id = ${userId} and status = 'indexed' and id <> ${documentId}`,
    );
    const documentFrequency = new Map<string, number>();
    for (let i = 0; i < candidates.length; i += 1000) {
      const names = candidates.slice(i, i + 1000).map((t) => t.canonical);
      const rows = await queryRows<{ canonical_name: string; document_count: number }>(
        tx,
        sql`select canonical_name, document_count from knowledge_entities
            where user_id = ${userId} and entity_type = 'term' and canonical_name in ${names}`,
      );
      for (const row of rows) documentFrequency.set(row.canonical_name, row.document_count);
    }
    return { documents: counts?.documents ?? 0, documentFrequency };
  });
}

/** Entities and relationships of the passages, with the evidence per passage. */
async function analyse(
  chunks: DocumentContribution['chunks'],
  lexicon: EntityLexicon,
  terms: readonly TermCandidate[],
  onHalf: () => Promise<void>,
): Promise<Pick<DocumentContribution, 'entities' | 'relationships'>> {
  const texts = chunks.map((c) => c.text);
  const lowerWords = lowerCaseWords(texts.join('\n'));
  const matchers = termMatchers(terms);
  const perChunk: Mention[][] = [];
  for (const [index, chunk] of chunks.entries()) {
    perChunk.push(
      mergeMentions(findMentions(chunk.text, lexicon, lowerWords), termMentions(chunk.text, matchers)),
    );
    // A long document must not hold the event loop: let requests through between passages.
    if (index % 25 === 24) await yieldToLoop();
  }
  await onHalf();

  const entities = new Map<string, EntityEvidence & { spellings: Map<string, number> }>();
  const relationships = new Map<string, RelationshipEvidence>();
  for (const [index, chunk] of chunks.entries()) {
    const mentions = perChunk[index] ?? [];
    for (const m of mentions) {
      const k = `${m.type}\u0000${m.canonical}`;
      let entity = entities.get(k);
      if (!entity) {
        entity = {
          type: m.type,
          canonical: m.canonical,
          name: m.name,
          chunks: new Map(),
          spellings: new Map(),
        };
        entities.set(k, entity);
      }
      entity.chunks.set(chunk.id, (entity.chunks.get(chunk.id) ?? 0) + 1);
      entity.spellings.set(m.name, (entity.spellings.get(m.name) ?? 0) + 1);
    }
    for (const r of relationsIn(chunk.text, mentions)) {
      const k = `${r.source.type}:${r.source.canonical}|${r.target.type}:${r.target.canonical}|${r.relation}`;
      let relationship = relationships.get(k);
      if (!relationship) {
        relationship = {
          source: { type: r.source.type, canonical: r.source.canonical },
          target: { type: r.target.type, canonical: r.target.canonical },
          relation: r.relation,
          chunks: new Map(),
        };
        relationships.set(k, relationship);
      }
      if (!relationship.chunks.has(chunk.id)) relationship.chunks.set(chunk.id, r.sentence);
    }
    if (index % 25 === 24) await yieldToLoop();
  }
  return {
    entities: [...entities.values()].map(({ spellings, ...entity }) => ({
      ...entity,
      name: [...spellings].sort((a, b) => b[1] - a[1])[0]?.[0] ?? entity.name,
    })),
    relationships: [...relationships.values()],
  };
}

/**
 * Processes one document (the job's work; benchmarks and loaders may call it directly). Never throws for a
 * bad file: the document fails with the reason. Unexpected errors are thrown so the queue retries them.
 */
export async function processDocument(
  deps: ProcessingDeps,
  payload: ProcessPayload,
  options: ProcessOptions = {},
): Promise<ProcessOutcome> {
  const { db } = deps.database;
  const { documentId, userId } = payload;
  const [document] = await withUser(db, userId, (tx) =>
    tx.select().from(documentReferences).where(eq(documentReferences.id, documentId)),
  );
  if (!document) return { status: 'skipped', documentId, reason: 'The document was deleted' };
  if (document.checksum !== payload.checksum) {
    return {
      status: 'skipped',
      documentId,
      reason: 'A newer file replaced this one; its own job processes it',
    };
  }
  if (document.status === 'indexed') {
    return { status: 'skipped', documentId, reason: 'Already indexed' };
  }

  const stage = async (name: Exclude<ProcessingStage, 'failed'>) => {
    // Each stage lets the requests that arrived meanwhile through first (on PGlite the writes would not).
    await yieldToLoop();
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('Processing was interrupted');
    const progress = STAGE_PROGRESS[name];
    await withUser(db, userId, (tx) =>
      tx
        .update(documentReferences)
        .set({ status: 'processing', stage: name, progress, error: null, updatedAt: sql`now()` })
        .where(and(eq(documentReferences.id, documentId), eq(documentReferences.checksum, payload.checksum))),
    );
    await options.progress?.(progress, PROCESSING_STAGE_LABELS[name]);
  };

  // A failed document contributes nothing (a re-process of an indexed one that fails takes its old passages out).
  const fail = async (error: string): Promise<ProcessOutcome> => {
    await withUser(db, userId, async (tx) => {
      await lockUserGraph(tx, userId);
      const [current] = await tx
        .update(documentReferences)
        .set({
          status: 'failed',
          stage: 'failed',
          error,
          chunkCount: 0,
          processedAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(documentReferences.id, documentId), eq(documentReferences.checksum, payload.checksum)))
        .returning({ id: documentReferences.id });
      if (current) await removeContribution(tx, documentId);
    });
    deps.logger.info({ documentId, error }, 'document processing failed');
    return { status: 'failed', documentId, error };
  };

  try {
    await stage('extracting');
    const caller = await callerOf(db, userId);
    if (!caller) return { status: 'skipped', documentId, reason: 'The user no longer exists' };
    // The demo library (demo.ts) is free: it is neither checked nor charged.
    const charged = document.sourceType !== 'demo';
    // Refuse before the work when the credits are not there (the 402's text tells how many are needed).
    try {
      if (charged) await deps.credits.check(caller, DOCUMENT_PROCESSING);
    } catch (err) {
      if (err instanceof AppError && err.status === 402) return await fail(err.message);
      throw err;
    }
    const extension = documentExtension(document.filename);
    if (!extension) return await fail('The file type is not supported');
    const [file] = await withUser(db, userId, (tx) =>
      tx
        .select({ content: documentFiles.content })
        .from(documentFiles)
        .where(eq(documentFiles.documentId, documentId)),
    );
    if (!file) return await fail('The original file is missing; upload it again');
    const extracted = await extractDocument(extension, new Uint8Array(file.content));
    if (extracted.blocks.length === 0) return await fail('The file has no text to index');

    // A title made from the file name gives way to the document's own (one given at upload stays).
    const title =
      extracted.title && document.title === titleFromFilename(document.filename)
        ? extracted.title
        : document.title;

    await stage('chunking');
    const chunks = chunkBlocks(extracted.blocks).map((chunk) => ({ ...chunk, id: randomUUID() }));

    await stage('extracting_entities');
    const candidates = repeatedTerms(chunks.map((c) => c.text));
    const [lexicon, corpus] = await Promise.all([
      lexiconFor(db),
      termCorpus(db, userId, documentId, candidates),
    ]);
    const terms = rankTerms(candidates, corpus);
    const { entities, relationships } = await analyse(chunks, lexicon, terms, () => stage('linking'));

    const written = await withUser(db, userId, (tx) =>
      writeContribution(tx, userId, document, {
        chunks,
        entities,
        relationships,
        pageCount: extracted.pageCount,
        title,
      }),
    );
    if (!written) {
      return {
        status: 'skipped',
        documentId,
        reason: 'The document was deleted or replaced while processing',
      };
    }
    try {
      if (charged) await deps.credits.charge(caller, DOCUMENT_PROCESSING, 1, `Processing ${title}`);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 402)) throw err;
      // Spent elsewhere meanwhile: the document fails and its contribution goes, rather than index for free.
      return await fail(err.message);
    }
    // After the charge: the event says the document is indexed and stays so (the demo library adds none).
    if (charged) {
      await withUser(db, userId, (tx) =>
        recordEvent(tx, {
          userId,
          type: 'document.processed',
          subjectType: 'document',
          subjectId: documentId,
          summary: `${title} was processed: ${chunks.length} passages, ${entities.length} entities`,
          data: {
            documentId,
            title,
            filename: document.filename,
            passages: chunks.length,
            entities: entities.length,
            relationships: relationships.length,
          },
        }),
      );
    }
    await options.progress?.(100, PROCESSING_STAGE_LABELS.indexed);
    return {
      status: 'indexed',
      documentId,
      chunks: chunks.length,
      entities: entities.length,
      relationships: relationships.length,
    };
  } catch (err) {
    if (err instanceof DocumentError) return fail(err.message);
    const last = (options.attempt ?? PROCESS_MAX_ATTEMPTS) >= (options.maxAttempts ?? PROCESS_MAX_ATTEMPTS);
    if (last && !options.signal?.aborted) await fail(UNEXPECTED_FAILURE).catch(() => {});
    throw err;
  }
}

/** ANALYZE of the knowledge tables once documents stop coming in for this long. */
const ANALYZE_AFTER_MS = 3000;
const analyzeTimers = new WeakMap<Db, NodeJS.Timeout>();

/**
 * Planner statistics for the knowledge tables once a run of documents was indexed: PGlite has no autovacuum,
 * and without them retrieval's plans read more than they need (the chat's p95 over the demo library falls by a
 * quarter). Debounced: one ANALYZE after the last of many uploads.
 */
function analyzeSoon(db: Db, logger: Logger): void {
  clearTimeout(analyzeTimers.get(db));
  const timer = setTimeout(() => {
    analyzeTimers.delete(db);
    db.execute(
      sql`analyze document_chunks, knowledge_word_counts, knowledge_entities, knowledge_relationships, entity_document_refs, relationship_document_refs`,
    ).catch((err) => logger.warn({ err }, 'analyzing the knowledge tables failed'));
  }, ANALYZE_AFTER_MS);
  timer.unref();
  analyzeTimers.set(db, timer);
}

export function registerDocumentProcessing(deps: ProcessingDeps & { jobs: JobQueue }): void {
  deps.jobs.register<ProcessPayload>(
    PROCESS_DOCUMENT_JOB,
    async (job, ctx) => {
      const outcome = await processDocument(deps, job.payload, {
        progress: ctx.progress,
        signal: ctx.signal,
        attempt: job.attempt,
        maxAttempts: PROCESS_MAX_ATTEMPTS,
      });
      if (outcome.status === 'indexed') analyzeSoon(deps.database.db, deps.logger);
      return outcome;
    },
    { maxAttempts: PROCESS_MAX_ATTEMPTS },
  );
}
