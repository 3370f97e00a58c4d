/**
 * Knowledge-base rows written straight into the test database (documents, passages, entities, relationships
 * and the refs between them), for tests of retrieval, the chat, search and the graph that should not depend on
 * the ingestion pipeline. The rows are what the pipeline writes: our real tables, no mock.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import {
  documentChunks,
  documentReferences,
  entityDocumentRefs,
  knowledgeEntities,
  knowledgeRelationships,
  relationshipDocumentRefs,
} from '../../src/server/db/schema.ts';
import { countWords } from '../../src/server/features/knowledge/graph-writer.ts';
import { DOCUMENT_FORMATS, documentExtension, type EntityType } from '../../src/shared/knowledge.ts';

export type PassageInput = { text: string; section?: string | null; page?: number | null };

export type InsertedDocument = { id: string; chunkIds: string[] };

/** An indexed document with its passages (in order). */
export async function insertDocument(
  db: Db,
  userId: string,
  input: {
    filename: string;
    title?: string;
    passages: PassageInput[];
    createdAt?: Date;
    status?: 'queued' | 'processing' | 'indexed' | 'failed';
  },
): Promise<InsertedDocument> {
  const extension = documentExtension(input.filename);
  const mimeType = extension ? DOCUMENT_FORMATS[extension].mimeType : 'text/plain';
  const text = input.passages.map((p) => p.text).join('\n\n');
  const status = input.status ?? 'indexed';
  const pages = input.passages.map((p) => p.page ?? 0);
  const [document] = await db
    .insert(documentReferences)
    .values({
      userId,
      title: input.title ?? input.filename.replace(/^.*\//, '').replace(/\.[^.]+$/, ''),
      filename: input.filename,
      mimeType,
      sizeBytes: Buffer.byteLength(text),
      checksum: `test-${input.filename}-${text.length}`,
      status,
      stage: status,
      progress: status === 'indexed' ? 100 : 0,
      chunkCount: input.passages.length,
      pageCount: Math.max(0, ...pages) || null,
      processedAt: status === 'indexed' ? new Date() : null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: documentReferences.id });
  if (!document) throw new Error('no document inserted');
  const chunks =
    input.passages.length === 0
      ? []
      : await db
          .insert(documentChunks)
          .values(
            input.passages.map((passage, ordinal) => ({
              userId,
              documentId: document.id,
              ordinal,
              section: passage.section ?? null,
              page: passage.page ?? null,
              text: passage.text,
            })),
          )
          .returning({ id: documentChunks.id, ordinal: documentChunks.ordinal });
  chunks.sort((a, b) => a.ordinal - b.ordinal);
  await countWords(db, document.id, 1);
  return { id: document.id, chunkIds: chunks.map((c) => c.id) };
}

/** An entity mentioned in the given passages (mention and document counts as the pipeline keeps them). */
export async function insertEntity(
  db: Db,
  userId: string,
  input: {
    name: string;
    type: EntityType;
    canonicalName?: string;
    mentions: { documentId: string; chunkId: string; count?: number }[];
  },
): Promise<string> {
  const [entity] = await db
    .insert(knowledgeEntities)
    .values({
      userId,
      name: input.name,
      canonicalName: input.canonicalName ?? input.name.toLowerCase(),
      entityType: input.type,
      mentionCount: input.mentions.reduce((sum, m) => sum + (m.count ?? 1), 0),
      documentCount: new Set(input.mentions.map((m) => m.documentId)).size,
    })
    .returning({ id: knowledgeEntities.id });
  if (!entity) throw new Error('no entity inserted');
  if (input.mentions.length > 0) {
    await db.insert(entityDocumentRefs).values(
      input.mentions.map((m) => ({
        userId,
        entityId: entity.id,
        documentId: m.documentId,
        chunkId: m.chunkId,
        mentionCount: m.count ?? 1,
      })),
    );
  }
  return entity.id;
}

/** A relationship read from the given passages, weighted by how many there are. */
export async function insertRelationship(
  db: Db,
  userId: string,
  input: {
    source: string;
    target: string;
    relation: string;
    evidence: { documentId: string; chunkId: string; phrase: string }[];
    weight?: number;
  },
): Promise<string> {
  const [relationship] = await db
    .insert(knowledgeRelationships)
    .values({
      userId,
      sourceEntityId: input.source,
      targetEntityId: input.target,
      relation: input.relation,
      weight: input.weight ?? input.evidence.length,
    })
    .returning({ id: knowledgeRelationships.id });
  if (!relationship) throw new Error('no relationship inserted');
  if (input.evidence.length > 0) {
    await db
      .insert(relationshipDocumentRefs)
      .values(input.evidence.map((e) => ({ userId, relationshipId: relationship.id, ...e })));
  }
  return relationship.id;
}

/** The id of a signed-up user, by e-mail. */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const result = (await db.execute(sql`select id from users where email = ${email}`)) as unknown as {
    rows: { id: string }[];
  };
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no user ${email}`);
  return id;
}
