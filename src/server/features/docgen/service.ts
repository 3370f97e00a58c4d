/**
 * Document generation (issue 9, David): gathers what the document is about (the company, a contact, the
 * prospect's forecast and momentum, the ideal customer profile and the seller's own company), asks the
 * knowledge base each of the template's topics, fills the template (templates.ts) and lets the engine write
 * it (the built-in engine keeps the filled template; a model writes prose from the same facts). Saved,
 * listed, edited, deleted and exported; one document_generation credit per document, none when it fails.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DOC_COMPANY_NOT_FOUND,
  DOC_CONTACT_NOT_FOUND,
  DOC_NOT_FOUND,
  DOC_TEMPLATE_INFO,
  type DocTemplate,
  type GeneratedDocument,
  type GenerateRequest,
} from '../../../shared/docgen.ts';
import { scoreCompany } from '../../../shared/fit-score.ts';
import type { KnowledgeSource } from '../../../shared/knowledge.ts';
import { normalizeCitations } from '../../ai/citations.ts';
import type { AiEngine, AnswerPassage } from '../../ai/port.ts';
import type { AppDeps, Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { generatedDocuments } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { type RetrievedPassage, retrievePassages, snippetOf } from '../knowledge/service.ts';
import { getProfile } from '../profile/service.ts';
import { getProspect } from '../prospects/service.ts';
import { type FactCandidate, factCandidates, selectFacts } from './facts.ts';
import {
  type DocCompany,
  type DocContact,
  type DocContext,
  type DocFact,
  type DocProspect,
  fillTemplate,
  TEMPLATE_TOPICS,
} from './templates.ts';

export const DOCUMENT_GENERATION_ACTIVITY = 'document_generation';
/** Passages retrieved for each question of a template's topic. */
const PASSAGES_PER_QUESTION = 2;

type Row = typeof generatedDocuments.$inferSelect;

const toDocument = (row: Row): GeneratedDocument => ({
  id: row.id,
  template: row.template as DocTemplate,
  title: row.title,
  companyId: row.companyId,
  companyName: row.companyName,
  contactId: row.contactId,
  prospectId: row.prospectId,
  markdown: row.markdown,
  sources: row.sources as KnowledgeSource[],
  missing: row.missing as string[],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type CompanyRow = DocCompany & {
  id: string;
  primaryIndustry: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
};

/** A company the caller can see (a shared one, or their own import), or 404. */
async function companyOf(tx: Db, id: string): Promise<CompanyRow> {
  const [row] = await queryRows<CompanyRow>(
    tx,
    sql`select id, name, primary_industry as industry, primary_industry as "primaryIndustry",
          sub_industry as "subIndustry", size, employees, location, website, founded_year as "foundedYear",
          description, country, region, city
        from company_master where id = ${id}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 404, DOC_COMPANY_NOT_FOUND);
  return row;
}

async function contactOf(tx: Db, id: string): Promise<DocContact & { companyId: string }> {
  const [row] = await queryRows<DocContact & { companyId: string }>(
    tx,
    sql`select full_name as "fullName", first_name as "firstName", title, email, company_id as "companyId"
        from company_contacts where id = ${id}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 404, DOC_CONTACT_NOT_FOUND);
  return row;
}

/**
 * The knowledge base's facts for each topic of the template: each of the topic's questions retrieves its
 * passages and keeps the sentences that answer it; selectFacts places each sentence once, in the section it
 * answers best. The question alone is the query: the account's industry and notes added to it made passages
 * that answer it fail retrieval's relevance test, and the document states them itself.
 */
async function gatherFacts(
  db: Db,
  userId: string,
  template: DocTemplate,
): Promise<{ facts: Record<string, DocFact[]>; passages: RetrievedPassage[] }> {
  const topics = TEMPLATE_TOPICS[template];
  const candidates: FactCandidate<RetrievedPassage>[] = [];
  for (const [topic, { questions }] of Object.entries(topics)) {
    for (const question of questions) {
      const found = await retrievePassages(db, userId, question, {
        limit: PASSAGES_PER_QUESTION,
        perDocument: 1,
      });
      candidates.push(...factCandidates(topic, question, found.passages));
    }
  }
  return selectFacts(topics, candidates);
}

const asAnswerPassage = (passage: RetrievedPassage): Omit<AnswerPassage, 'ref'> => ({
  title: passage.title,
  section: passage.section,
  page: passage.page,
  text: passage.text,
});

/**
 * `POST /api/v1/docgen/documents`: a new document, saved and charged (checked before the work, charged once
 * it is saved; a failure charges nothing).
 */
export async function generateDocument(
  deps: Pick<AppDeps, 'database' | 'credits'>,
  engine: AiEngine,
  caller: Caller,
  request: GenerateRequest,
  logger: Logger,
  today = new Date(),
): Promise<GeneratedDocument & { creditsCharged: number }> {
  const db = deps.database.db;
  await deps.credits.check(caller, DOCUMENT_GENERATION_ACTIVITY);
  const profile = await getProfile(db, caller);
  const prospectDetail = request.prospectId ? await getProspect(db, caller, request.prospectId) : null;
  const { company, contact } = await withUser(db, caller.id, async (tx) => {
    const contactRow = request.contactId ? await contactOf(tx, request.contactId) : null;
    const companyId = request.companyId ?? prospectDetail?.company?.id ?? contactRow?.companyId ?? null;
    return { company: companyId ? await companyOf(tx, companyId) : null, contact: contactRow };
  });
  const latest = prospectDetail?.forecasts.at(-1) ?? null;
  const prospect: DocProspect | null = prospectDetail
    ? {
        name: prospectDetail.name,
        status: prospectDetail.status,
        forecast: latest
          ? {
              timelineDays: latest.timelineDays,
              conservative: latest.conservativeAmount,
              realistic: latest.realisticAmount,
              optimistic: latest.optimisticAmount,
              confidence: latest.confidencePercentage,
            }
          : null,
        momentum: prospectDetail.momentum
          ? {
              trend: prospectDetail.momentum.momentumTrend,
              velocity: prospectDetail.momentum.velocityScore,
              progress: prospectDetail.momentum.progressPercentage,
            }
          : null,
      }
    : null;
  const { facts, passages } = await gatherFacts(db, caller.id, request.template);
  const context: DocContext = {
    seller: {
      company: profile.company.name || null,
      offering: profile.company.offering || null,
      website: profile.company.website || null,
      person: caller.name,
    },
    company,
    contact,
    prospect,
    fit: company
      ? scoreCompany(
          {
            name: company.name,
            primaryIndustry: company.primaryIndustry,
            subIndustry: company.subIndustry,
            size: company.size,
            country: company.country,
            region: company.region,
            city: company.city,
            description: company.description,
          },
          profile.idealCustomerProfile.segments,
        )
      : null,
    icpSummary: profile.idealCustomerProfile.summary || null,
    facts,
    notes: request.notes || null,
    today,
  };
  const filled = fillTemplate(request.template, context);
  const factPassages = passages.map((passage, index) => ({ ...asAnswerPassage(passage), ref: index + 1 }));
  let markdown = filled.markdown;
  try {
    markdown = (
      await engine.writeDocument({
        template: DOC_TEMPLATE_INFO[request.template].name,
        draft: filled.markdown,
        facts: factPassages,
      })
    ).markdown;
  } catch (err) {
    // The filled template is a document on its own: a model that fails leaves it as it is.
    logger.warn(
      { err, provider: engine.provider },
      'the model could not write the document; the draft is kept',
    );
  }
  // The sources are the passages the document cites, under the numbers it cites them by.
  const cited = new Set(normalizeCitations(markdown, passages.length).refs);
  const sources: KnowledgeSource[] = passages.flatMap((passage, index) =>
    cited.has(index + 1)
      ? [
          {
            ref: index + 1,
            documentId: passage.documentId,
            chunkId: passage.chunkId,
            title: passage.title,
            filename: passage.filename,
            section: passage.section,
            page: passage.page,
            snippet: snippetOf(passage.text),
            entity: passage.entity,
            score: passage.relevance,
          },
        ]
      : [],
  );
  const saved = await withUser(db, caller.id, async (tx) => {
    const [row] = await tx
      .insert(generatedDocuments)
      .values({
        userId: caller.id,
        template: request.template,
        title: filled.title.slice(0, 200),
        companyId: company?.id ?? null,
        companyName: company?.name ?? prospect?.name ?? null,
        contactId: request.contactId ?? null,
        prospectId: request.prospectId ?? null,
        markdown,
        sources,
        missing: filled.missing,
      })
      .returning();
    if (!row) throw new Error('the document was not written');
    return row;
  });
  const charge = await deps.credits
    .charge(
      caller,
      DOCUMENT_GENERATION_ACTIVITY,
      1,
      `${DOC_TEMPLATE_INFO[request.template].name}: ${saved.companyName ?? 'no company'}`,
    )
    .catch(async (err: unknown) => {
      // Not paid for (the credits went in the meantime): the document is not kept either.
      await withUser(db, caller.id, (tx) =>
        tx.delete(generatedDocuments).where(eq(generatedDocuments.id, saved.id)),
      );
      throw err;
    });
  return { ...toDocument(saved), creditsCharged: charge.creditsCharged };
}

export function listDocuments(
  db: Db,
  caller: Caller,
): Promise<Omit<GeneratedDocument, 'markdown' | 'sources'>[]> {
  return withUser(db, caller.id, async (tx) => {
    const rows = await tx
      .select()
      .from(generatedDocuments)
      .where(eq(generatedDocuments.userId, caller.id))
      .orderBy(desc(generatedDocuments.updatedAt), generatedDocuments.id)
      .limit(200);
    return rows.map((row) => {
      const { markdown: _markdown, sources: _sources, ...summary } = toDocument(row);
      return summary;
    });
  });
}

async function ownDocument(tx: Db, userId: string, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(generatedDocuments)
    .where(and(eq(generatedDocuments.id, id), eq(generatedDocuments.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 404, DOC_NOT_FOUND);
  return row;
}

export function getDocument(db: Db, caller: Caller, id: string): Promise<GeneratedDocument> {
  return withUser(db, caller.id, async (tx) => toDocument(await ownDocument(tx, caller.id, id)));
}

/** Edits the title or the text; the missing list follows the marks still in the text. */
export function updateDocument(
  db: Db,
  caller: Caller,
  id: string,
  patch: { title?: string; markdown?: string },
): Promise<GeneratedDocument> {
  return withUser(db, caller.id, async (tx) => {
    const current = await ownDocument(tx, caller.id, id);
    const markdown = patch.markdown ?? current.markdown;
    const stillMissing = (current.missing as string[]).filter((what) =>
      markdown.includes(`[Missing: ${what}]`),
    );
    const [row] = await tx
      .update(generatedDocuments)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        markdown,
        missing: stillMissing,
        updatedAt: new Date(),
      })
      .where(eq(generatedDocuments.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 404, DOC_NOT_FOUND);
    return toDocument(row);
  });
}

export function deleteDocument(db: Db, caller: Caller, id: string): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    const deleted = await tx
      .delete(generatedDocuments)
      .where(and(eq(generatedDocuments.id, id), eq(generatedDocuments.userId, caller.id)))
      .returning({ id: generatedDocuments.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404, DOC_NOT_FOUND);
  });
}
