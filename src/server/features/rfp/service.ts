/**
 * RFP responses (issue 9, Maya): a project is made from a questionnaire (uploaded or pasted) and holds its
 * questions. Drafting answers each from the answer library first (free: a person approved it), then from the
 * knowledge base with citations (one rfp_answer credit per drafted answer; a question nothing answers is left
 * empty for review and costs nothing). "Draft all" is a job with progress; one question can be regenerated.
 * Answers are edited, approved, assigned and commented on, approved ones saved to the library, and the project
 * exported to DOCX, CSV, or its own CSV/XLSX file.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type KnowledgeSource, VERDICT_LABELS, type Verdict } from '../../../shared/knowledge.ts';
import {
  draftConfidence,
  LIBRARY_CONFIDENCE_REASON,
  RFP_EMPTY_ANSWER,
  RFP_EXPORT_NO_SOURCE,
  RFP_FORMATS,
  RFP_NOT_APPROVED,
  RFP_NOTHING_TO_DRAFT,
  RFP_PROJECT_NOT_FOUND,
  RFP_QUESTION_NOT_FOUND,
  type RfpComment,
  type RfpDraftResult,
  type RfpFormat,
  type RfpProgress,
  type RfpProject,
  type RfpProjectSummary,
  type RfpQuestion,
  type RfpStatus,
  verdictOf,
} from '../../../shared/rfp.ts';

import { isClosedQuestion } from '../../ai/builtin/verdict.ts';
import type { AiEngine } from '../../ai/port.ts';
import type { AppDeps, Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { jobs, rfpComments, rfpProjects, rfpQuestions } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { type CsvColumns, csvOf } from '../../http/csv-export.ts';
import { AppError } from '../../http/errors.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { recordAgentRun } from '../agents/executions.ts';
import { addLibraryEntry, matchLibrary, updateLibraryAnswer } from '../answers/service.ts';
import { recordEvent } from '../events/service.ts';
import { answerFromKnowledge } from '../knowledge/service.ts';
import {
  type ExtractedQuestion,
  type ParsedQuestionnaire,
  type QuestionnaireLayout,
  writeAnswersBack,
} from './questionnaire.ts';

export const RFP_DRAFT_JOB = 'rfp.draft';
export const RFP_ANSWER_ACTIVITY = 'rfp_answer';
/** Below this a draft goes to review rather than sitting as a draft. */
const REVIEW_BELOW = 45;

export type RfpDeps = Pick<AppDeps, 'database' | 'credits' | 'jobs' | 'logger'>;

type ProjectRow = typeof rfpProjects.$inferSelect;
type QuestionRow = typeof rfpQuestions.$inferSelect;

// Reading ----------------------------------------------------------------------------------------------------

function toQuestion(row: QuestionRow, comments = 0): RfpQuestion {
  return {
    id: row.id,
    ordinal: row.ordinal,
    ref: row.ref,
    section: row.section,
    text: row.text,
    answer: row.answer,
    sources: row.sources as KnowledgeSource[],
    confidence: row.confidence,
    confidenceReason: row.confidenceReason,
    // A closed question drafted without an answer: nothing in the documents decides it.
    verdict:
      verdictOf(row.answer) ??
      (row.draftedAt && !row.answer && row.answerOrigin === null && isClosedQuestion(row.text)
        ? 'not_stated'
        : null),
    status: row.status,
    answerOrigin: row.answerOrigin,
    libraryEntryId: row.libraryEntryId,
    assignee: row.assignee,
    commentCount: comments,
    draftedAt: row.draftedAt?.toISOString() ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ProgressRow = {
  project_id: string;
  total: number;
  answered: number;
  draft: number;
  needs_review: number;
  approved: number;
};

const toProgress = (row: ProgressRow | undefined): RfpProgress => {
  const total = row?.total ?? 0;
  const approved = row?.approved ?? 0;
  return {
    total,
    answered: row?.answered ?? 0,
    draft: row?.draft ?? 0,
    needsReview: row?.needs_review ?? 0,
    approved,
    percent: total === 0 ? 0 : Math.floor((approved / total) * 100),
  };
};

async function progressOf(
  tx: Db,
  userId: string,
  projectIds: readonly string[],
): Promise<Map<string, RfpProgress>> {
  if (projectIds.length === 0) return new Map();
  const rows = await queryRows<ProgressRow>(
    tx,
    sql`select project_id, count(*)::int as total,
          count(*) filter (where answer <> '')::int as answered,
          count(*) filter (where status = 'draft')::int as draft,
          count(*) filter (where status = 'needs_review')::int as needs_review,
          count(*) filter (where status = 'approved')::int as approved
        from rfp_questions where user_id = ${userId} and project_id = any(${`{${projectIds.join(',')}}`}::uuid[])
        group by project_id`,
  );
  return new Map(rows.map((row) => [row.project_id, toProgress(row)]));
}

async function draftJobOf(tx: Db, jobId: string | null): Promise<RfpProjectSummary['draftJob']> {
  if (!jobId) return null;
  const [job] = await tx
    .select({ id: jobs.id, status: jobs.status, progress: jobs.progress, message: jobs.progressMessage })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  return job ?? null;
}

async function toSummary(
  tx: Db,
  row: ProjectRow,
  progress: RfpProgress | undefined,
): Promise<RfpProjectSummary> {
  return {
    id: row.id,
    title: row.title,
    issuer: row.issuer,
    deadline: row.deadline?.toISOString().slice(0, 10) ?? null,
    sourceFilename: row.sourceFilename,
    sourceFormat: (RFP_FORMATS as readonly string[]).includes(row.sourceFormat)
      ? (row.sourceFormat as RfpFormat)
      : 'pasted',
    exportsToSource: row.sourceLayout !== null && row.sourceFile !== null,
    progress: progress ?? toProgress(undefined),
    draftJob: await draftJobOf(tx, row.draftJobId),
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function ownProject(tx: Db, userId: string, id: string): Promise<ProjectRow> {
  const [row] = await tx
    .select()
    .from(rfpProjects)
    .where(and(eq(rfpProjects.id, id), eq(rfpProjects.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 404, RFP_PROJECT_NOT_FOUND);
  return row;
}

async function ownQuestion(tx: Db, userId: string, projectId: string, id: string): Promise<QuestionRow> {
  const [row] = await tx
    .select()
    .from(rfpQuestions)
    .where(
      and(eq(rfpQuestions.id, id), eq(rfpQuestions.projectId, projectId), eq(rfpQuestions.userId, userId)),
    );
  if (!row) throw new AppError('NOT_FOUND', 404, RFP_QUESTION_NOT_FOUND);
  return row;
}

export function listProjects(db: Db, caller: Caller): Promise<RfpProjectSummary[]> {
  return withUser(db, caller.id, async (tx) => {
    const rows = await tx
      .select()
      .from(rfpProjects)
      .where(eq(rfpProjects.userId, caller.id))
      .orderBy(desc(rfpProjects.updatedAt), rfpProjects.id)
      .limit(200);
    const progress = await progressOf(
      tx,
      caller.id,
      rows.map((row) => row.id),
    );
    return Promise.all(rows.map((row) => toSummary(tx, row, progress.get(row.id))));
  });
}

async function readProject(tx: Db, userId: string, id: string): Promise<RfpProject> {
  const project = await ownProject(tx, userId, id);
  const questions = await tx
    .select()
    .from(rfpQuestions)
    .where(and(eq(rfpQuestions.projectId, id), eq(rfpQuestions.userId, userId)))
    .orderBy(asc(rfpQuestions.ordinal));
  const comments = await tx
    .select({ questionId: rfpComments.questionId, n: count() })
    .from(rfpComments)
    .where(
      and(
        eq(rfpComments.userId, userId),
        inArray(rfpComments.questionId, questions.map((q) => q.id).concat(id)),
      ),
    )
    .groupBy(rfpComments.questionId);
  const commentCount = new Map(comments.map((row) => [row.questionId, row.n]));
  const progress = await progressOf(tx, userId, [id]);
  return {
    ...(await toSummary(tx, project, progress.get(id))),
    questions: questions.map((row) => toQuestion(row, commentCount.get(row.id) ?? 0)),
  };
}

export function getProject(db: Db, caller: Caller, id: string): Promise<RfpProject> {
  return withUser(db, caller.id, (tx) => readProject(tx, caller.id, id));
}

// Creating and changing ---------------------------------------------------------------------------------------

export type NewProject = {
  title: string;
  issuer?: string | null;
  deadline?: string | null;
  source: {
    filename: string | null;
    format: RfpFormat;
    file: Uint8Array | null;
    layout: QuestionnaireLayout | null;
  };
  questions: readonly ExtractedQuestion[];
};

const deadlineDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(`${value}T23:59:59Z`);

/** A project and its questions, in one transaction. */
export function createProject(db: Db, caller: Caller, input: NewProject): Promise<RfpProject> {
  return withUser(db, caller.id, async (tx) => {
    const [project] = await tx
      .insert(rfpProjects)
      .values({
        userId: caller.id,
        title: input.title,
        issuer: input.issuer || null,
        deadline: deadlineDate(input.deadline) ?? null,
        sourceFilename: input.source.filename,
        sourceFormat: input.source.format,
        sourceFile: input.source.file ? Buffer.from(input.source.file) : null,
        sourceLayout: input.source.layout,
      })
      .returning();
    if (!project) throw new Error('the project was not written');
    // In batches: a questionnaire of 2,000 questions is one statement too many parameters.
    for (let start = 0; start < input.questions.length; start += 500) {
      await tx.insert(rfpQuestions).values(
        input.questions.slice(start, start + 500).map((question, index) => ({
          userId: caller.id,
          projectId: project.id,
          ordinal: start + index + 1,
          ref: question.ref,
          section: question.section,
          text: question.text,
          location: question.location,
        })),
      );
    }
    return readProject(tx, caller.id, project.id);
  });
}

/** A parsed questionnaire as a new project (the title from the form, else the file's own, else its name). */
export function projectFromQuestionnaire(
  parsed: ParsedQuestionnaire,
  form: { title?: string; issuer?: string | null; deadline?: string | null },
  file: { filename: string; bytes: Uint8Array },
): NewProject {
  const keepsFile = parsed.layout !== null;
  return {
    title: form.title || parsed.title || file.filename.replace(/\.[^.]+$/, ''),
    issuer: form.issuer,
    deadline: form.deadline,
    source: {
      filename: file.filename,
      format: parsed.format,
      // Only a spreadsheet is written back into; other originals are not kept.
      file: keepsFile ? file.bytes : null,
      layout: parsed.layout,
    },
    questions: parsed.questions,
  };
}

export function updateProject(
  db: Db,
  caller: Caller,
  id: string,
  patch: { title?: string; issuer?: string | null; deadline?: string | null },
): Promise<RfpProject> {
  return withUser(db, caller.id, async (tx) => {
    await ownProject(tx, caller.id, id);
    await tx
      .update(rfpProjects)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.issuer !== undefined ? { issuer: patch.issuer || null } : {}),
        ...(patch.deadline !== undefined ? { deadline: deadlineDate(patch.deadline) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(rfpProjects.id, id));
    return readProject(tx, caller.id, id);
  });
}

export function deleteProject(db: Db, caller: Caller, id: string): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    const deleted = await tx
      .delete(rfpProjects)
      .where(and(eq(rfpProjects.id, id), eq(rfpProjects.userId, caller.id)))
      .returning({ id: rfpProjects.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404, RFP_PROJECT_NOT_FOUND);
  });
}

/**
 * A project is complete when every question is approved (and no longer once one is not). Becoming complete is
 * the rfp.completed event.
 */
async function touchProject(tx: Db, userId: string, projectId: string): Promise<void> {
  const [touched] = await queryRows<{ title: string; questions: number; completed: boolean }>(
    tx,
    sql`update rfp_projects p set updated_at = now(),
      completed_at = case
        when exists (select 1 from rfp_questions q where q.project_id = p.id and q.user_id = ${userId} and q.status <> 'approved')
          then null
        else coalesce(p.completed_at, now()) end
    from (select id, completed_at from rfp_projects where id = ${projectId}) before
    where p.id = ${projectId} and p.user_id = ${userId} and before.id = p.id
    returning p.title,
      (select count(*)::int from rfp_questions q where q.project_id = p.id) as questions,
      (before.completed_at is null and p.completed_at is not null) as completed`,
  );
  if (!touched?.completed) return;
  await recordEvent(tx, {
    userId,
    type: 'rfp.completed',
    subjectType: 'rfp',
    subjectId: projectId,
    summary: `${touched.title} is complete: all ${touched.questions} answers approved`,
    data: { rfpId: projectId, title: touched.title, questions: touched.questions },
  });
}

export function updateQuestion(
  db: Db,
  caller: Caller,
  projectId: string,
  questionId: string,
  patch: { answer?: string; status?: RfpStatus; assignee?: string | null },
): Promise<RfpQuestion> {
  return withUser(db, caller.id, async (tx) => {
    const current = await ownQuestion(tx, caller.id, projectId, questionId);
    const answer = patch.answer ?? current.answer;
    const edited = patch.answer !== undefined && patch.answer !== current.answer;
    // An edited answer is the seller's own, and is approved again before it counts.
    const status = patch.status ?? (edited && current.status === 'approved' ? 'draft' : current.status);
    if (status === 'approved' && answer.trim() === '')
      throw new AppError('VALIDATION_ERROR', 400, RFP_EMPTY_ANSWER);
    const [row] = await tx
      .update(rfpQuestions)
      .set({
        answer,
        status,
        ...(edited ? { answerOrigin: 'manual' as const, confidenceReason: '' } : {}),
        ...(patch.assignee !== undefined ? { assignee: patch.assignee || null } : {}),
        approvedAt: status === 'approved' ? (current.approvedAt ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(eq(rfpQuestions.id, questionId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 404, RFP_QUESTION_NOT_FOUND);
    await touchProject(tx, caller.id, projectId);
    const [comments] = await tx
      .select({ n: count() })
      .from(rfpComments)
      .where(eq(rfpComments.questionId, questionId));
    return toQuestion(row, comments?.n ?? 0);
  });
}

export function listComments(
  db: Db,
  caller: Caller,
  projectId: string,
  questionId: string,
): Promise<RfpComment[]> {
  return withUser(db, caller.id, async (tx) => {
    await ownQuestion(tx, caller.id, projectId, questionId);
    const rows = await tx
      .select()
      .from(rfpComments)
      .where(and(eq(rfpComments.questionId, questionId), eq(rfpComments.userId, caller.id)))
      .orderBy(asc(rfpComments.createdAt), rfpComments.id);
    return rows.map((row) => ({
      id: row.id,
      author: row.author,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  });
}

export function addComment(
  db: Db,
  caller: Caller,
  projectId: string,
  questionId: string,
  body: string,
): Promise<RfpComment> {
  return withUser(db, caller.id, async (tx) => {
    await ownQuestion(tx, caller.id, projectId, questionId);
    const [row] = await tx
      .insert(rfpComments)
      .values({ userId: caller.id, questionId, author: caller.name, body })
      .returning();
    if (!row) throw new Error('the comment was not written');
    return { id: row.id, author: row.author, body: row.body, createdAt: row.createdAt.toISOString() };
  });
}

/**
 * Saves an approved answer to the answer library: once. An answer that came from the library is there already;
 * one saved before updates its entry (and marks it reviewed) rather than adding another.
 */
export function saveToLibrary(
  db: Db,
  caller: Caller,
  projectId: string,
  questionId: string,
): Promise<{ entryId: string; created: boolean }> {
  return withUser(db, caller.id, async (tx) => {
    const question = await ownQuestion(tx, caller.id, projectId, questionId);
    if (question.status !== 'approved') throw new AppError('CONFLICT', 409, RFP_NOT_APPROVED);
    if (question.libraryEntryId) {
      if (question.answerOrigin !== 'library') {
        await updateLibraryAnswer(tx, caller, question.libraryEntryId, question.answer);
      }
      return { entryId: question.libraryEntryId, created: false };
    }
    const entry = await addLibraryEntry(tx, caller, {
      question: question.text,
      answer: question.answer,
      origin: 'rfp',
    });
    await tx
      .update(rfpQuestions)
      .set({ libraryEntryId: entry.id, updatedAt: new Date() })
      .where(eq(rfpQuestions.id, questionId));
    return { entryId: entry.id, created: true };
  });
}

// Drafting ---------------------------------------------------------------------------------------------------

type Draft = {
  answer: string;
  /** A closed question's verdict, which the answer leads with; null for an open question or no answer. */
  verdict: Verdict | null;
  sources: KnowledgeSource[];
  confidence: number;
  /** Why, in one line (shown beside the confidence). */
  confidenceReason: string;
  origin: 'library' | 'knowledge' | null;
  libraryEntryId: string | null;
};

/**
 * One question's draft: the closest library entry (its match as the confidence), else the knowledge base's
 * cited answer (confidence from how much of the question its best passage holds), else nothing.
 */
export async function draftAnswer(
  db: Db,
  engine: AiEngine,
  userId: string,
  question: string,
  options: { signal?: AbortSignal; beforeKnowledge?: () => Promise<unknown> } = {},
): Promise<Draft> {
  const library = await withUser(db, userId, (tx) => matchLibrary(tx, userId, question));
  if (library) {
    return {
      answer: library.entry.answer,
      verdict: null,
      sources: [],
      confidence: Math.round(library.match * 100),
      confidenceReason: LIBRARY_CONFIDENCE_REASON,
      origin: 'library',
      libraryEntryId: library.entry.id,
    };
  }
  await options.beforeKnowledge?.();
  const found = await answerFromKnowledge(db, engine, userId, {
    query: question,
    history: [],
    signal: options.signal,
  });
  if (!found.answered) {
    // A closed question nothing answers is "Not stated in your documents": a person answers it.
    const verdict = isClosedQuestion(question) ? 'not_stated' : null;
    return {
      answer: '',
      verdict,
      sources: [],
      confidence: 0,
      confidenceReason: 'Nothing in your documents answers this question: a person answers it.',
      origin: null,
      libraryEntryId: null,
    };
  }
  const { confidence, reason } = draftConfidence({
    support: found.support ?? found.sources[0]?.score ?? 0,
    agreeing: found.sources.length,
    verdict: found.verdict,
    question,
    answer: found.response,
  });
  return {
    answer: found.response,
    verdict: found.verdict,
    sources: found.sources,
    confidence,
    confidenceReason: reason,
    origin: 'knowledge',
    libraryEntryId: null,
  };
}

/** A claim on a question left by a drafter that died is taken over after this long. */
const CLAIM_LEASE = sql`interval '5 minutes'`;
export const RFP_QUESTION_DRAFTING = 'This answer is being drafted right now: it will be there in a moment';

/**
 * Claims a question for one drafter (a job's id, or a regenerate request's own token) in one conditional
 * UPDATE, so that of two drafters only one drafts and charges; the drafter holding it may claim it again (a job
 * retried after a crash). `also` narrows which questions may be claimed.
 */
async function claimQuestion(
  db: Db,
  userId: string,
  questionId: string,
  drafter: string,
  also?: SQL,
): Promise<QuestionRow | undefined> {
  const [row] = await withUser(db, userId, (tx) =>
    tx
      .update(rfpQuestions)
      .set({ draftingBy: drafter, draftingSince: sql`now()` })
      .where(
        and(
          eq(rfpQuestions.id, questionId),
          eq(rfpQuestions.userId, userId),
          sql`(${rfpQuestions.draftingBy} is null or ${rfpQuestions.draftingBy} = ${drafter}
            or ${rfpQuestions.draftingSince} < now() - ${CLAIM_LEASE})`,
          also,
        ),
      )
      .returning(),
  );
  return row;
}

function releaseQuestion(db: Db, userId: string, questionId: string, drafter: string): Promise<unknown> {
  return withUser(db, userId, (tx) =>
    tx
      .update(rfpQuestions)
      .set({ draftingBy: null, draftingSince: null })
      .where(and(eq(rfpQuestions.id, questionId), eq(rfpQuestions.draftingBy, drafter))),
  );
}

async function saveDraft(
  db: Db,
  userId: string,
  question: QuestionRow,
  drafter: string,
  draft: Draft,
): Promise<QuestionRow> {
  return withUser(db, userId, async (tx) => {
    const [row] = await tx
      .update(rfpQuestions)
      .set({
        draftingBy: null,
        draftingSince: null,
        answer: draft.answer,
        sources: draft.sources,
        confidence: draft.confidence,
        confidenceReason: draft.confidenceReason,
        status: draft.answer && draft.confidence >= REVIEW_BELOW ? 'draft' : 'needs_review',
        answerOrigin: draft.origin,
        libraryEntryId: draft.libraryEntryId,
        approvedAt: null,
        draftedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(rfpQuestions.id, question.id),
          eq(rfpQuestions.userId, userId),
          eq(rfpQuestions.draftingBy, drafter),
        ),
      )
      .returning();
    await touchProject(tx, userId, question.projectId);
    if (!row) throw new AppError('NOT_FOUND', 404, RFP_QUESTION_NOT_FOUND);
    return row;
  });
}

/** The answer a question had before a draft replaced it, as `saveDraft` writes it. */
const ANSWER_FIELDS = [
  'answer',
  'sources',
  'confidence',
  'confidenceReason',
  'status',
  'answerOrigin',
  'libraryEntryId',
  'approvedAt',
  'draftedAt',
  'updatedAt',
] as const;

/**
 * Puts back the answer `saved` replaced, unless the question was written again since (an edit, a new draft):
 * a draft that could not be paid for is not kept.
 */
function restoreAnswer(db: Db, userId: string, previous: QuestionRow, saved: QuestionRow): Promise<unknown> {
  return withUser(db, userId, (tx) =>
    tx
      .update(rfpQuestions)
      .set(Object.fromEntries(ANSWER_FIELDS.map((field) => [field, previous[field]])))
      .where(
        and(
          eq(rfpQuestions.id, saved.id),
          eq(rfpQuestions.userId, userId),
          eq(rfpQuestions.updatedAt, saved.updatedAt),
        ),
      ),
  );
}

/**
 * Drafts a question `drafter` has claimed, saves it, then charges it: a knowledge-base draft is checked for
 * credits first and charged once saved (a library answer and an empty draft are free), so a save that fails
 * costs nothing, and a charge that is refused puts the previous answer back. Only the claim's holder gets here,
 * so each draft is charged once. Returns the saved row and what was charged; the claim is released either way.
 */
async function draftAndSave(
  deps: RfpDeps,
  engine: AiEngine,
  caller: Caller,
  question: QuestionRow,
  drafter: string,
  options: { yesNo: boolean; signal?: AbortSignal },
): Promise<{ row: QuestionRow; charged: number; draft: Draft }> {
  const db = deps.database.db;
  let draft: Draft;
  let row: QuestionRow;
  try {
    // Only a knowledge-base draft costs: the library's answers are free even with no credits left.
    // A row of a questionnaire with a Yes/No column is a closed question however it is worded ("MFA for admins").
    const asked =
      options.yesNo && !isClosedQuestion(question.text) ? `${question.text} (Yes/No)` : question.text;
    draft = await draftAnswer(db, engine, caller.id, asked, {
      signal: options.signal,
      beforeKnowledge: () => deps.credits.check(caller, RFP_ANSWER_ACTIVITY),
    });
    row = await saveDraft(db, caller.id, question, drafter, draft);
  } catch (err) {
    await releaseQuestion(db, caller.id, question.id, drafter);
    throw err;
  }
  if (draft.origin !== 'knowledge') return { row, charged: 0, draft };
  const charge = await deps.credits
    .charge(caller, RFP_ANSWER_ACTIVITY, 1, `RFP answer: ${question.text.slice(0, 80)}`)
    .catch(async (err: unknown) => {
      await restoreAnswer(db, caller.id, question, row);
      throw err;
    });
  return { row, charged: charge.creditsCharged, draft };
}

/** Whether the project's questionnaire has a Yes/No column of its own (its rows then ask for a verdict). */
async function asksYesNo(db: Db, userId: string, projectId: string): Promise<boolean> {
  const [row] = await withUser(db, userId, (tx) =>
    tx
      .select({ layout: rfpProjects.sourceLayout })
      .from(rfpProjects)
      .where(and(eq(rfpProjects.id, projectId), eq(rfpProjects.userId, userId))),
  );
  return Boolean((row?.layout as QuestionnaireLayout | null)?.verdictColumn);
}

/** `POST .../questions/{qid}/regenerate`: a new draft for one question (even an edited or approved one). */
export async function regenerateQuestion(
  deps: RfpDeps,
  engine: AiEngine,
  caller: Caller,
  projectId: string,
  questionId: string,
  request: { arrived?: Date; signal?: AbortSignal } = {},
): Promise<{ question: RfpQuestion; creditsCharged: number }> {
  const db = deps.database.db;
  const { arrived = new Date(), signal } = request;
  const own = () => withUser(db, caller.id, (tx) => ownQuestion(tx, caller.id, projectId, questionId));
  await own();
  // Each regenerate is its own unit of work, but requests made together (a double-click) draft and charge
  // once: a request finds the question claimed by another, or already drafted again since it arrived.
  const drafter = randomUUID();
  const question = await claimQuestion(
    db,
    caller.id,
    questionId,
    drafter,
    sql`(${rfpQuestions.draftedAt} is null or ${rfpQuestions.draftedAt} < ${arrived.toISOString()}::timestamptz)`,
  );
  if (!question) {
    const current = await own();
    if (current.draftedAt && current.draftedAt >= arrived)
      return { question: toQuestion(current), creditsCharged: 0 };
    throw new AppError('CONFLICT', 409, RFP_QUESTION_DRAFTING);
  }
  const yesNo = await asksYesNo(db, caller.id, projectId);
  const { row, charged } = await draftAndSave(deps, engine, caller, question, drafter, { yesNo, signal });
  return { question: toQuestion(row), creditsCharged: charged };
}

export type DraftPayload = { projectId: string; caller: Caller; queuedAt: string };

/** The questions "draft all" works on: not approved, not written by hand. */
const draftable = (projectId: string, userId: string) =>
  and(
    eq(rfpQuestions.projectId, projectId),
    eq(rfpQuestions.userId, userId),
    sql`${rfpQuestions.status} <> 'approved'`,
    sql`${rfpQuestions.answerOrigin} is distinct from 'manual'`,
  );

const isOpen = (job: { status: string } | null) => job?.status === 'queued' || job?.status === 'running';

/**
 * `POST .../draft`: queues "draft all" (202 with the job), unless nothing is left to draft. While a draft of the
 * project is queued or running, every request answers with that job (a double-click, a second tab, a retried
 * request all follow the one job): the job's unique key settles requests that arrive together. The credit check
 * and the queueing happen outside the reading transaction: PGlite has one connection, and a statement outside
 * an open transaction would wait for it for ever.
 */
export async function startDraftAll(deps: RfpDeps, caller: Caller, projectId: string, arrived = new Date()) {
  const db = deps.database.db;
  // The job drafts what was not drafted since this request arrived: a request that loses the race to a job
  // which then finishes starts one that finds its questions done (a double-click never drafts twice).
  const queuedAt = arrived.toISOString();
  const { questions, running } = await withUser(db, caller.id, async (tx) => {
    const project = await ownProject(tx, caller.id, projectId);
    const job = await draftJobOf(tx, project.draftJobId);
    const [left] = await tx.select({ n: count() }).from(rfpQuestions).where(draftable(projectId, caller.id));
    if (!isOpen(job) && !left?.n) throw new AppError('CONFLICT', 409, RFP_NOTHING_TO_DRAFT);
    return { questions: left?.n ?? 0, running: isOpen(job) ? job : null };
  });
  if (running) return { jobId: running.id, questions };
  await deps.credits.check(caller, RFP_ANSWER_ACTIVITY);
  const payload: DraftPayload = { projectId, caller, queuedAt };
  const job = await deps.jobs.enqueue(RFP_DRAFT_JOB, payload, {
    userId: caller.id,
    maxAttempts: 3,
    uniqueKey: `${RFP_DRAFT_JOB}:${projectId}`,
  });
  await withUser(db, caller.id, (tx) =>
    tx
      .update(rfpProjects)
      .set({ draftJobId: job.id, updatedAt: new Date() })
      .where(eq(rfpProjects.id, projectId)),
  );
  return { jobId: job.id, questions };
}

/**
 * The "draft all" job: every draftable question not yet drafted since the job was queued (so a retry after a
 * crash goes on where it stopped), in order, with progress. Out of credits, it stops and says so.
 */
export async function runDraftAll(
  deps: RfpDeps,
  engine: AiEngine,
  payload: DraftPayload,
  ctx: Pick<JobContext, 'progress' | 'signal'> & { jobId?: string },
): Promise<RfpDraftResult> {
  const { caller, projectId } = payload;
  const db = deps.database.db;
  // The job's id claims its questions, so a retry of the job takes back what it held when it crashed.
  const drafter = ctx.jobId ?? randomUUID();
  const left = and(
    draftable(projectId, caller.id),
    sql`(${rfpQuestions.draftedAt} is null or ${rfpQuestions.draftedAt} < ${payload.queuedAt}::timestamptz)`,
  );
  const questions = await withUser(db, caller.id, (tx) =>
    tx.select().from(rfpQuestions).where(left).orderBy(asc(rfpQuestions.ordinal)),
  );
  const yesNo = await asksYesNo(db, caller.id, projectId);
  const result: RfpDraftResult = {
    drafted: 0,
    fromLibrary: 0,
    fromKnowledge: 0,
    unanswered: 0,
    creditsCharged: 0,
    stopped: null,
  };
  for (const [index, question] of questions.entries()) {
    if (ctx.signal.aborted) throw new Error('drafting was interrupted');
    // Still to draft, and not being drafted by anyone else (a regenerate): else it is left to them.
    const claimed = await claimQuestion(db, caller.id, question.id, drafter, left);
    if (!claimed) continue;
    try {
      const { charged, draft } = await draftAndSave(deps, engine, caller, claimed, drafter, {
        yesNo,
        signal: ctx.signal,
      });
      result.drafted += 1;
      result.creditsCharged += charged;
      if (draft.origin === 'library') result.fromLibrary += 1;
      else if (draft.origin === 'knowledge') result.fromKnowledge += 1;
      else result.unanswered += 1;
    } catch (err) {
      if (err instanceof AppError && err.status === 402) {
        result.stopped = err.message;
        break;
      }
      throw err;
    }
    await ctx.progress(
      ((index + 1) / questions.length) * 100,
      `${index + 1} of ${questions.length} questions drafted`,
    );
  }
  return result;
}

export function registerRfpDrafting(
  deps: RfpDeps & Pick<AppDeps, 'jobs' | 'aiEngines'>,
  engine: AiEngine,
): void {
  // A "draft all" is one run of Maya; drafting stopped for lack of credits is a run that failed.
  deps.jobs.register<DraftPayload>(
    RFP_DRAFT_JOB,
    (job, ctx) =>
      recordAgentRun(
        deps,
        job.payload.caller.id,
        {
          agentId: 'maya',
          input: () => draftAllSummary(deps.database.db, job.payload),
          credits: (result) => result.creditsCharged,
          failure: (result) => result.stopped,
        },
        // The job runs as its owner: their own AI provider drafts, when they saved one.
        () =>
          deps.aiEngines.runAs(job.payload.caller.id, () =>
            runDraftAll(deps, engine, job.payload, { ...ctx, jobId: job.id }),
          ),
      ),
    { maxAttempts: 3 },
  );
}

/** What a "draft all" run was asked, for its record: the project's title. */
export async function draftAllSummary(db: Db, payload: Pick<DraftPayload, 'caller' | 'projectId'>) {
  const { caller, projectId } = payload;
  const project = await withUser(db, caller.id, (tx) => ownProject(tx, caller.id, projectId));
  return `Draft all answers: ${project.title}`;
}

// Exports ----------------------------------------------------------------------------------------------------

/** Markdown as the plain text a spreadsheet cell or CSV holds. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1$2')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\[([^\]]+)\]\((https?:[^)]+)\)/g, '$1 ($2)')
    .trim();
}

/** The project's questions and answers as CSV (one row per question). */
export function projectCsv(project: RfpProject): string {
  const source = (s: KnowledgeSource) =>
    `[${s.ref}] ${s.title}${s.section ? `, ${s.section}` : ''}${s.page ? `, p. ${s.page}` : ''}`;
  const columns: CsvColumns<RfpQuestion> = [
    ['Ref', (q) => q.ref],
    ['Section', (q) => q.section],
    ['Question', (q) => q.text],
    ['Verdict', (q) => (q.verdict ? VERDICT_LABELS[q.verdict] : '')],
    ['Answer', (q) => plainText(q.answer)],
    ['Status', (q) => q.status],
    ['Assignee', (q) => q.assignee],
    ['Confidence', (q) => q.confidence],
    ['Sources', (q) => q.sources.map(source).join('; ')],
  ];
  // A byte-order mark so that Excel reads the file as UTF-8.
  return `\uFEFF${csvOf(columns, project.questions)}`;
}

/** The answers written back into the questionnaire's own CSV or XLSX file. */
export async function projectSourceFile(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ filename: string; bytes: Uint8Array; format: 'csv' | 'xlsx' }> {
  return withUser(db, caller.id, async (tx) => {
    const project = await ownProject(tx, caller.id, id);
    const format = project.sourceFormat;
    if (!project.sourceFile || !project.sourceLayout || (format !== 'csv' && format !== 'xlsx')) {
      throw new AppError('CONFLICT', 409, RFP_EXPORT_NO_SOURCE);
    }
    const questions = await tx
      .select({ location: rfpQuestions.location, answer: rfpQuestions.answer })
      .from(rfpQuestions)
      .where(and(eq(rfpQuestions.projectId, id), eq(rfpQuestions.userId, caller.id)))
      .orderBy(asc(rfpQuestions.ordinal));
    const bytes = await writeAnswersBack({
      format,
      file: new Uint8Array(project.sourceFile),
      layout: project.sourceLayout as QuestionnaireLayout,
      answers: questions.flatMap((q) =>
        q.location
          ? [{ location: q.location as { sheet: string | null; row: number }, answer: q.answer }]
          : [],
      ),
    });
    return { filename: project.sourceFilename ?? `${project.title}.${format}`, bytes, format };
  });
}
