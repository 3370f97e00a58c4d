/**
 * The copilot chat (spec 3 §2, §5, §8): each message is either a command (carried out on the prospect the
 * user has open, free) or a request for the AI engine (analysed, validated, handed off; one ai_query credit).
 * Sessions and messages are stored on the server, so a conversation follows the user to another browser.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type ChatMessage,
  type ChatSessionSummary,
  COMMAND_MESSAGES,
  type CommandResult,
  type SendMessageResponse,
} from '../../../shared/copilot.ts';
import {
  FORECAST_ORDER_ERROR,
  formatMillions,
  PROSPECT_STATUS_LABELS,
  PROSPECT_STATUSES,
} from '../../../shared/prospects.ts';
import type { AiEngine } from '../../ai/port.ts';
import type { AppDeps, Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { copilotMessages, copilotSessions } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Vocabulary } from '../companies/vocabulary.ts';
import { findOrCreateProspect, setProspectStatus, updateForecastScenario } from '../prospects/service.ts';
import { type ParsedCommand, parseCommand } from './commands.ts';
import { prepareAnalysis } from './service.ts';

export const SESSION_NOT_FOUND = 'Chat session not found';
const TITLE_LENGTH = 80;
const SESSIONS_LISTED = 30;

export type MessageContext = { path?: string; prospectId?: string; history?: never };

/** A company page's name (`/sales-account-development/Stripe`), for "create a prospect" said there. */
function companyOfPath(path: string | undefined): string | null {
  const match = path?.match(/^\/(?:sales-account-development|account-prospect)\/([^/?#]+)$/);
  if (!match?.[1] || match[1] === 'research') return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const done = (
  command: ParsedCommand,
  message: string,
  extra: Partial<CommandResult> = {},
): CommandResult => ({
  action: command.action,
  confidence: command.confidence,
  ok: true,
  message,
  ...extra,
});
const refused = (command: ParsedCommand, message: string): CommandResult => ({
  action: command.action,
  confidence: command.confidence,
  ok: false,
  message,
});

/** "Forecast amounts must be in order: ... It would have been conservative $0.0M, realistic $2.5M, ..." */
function forecastOutOfOrder(details: unknown): string {
  const amounts = details as Partial<
    Record<'conservativeAmount' | 'realisticAmount' | 'optimisticAmount', number>
  >;
  const scenarios = (['conservative', 'realistic', 'optimistic'] as const)
    .map((scenario) => `${scenario} ${formatMillions(amounts?.[`${scenario}Amount`] ?? 0)}`)
    .join(', ');
  return `${FORECAST_ORDER_ERROR}. It would have been ${scenarios}: nothing was changed.`;
}

/** Refused for want of a prospect: the chat asks which one. */
const whichProspect = (command: ParsedCommand, message: string): CommandResult => ({
  ...refused(command, message),
  needsProspect: true,
});

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Carries out a command; every outcome is a message of spec 3 §8 or says what was done. */
export async function executeCommand(
  db: Db,
  caller: Caller,
  command: ParsedCommand,
  context: MessageContext,
): Promise<CommandResult> {
  try {
    switch (command.action) {
      case 'revenue': {
        if (!context.prospectId) return whichProspect(command, COMMAND_MESSAGES.noProspectForForecast);
        try {
          await updateForecastScenario(db, caller, context.prospectId, command.scenario, command.amount ?? 0);
        } catch (err) {
          if (err instanceof AppError && err.status === 404) {
            return whichProspect(command, COMMAND_MESSAGES.noProspectForForecast);
          }
          // The form's rule: say what the amounts would have been, and that nothing changed.
          if (err instanceof AppError && err.message === FORECAST_ORDER_ERROR) {
            return refused(command, forecastOutOfOrder(err.details));
          }
          return refused(command, COMMAND_MESSAGES.forecastFailed);
        }
        return done(
          command,
          `Updated the ${command.scenario} forecast to ${formatMillions(command.amount ?? 0)}.`,
          { refresh: true, prospectId: context.prospectId },
        );
      }
      case 'status': {
        if (!command.status) return refused(command, COMMAND_MESSAGES.noStatus);
        if (!context.prospectId) return whichProspect(command, COMMAND_MESSAGES.noProspect);
        try {
          await setProspectStatus(db, caller, context.prospectId, command.status as never);
        } catch (err) {
          return refused(command, COMMAND_MESSAGES.statusFailed(errorText(err)));
        }
        const label = PROSPECT_STATUS_LABELS[command.status as keyof typeof PROSPECT_STATUS_LABELS];
        return done(command, `Status set to ${label ?? command.status}.`, {
          refresh: true,
          prospectId: context.prospectId,
        });
      }
      case 'prospect': {
        const name = command.name ?? companyOfPath(context.path);
        if (!name) {
          return refused(command, 'Which company is the prospect? Try: "create a prospect for Acme Corp".');
        }
        let prospect: { id: string; name: string; created: boolean };
        try {
          prospect = await findOrCreateProspect(db, caller, name);
        } catch {
          return refused(command, COMMAND_MESSAGES.prospectNotSaved);
        }
        return done(
          command,
          prospect.created
            ? `Created the prospect ${prospect.name}.`
            : `${prospect.name} is already a prospect: opening it.`,
          { navigateTo: `/prospect/${prospect.id}`, prospectId: prospect.id },
        );
      }
      case 'navigation':
        return done(command, `Opening ${command.target}.`, { navigateTo: command.path ?? undefined });
      case 'refresh':
        return done(command, 'Refreshing the data on this page.', { refresh: true });
      default:
        return refused(command, COMMAND_MESSAGES.unknownAction(command.action));
    }
  } catch (err) {
    return refused(command, COMMAND_MESSAGES.error(errorText(err)));
  }
}

type MessageRow = typeof copilotMessages.$inferSelect;

const toMessage = (row: MessageRow): ChatMessage => {
  const stored = (row.analysis ?? null) as Pick<ChatMessage, 'analysis' | 'command'> | null;
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    analysis: stored?.analysis ?? null,
    command: stored?.command ?? null,
  };
};

/** The caller's session, or 404 (another user's session does not exist for them). */
async function ownSession(tx: Db, caller: Caller, id: string) {
  const [session] = await tx
    .select()
    .from(copilotSessions)
    .where(and(eq(copilotSessions.id, id), eq(copilotSessions.userId, caller.id)));
  if (!session) throw new AppError('NOT_FOUND', 404, SESSION_NOT_FOUND);
  return session;
}

/** The last messages of a session, oldest first: the history the engine reads (spec 3 §9: 10). */
async function recentHistory(db: Db, caller: Caller, sessionId: string, count: number) {
  const rows = await withUser(db, caller.id, (tx) =>
    tx
      .select({ role: copilotMessages.role, content: copilotMessages.content })
      .from(copilotMessages)
      .where(eq(copilotMessages.sessionId, sessionId))
      .orderBy(desc(copilotMessages.createdAt), desc(copilotMessages.id))
      .limit(count),
  );
  return rows.reverse();
}

export async function sendMessage(
  deps: Pick<AppDeps, 'credits' | 'database'>,
  engine: AiEngine,
  vocabulary: Vocabulary,
  caller: Caller,
  input: {
    text: string;
    sessionId?: string;
    context: MessageContext;
    /** The request's signal, and the reply as a model writes it (see `AnalyzeInput`). */
    signal?: AbortSignal;
    onReplyText?: (textSoFar: string) => void;
  },
  logger: Logger,
): Promise<SendMessageResponse> {
  const { db } = deps.database;
  const { text, context } = input;
  if (input.sessionId) await withUser(db, caller.id, (tx) => ownSession(tx, caller, input.sessionId ?? ''));
  const history = input.sessionId ? await recentHistory(db, caller, input.sessionId, 10) : [];

  const command = parseCommand(text, PROSPECT_STATUSES);
  let reply: Pick<ChatMessage, 'content' | 'analysis' | 'command'>;
  // What the analysis costs, known before it is stored; it is charged once the messages are.
  let price = 0;
  if (command.action === 'general') {
    // A model's call costs the operator money: a caller who cannot pay is refused before it.
    const quote = engine.provider === 'builtin' ? null : await deps.credits.check(caller, 'ai_query');
    const analysis = await prepareAnalysis(
      engine,
      vocabulary,
      caller,
      {
        query: text,
        context: { path: context.path, history },
        handoff: { sessionId: input.sessionId ?? null, returnRoute: '/chat' },
        signal: input.signal,
        onReplyText: input.onReplyText,
      },
      logger,
    );
    if (!analysis.fallback) price = (quote ?? (await deps.credits.check(caller, 'ai_query'))).cost;
    reply = {
      content: analysis.response.text,
      analysis: { ...analysis, creditsCharged: price },
      command: null,
    };
  } else {
    const result = await executeCommand(db, caller, command, context);
    reply = { content: result.message, analysis: null, command: result };
  }

  const stored = await storeExchange(db, caller, input.sessionId, text, reply);
  if (price > 0) {
    // Charged only once the exchange is stored; a charge refused now (the credits went to another request
    // meanwhile) takes the exchange back out, so the caller never keeps an answer they did not pay for.
    try {
      await deps.credits.charge(caller, 'ai_query');
    } catch (err) {
      await withUser(db, caller.id, async (tx) => {
        if (stored.createdSession) {
          await tx.delete(copilotSessions).where(eq(copilotSessions.id, stored.response.sessionId));
        } else {
          await tx
            .delete(copilotMessages)
            .where(inArray(copilotMessages.id, [stored.response.message.id, stored.response.reply.id]));
        }
      });
      throw err;
    }
  }
  return stored.response;
}

/** The session (a new one when none is given), the user's message and the reply, written together. */
function storeExchange(
  db: Db,
  caller: Caller,
  sessionId: string | undefined,
  text: string,
  reply: Pick<ChatMessage, 'content' | 'analysis' | 'command'>,
): Promise<{ response: SendMessageResponse; createdSession: boolean }> {
  return withUser(db, caller.id, async (tx) => {
    const session = sessionId
      ? await ownSession(tx, caller, sessionId)
      : (
          await tx
            .insert(copilotSessions)
            .values({ userId: caller.id, title: text.slice(0, TITLE_LENGTH) })
            .returning()
        )[0];
    if (!session) throw new Error('the chat session could not be created');
    const now = Date.now();
    const [mine, answer] = await tx
      .insert(copilotMessages)
      .values([
        { sessionId: session.id, userId: caller.id, role: 'user', content: text, createdAt: new Date(now) },
        {
          sessionId: session.id,
          userId: caller.id,
          role: 'assistant',
          content: reply.content,
          analysis: reply.analysis
            ? { analysis: reply.analysis }
            : reply.command
              ? { command: reply.command }
              : null,
          // A millisecond later, so the order holds when both are read back.
          createdAt: new Date(now + 1),
        },
      ])
      .returning();
    await tx
      .update(copilotSessions)
      .set({ updatedAt: new Date(now + 1) })
      .where(eq(copilotSessions.id, session.id));
    if (!mine || !answer) throw new Error('the chat messages could not be stored');
    return {
      response: { sessionId: session.id, message: toMessage(mine), reply: toMessage(answer) },
      createdSession: !sessionId,
    };
  });
}

export function listSessions(db: Db, caller: Caller): Promise<ChatSessionSummary[]> {
  return withUser(db, caller.id, async (tx) =>
    (
      await tx
        .select({
          id: copilotSessions.id,
          title: copilotSessions.title,
          updatedAt: copilotSessions.updatedAt,
        })
        .from(copilotSessions)
        .where(eq(copilotSessions.userId, caller.id))
        .orderBy(desc(copilotSessions.updatedAt))
        .limit(SESSIONS_LISTED)
    ).map((s) => ({ ...s, updatedAt: s.updatedAt.toISOString() })),
  );
}

export function getSession(db: Db, caller: Caller, id: string) {
  return withUser(db, caller.id, async (tx) => {
    const session = await ownSession(tx, caller, id);
    const rows = await tx
      .select()
      .from(copilotMessages)
      .where(eq(copilotMessages.sessionId, id))
      .orderBy(copilotMessages.createdAt, copilotMessages.id);
    return { id: session.id, title: session.title, messages: rows.map(toMessage) };
  });
}

export function deleteSession(db: Db, caller: Caller, id: string): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    await ownSession(tx, caller, id);
    await tx.execute(sql`delete from copilot_sessions where id = ${id}::uuid`);
  });
}
