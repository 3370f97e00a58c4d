/**
 * The documents of a user's knowledge base (issue 8 points 1 and 4; spec 3 §2-§3): upload with a clear
 * verdict per file, the list with title search, one document, its original, delete, re-process, and the
 * statistics. `addDocument` is also how other code (the demo library, benchmarks) adds a document from bytes.
 */
import { createHash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import {
  DOCUMENT_FORMATS,
  type DocumentExtension,
  documentExtension,
  type KnowledgeDocument,
  type KnowledgeStats,
  RECENT_ACTIVITY_DAYS,
  RECENT_DOCUMENTS,
  UPLOAD_MAX_FILES,
  type UploadResult,
} from '../../../shared/knowledge.ts';
import type { AppDeps, Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { documentFiles, documentReferences } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import { isTerminal } from '../../jobs/queue.ts';
import { formatMismatch, titleFromFilename } from './extract.ts';
import { lockUserGraph, removeContribution } from './graph-writer.ts';
import { PROCESS_DOCUMENT_JOB, PROCESS_MAX_ATTEMPTS, type ProcessPayload } from './processing.ts';

export { processDocument } from './processing.ts';

export type KnowledgeDeps = Pick<AppDeps, 'database' | 'jobs' | 'credits' | 'logger' | 'config'>;

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const ALREADY_PROCESSING = 'The document is already being processed';

/** "PDF (.pdf), Word (.docx), ...": what the refusal of an unsupported file lists. */
export const ACCEPTED_FORMATS = (() => {
  const byLabel = new Map<string, string[]>();
  for (const [extension, format] of Object.entries(DOCUMENT_FORMATS)) {
    byLabel.set(format.label, [...(byLabel.get(format.label) ?? []), `.${extension}`]);
  }
  return [...byLabel].map(([label, extensions]) => `${label} (${extensions.join(', ')})`).join(', ');
})();

type DocumentRow = typeof documentReferences.$inferSelect;

export function toDocument(row: DocumentRow): KnowledgeDocument {
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    checksum: row.checksum,
    sourceType: row.sourceType,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    error: row.error,
    pageCount: row.pageCount,
    chunkCount: row.chunkCount,
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/**
 * A file name as we keep it: a folder upload's relative path stays ("policies/access.md"), but never a way
 * out of it ("..", absolute paths, backslashes) or control characters.
 */
export function safeFilename(name: string): string {
  const parts = name
    .normalize('NFC')
    .replace(/\\/g, '/')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part && part !== '.' && part !== '..');
  const joined = parts.join('/');
  if (joined.length <= 255) return joined;
  // Too long: keep the start and the extension.
  const extension = joined.match(/\.[a-z0-9]{1,10}$/i)?.[0] ?? '';
  return joined.slice(0, 255 - extension.length) + extension;
}

export type CheckedFile = { filename: string; extension: DocumentExtension; mimeType: string };

/** The verdict on one file before anything is stored: what it is, or the sentence that refuses it. */
export function checkFile(
  name: string,
  size: number,
  head: Uint8Array | null,
  maxMb: number,
): CheckedFile | { filename: string; error: string } {
  const filename = safeFilename(name);
  if (!filename) return { filename: name, error: 'The file has no name' };
  const extension = documentExtension(filename);
  if (!extension) {
    return { filename, error: `"${filename}" is not a supported file type. Accepted: ${ACCEPTED_FORMATS}` };
  }
  if (size === 0) return { filename, error: `"${filename}" is empty` };
  if (size > maxMb * 1024 * 1024)
    return { filename, error: `"${filename}" is larger than the ${maxMb} MB limit` };
  const mismatch = head ? formatMismatch(extension, head) : null;
  if (mismatch) return { filename, error: `"${filename}" ${mismatch}` };
  return { filename, extension, mimeType: DOCUMENT_FORMATS[extension].mimeType };
}

export type NewDocument = {
  filename: string;
  bytes: Uint8Array;
  sourceType?: 'upload' | 'demo';
  /** Defaults to the file name without its extension, until processing finds the document's own title. */
  title?: string;
};

export type AddOutcome = 'created' | 'replaced' | 'unchanged';

/**
 * Stores a document and queues its processing. The same file (same checksum) under the same name is the same
 * document and is not processed again; a changed file under the same name replaces what the old one
 * contributed. `queue: false` leaves processing to the caller (`processDocument`). Throws a 400 with the
 * reason for a file that cannot be taken.
 */
export async function addDocument(
  deps: KnowledgeDeps,
  caller: Caller,
  input: NewDocument,
  options: { queue?: boolean } = {},
): Promise<{ document: KnowledgeDocument; outcome: AddOutcome }> {
  // Many files at once (an upload, the demo library) must not hold other requests: on PGlite a run of writes
  // would, as it answers through microtasks only.
  await yieldToLoop();
  const checked = checkFile(input.filename, input.bytes.byteLength, input.bytes, deps.config.uploadMaxMb);
  if ('error' in checked) throw new AppError('VALIDATION_ERROR', 400, checked.error);
  const { db } = deps.database;
  const checksum = createHash('sha256').update(input.bytes).digest('hex');
  const values = {
    title: input.title?.trim().slice(0, 200) || titleFromFilename(checked.filename),
    mimeType: checked.mimeType,
    sizeBytes: input.bytes.byteLength,
    checksum,
    sourceType: input.sourceType ?? 'upload',
  };
  const content = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);

  const stored = await withUser(db, caller.id, async (tx) => {
    const findExisting = () =>
      tx
        .select()
        .from(documentReferences)
        .where(
          and(eq(documentReferences.userId, caller.id), eq(documentReferences.filename, checked.filename)),
        )
        .for('update');
    let [existing] = await findExisting();
    if (!existing) {
      const [created] = await tx
        .insert(documentReferences)
        .values({ userId: caller.id, filename: checked.filename, ...values })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await tx.insert(documentFiles).values({ documentId: created.id, userId: caller.id, content });
        return { row: created, outcome: 'created' as const };
      }
      // Another request stored the same name a moment ago: treat it as the existing document.
      [existing] = await findExisting();
      if (!existing) throw new Error('the document vanished while it was being stored');
    }
    // The same bytes: nothing to do, unless the last processing failed (credits, a crash) and may now succeed.
    if (existing.checksum === checksum && existing.status !== 'failed') {
      return { row: existing, outcome: 'unchanged' as const };
    }
    await lockUserGraph(tx, caller.id);
    await removeContribution(tx, existing.id);
    const [replaced] = await tx
      .update(documentReferences)
      .set({
        ...values,
        status: 'queued',
        stage: 'queued',
        progress: 0,
        error: null,
        pageCount: null,
        chunkCount: 0,
        jobId: null,
        processedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(documentReferences.id, existing.id))
      .returning();
    await tx
      .insert(documentFiles)
      .values({ documentId: existing.id, userId: caller.id, content })
      .onConflictDoUpdate({ target: documentFiles.documentId, set: { content } });
    return { row: replaced ?? existing, outcome: 'replaced' as const };
  });

  if (stored.outcome === 'unchanged' || options.queue === false) {
    return { document: toDocument(stored.row), outcome: stored.outcome };
  }
  const queued = await queueProcessing(deps, caller, stored.row);
  return { document: queued ?? toDocument(stored.row), outcome: stored.outcome };
}

/**
 * Enqueues the processing job of a stored document and records its id on it (the job is outside the user's
 * transaction). Exported for a batch stored with `queue: false`, queued once it is all in.
 */
export async function queueProcessing(
  deps: KnowledgeDeps,
  caller: Caller,
  document: Pick<KnowledgeDocument, 'id' | 'checksum'>,
): Promise<KnowledgeDocument | null> {
  const payload: ProcessPayload = { documentId: document.id, userId: caller.id, checksum: document.checksum };
  // One processing of these bytes at a time: requests that queue it together (re-process clicked twice, an
  // upload beside a re-process) get the one job, so the document is processed and charged once.
  const job = await deps.jobs.enqueue(PROCESS_DOCUMENT_JOB, payload, {
    userId: caller.id,
    maxAttempts: PROCESS_MAX_ATTEMPTS,
    uniqueKey: `${PROCESS_DOCUMENT_JOB}:${document.id}:${document.checksum}`,
  });
  const [updated] = await withUser(deps.database.db, caller.id, (tx) =>
    tx
      .update(documentReferences)
      .set({ jobId: job.id })
      .where(and(eq(documentReferences.id, document.id), eq(documentReferences.checksum, document.checksum)))
      .returning(),
  );
  return updated ? toDocument(updated) : null;
}

export type UploadedFile = { name: string; size: number; bytes: () => Promise<Uint8Array> };

/**
 * An upload of several files: each gets its own verdict, in order. A refused file never stops the others,
 * and files past `UPLOAD_MAX_FILES` are refused one by one (the first ones are taken).
 */
export async function uploadDocuments(
  deps: KnowledgeDeps,
  caller: Caller,
  files: readonly UploadedFile[],
): Promise<UploadResult[]> {
  const results: UploadResult[] = [];
  for (const [index, file] of files.entries()) {
    if (index >= UPLOAD_MAX_FILES) {
      results.push({
        filename: safeFilename(file.name) || file.name,
        ok: false,
        error: `"${safeFilename(file.name) || file.name}" was not taken: an upload holds at most ${UPLOAD_MAX_FILES} files; upload it in another batch`,
      });
      continue;
    }
    // Size and name first: an oversized file is refused without reading it.
    const precheck = checkFile(file.name, file.size, null, deps.config.uploadMaxMb);
    if ('error' in precheck) {
      results.push({ filename: precheck.filename, ok: false, error: precheck.error });
      continue;
    }
    try {
      const { document } = await addDocument(deps, caller, {
        filename: file.name,
        bytes: await file.bytes(),
      });
      results.push({ filename: precheck.filename, ok: true, document });
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 400) throw err;
      results.push({ filename: precheck.filename, ok: false, error: err.message });
    }
  }
  return results;
}

/** LIKE's wildcards taken literally: a search for "100%" finds "100%". */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listDocuments(
  db: Db,
  caller: Caller,
  query: { q?: string; limit?: number },
): Promise<KnowledgeDocument[]> {
  const q = query.q?.trim();
  return withUser(db, caller.id, async (tx) =>
    (
      await tx
        .select()
        .from(documentReferences)
        .where(
          and(
            eq(documentReferences.userId, caller.id),
            // The file name too: a document titled from its heading is still found by the name it was sent as.
            q
              ? or(
                  ilike(documentReferences.title, `%${likeLiteral(q)}%`),
                  ilike(documentReferences.filename, `%${likeLiteral(q)}%`),
                )
              : undefined,
          ),
        )
        .orderBy(desc(documentReferences.createdAt), desc(documentReferences.id))
        .limit(query.limit ?? RECENT_DOCUMENTS)
    ).map(toDocument),
  );
}

export async function getDocument(db: Db, caller: Caller, id: string): Promise<KnowledgeDocument> {
  return toDocument(await findRow(db, caller, id));
}

/** Removes a document, its original and everything it contributed; entities left without evidence go too. */
export async function deleteDocument(db: Db, caller: Caller, id: string): Promise<void> {
  const deleted = await withUser(db, caller.id, async (tx) => {
    await lockUserGraph(tx, caller.id);
    const [row] = await tx
      .select({ id: documentReferences.id })
      .from(documentReferences)
      .where(and(eq(documentReferences.id, id), eq(documentReferences.userId, caller.id)))
      .for('update');
    if (!row) return false;
    await removeContribution(tx, id);
    await tx.delete(documentReferences).where(eq(documentReferences.id, id));
    return true;
  });
  if (!deleted) throw new AppError('NOT_FOUND', 404, DOCUMENT_NOT_FOUND);
}

/**
 * Processes a document again (charged like the first time). Refused while its job is still waiting or running;
 * a document left "processing" by a job that gave up can be re-processed.
 */
export async function reprocessDocument(
  deps: KnowledgeDeps,
  caller: Caller,
  id: string,
): Promise<KnowledgeDocument> {
  const { db } = deps.database;
  const current = await findRow(db, caller, id);
  if (current.status === 'queued' || current.status === 'processing') {
    const job = current.jobId ? await deps.jobs.get(current.jobId) : null;
    if (job && !isTerminal(job.status)) throw new AppError('CONFLICT', 409, ALREADY_PROCESSING);
  }
  const [queued] = await withUser(db, caller.id, (tx) =>
    tx
      .update(documentReferences)
      .set({
        status: 'queued',
        stage: 'queued',
        progress: 0,
        error: null,
        jobId: null,
        updatedAt: sql`now()`,
      })
      // Unchanged since it was read: a concurrent re-process or upload has queued it already.
      .where(
        and(
          eq(documentReferences.id, id),
          eq(documentReferences.status, current.status),
          current.jobId ? eq(documentReferences.jobId, current.jobId) : isNull(documentReferences.jobId),
        ),
      )
      .returning(),
  );
  if (!queued) throw new AppError('CONFLICT', 409, ALREADY_PROCESSING);
  return (await queueProcessing(deps, caller, queued)) ?? toDocument(queued);
}

async function findRow(db: Db, caller: Caller, id: string): Promise<DocumentRow> {
  const [row] = await withUser(db, caller.id, (tx) =>
    tx
      .select()
      .from(documentReferences)
      .where(and(eq(documentReferences.id, id), eq(documentReferences.userId, caller.id))),
  );
  if (!row) throw new AppError('NOT_FOUND', 404, DOCUMENT_NOT_FOUND);
  return row;
}

/** The original as uploaded, with what a download needs. */
export async function getDocumentFile(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ filename: string; mimeType: string; content: Buffer }> {
  const [row] = await withUser(db, caller.id, (tx) =>
    tx
      .select({
        filename: documentReferences.filename,
        mimeType: documentReferences.mimeType,
        content: documentFiles.content,
      })
      .from(documentReferences)
      .innerJoin(documentFiles, eq(documentFiles.documentId, documentReferences.id))
      .where(and(eq(documentReferences.id, id), eq(documentReferences.userId, caller.id))),
  );
  if (!row) throw new AppError('NOT_FOUND', 404, DOCUMENT_NOT_FOUND);
  return row;
}

/** Spec 3 "Knowledge stats", counted exactly. */
export async function getKnowledgeStats(db: Db, caller: Caller): Promise<KnowledgeStats> {
  const [row] = await withUser(db, caller.id, (tx) =>
    queryRows<KnowledgeStats>(
      tx,
      sql`select
        (select count(*) from document_references where user_id = ${caller.id})::int as "totalDocuments",
        (select count(*) from knowledge_entities where user_id = ${caller.id})::int as "totalEntities",
        (select count(*) from knowledge_relationships where user_id = ${caller.id})::int as "totalRelationships",
        (select count(*) from document_references where user_id = ${caller.id}
          and created_at > now() - make_interval(days => ${RECENT_ACTIVITY_DAYS}::int))::int as "recentActivity"`,
    ),
  );
  return row ?? { totalDocuments: 0, totalEntities: 0, totalRelationships: 0, recentActivity: 0 };
}
