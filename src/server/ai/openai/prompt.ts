/**
 * What the `openai` engine tells a model (spec 3 §3 "Query analysis"): the instructions, built from the shared
 * contract so the model is asked for exactly the intents, agents and fields the schema accepts, and the chat
 * as messages.
 */
import type { ModelMessage } from 'ai';
import { CHAT_HISTORY_SENT, INTENT_AGENT, type Intent, SUGGESTED_AGENTS } from '../../../shared/copilot.ts';
import type { AnalyzeContext, AnswerPassage, ChatTurn, DocumentRequest } from '../port.ts';

/** What each intent means, for the model to choose from. */
const INTENT_MEANINGS: Readonly<Record<Intent, string>> = {
  company_search: 'find companies or accounts matching criteria (industry, size, place)',
  account_research: 'learn about one or more named companies',
  people_search: 'find people: contacts, decision makers, job titles at companies',
  rfp: 'answer an RFP, RFI, tender or security questionnaire',
  document: 'write something: an e-mail, a proposal, a one-pager, a case study, a follow-up',
  file_search: "find files or documents in the user's own knowledge base",
  sales_question: 'a question about the product, pricing, policies, positioning or handling objections',
  forecast: 'revenue forecasts, pipeline or deal outlook',
  general_query: 'small talk, or a request too unclear to route',
};

const FILTERED_INTENTS: readonly Intent[] = [
  'company_search',
  'account_research',
  'people_search',
  'forecast',
];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function situation(context: AnalyzeContext): string {
  const today = `Today is ${isoDay(context.today ?? new Date())}.`;
  return context.path ? `${today} The user is on the page ${context.path}.` : today;
}

/** The system prompt of an analysis: one JSON object with the analysis and the reply. */
export function analysisInstructions(context: AnalyzeContext): string {
  const intents = Object.entries(INTENT_MEANINGS)
    .map(([intent, meaning]) => `  - ${intent}: ${meaning}`)
    .join('\n');
  const agents = Object.entries(INTENT_AGENT)
    .map(([intent, agent]) => `${intent} -> ${agent}`)
    .join(', ');
  return `You are the copilot of Prospector, a sales-intelligence platform. Read the user's sales request and answer with one JSON object and nothing else, with these fields, in this order:
- responseText: the reply shown in the chat, one to three plain sentences: what you understood and where you are taking the user, or your follow-up question.
- intent: one of
${intents}
- suggestedAgent: the agent that serves the request, one of ${SUGGESTED_AGENTS.join(', ')}. Usually by intent: ${agents}.
- entities: what the user named, in the user's own words; leave out what they did not name. industry, region (countries, states or cities), companySize ("50-200 employees", "enterprise"), companyNames and jobTitles are lists of strings; amount is a number of dollars; quarter is "Q3 2026", or "Q3" without a year; timeframe is a period in words ("next 90 days"); deadline is yyyy-mm-dd when it can be worked out from today's date, else the user's words.
- filterSuggestions: for ${FILTERED_INTENTS.join(', ')}: one "name: value" string for each industry, company size and region named, e.g. "industry: fintech", "company size: 50-200", "region: Germany". Otherwise an empty list.
- completeness: 0-100, how much of what the agent needs the request gives.
- confidence: 0-100, how sure you are of the intent; below 50 for general_query.
- followUpQuestions: questions that would fill in what is missing (at least one for general_query); else an empty list.
${situation(context)}`;
}

/** The chat so far (spec 3 §9: the last 10 messages), then the request. */
export function chatMessages(query: string, context: AnalyzeContext): ModelMessage[] {
  const history = (context.history ?? []).slice(-CHAT_HISTORY_SENT);
  return [
    ...history.map((message): ModelMessage => ({ role: message.role, content: message.content })),
    { role: 'user', content: query },
  ];
}

/**
 * The system prompt of a knowledge answer (issue 24): one JSON object with the verdict, the answer and the
 * passages cited, decided and written from the passages only.
 */
export function answerInstructions(): string {
  return `You answer questions from a sales team using only the numbered passages from their company's own documents, given in the last message. Answer with one JSON object and nothing else, with these fields, in this order:
- verdict: for a closed question (one answered by yes or no, like "Do you encrypt data at rest?"): "yes", "no", or "partially" when the passages say it holds only in part or with conditions, decided only from what the passages say; "not_stated" when the passages do not decide it. For an open question (what, how, when, who...): null, or "not_stated" when the passages do not answer it.
- answer: a short answer in plain text, one to five sentences. A closed question's answer starts with its verdict ("Yes.", "No.", "Partially.") and then the facts that decide it. After every statement put the number of the passage it comes from in square brackets, like [1], or [2][3] for two passages. With "not_stated", say in one sentence what the passages do not cover.
- citations: the numbers of the passages the answer cites, like [1, 3].
Cite only the passages' numbers. Use nothing but the passages: no outside knowledge, no guesses, never invent a fact, a number or a passage.`;
}

/** The chat so far (the last 10 messages), then the passages and the question. */
export function answerMessages(
  question: string,
  passages: readonly AnswerPassage[],
  history: readonly ChatTurn[],
): ModelMessage[] {
  const numbered = passages
    .map((passage) => {
      const where = [passage.section, passage.page === null ? null : `page ${passage.page}`]
        .filter(Boolean)
        .join(', ');
      return `[${passage.ref}] ${passage.title}${where ? ` (${where})` : ''}\n${passage.text}`;
    })
    .join('\n\n');
  return [
    ...history
      .slice(-CHAT_HISTORY_SENT)
      .map((message): ModelMessage => ({ role: message.role, content: message.content })),
    { role: 'user', content: `Passages:\n\n${numbered}\n\nQuestion: ${question}` },
  ];
}

/** The system prompt of a sales document: prose from the draft, nothing beyond the facts, marks kept. */
export function documentInstructions(): string {
  return `You write sales documents for a seller. You get a draft in Markdown and numbered facts from the seller's own documents. Rewrite the draft into clear, natural, persuasive prose in the same Markdown structure (keep its headings, tables and lists). Use only what the draft and the facts say: no outside knowledge, no invented names, numbers, dates or claims. Keep every citation marker like [1] after the statement it supports, and cite only the facts' numbers. Keep every "[Missing: ...]" mark exactly as written: those are things the seller must still fill in. Reply with the Markdown document only.`;
}

export function documentMessages(request: DocumentRequest): ModelMessage[] {
  const facts = request.facts
    .map((fact) => {
      const where = [fact.section, fact.page === null ? null : `page ${fact.page}`]
        .filter(Boolean)
        .join(', ');
      return `[${fact.ref}] ${fact.title}${where ? ` (${where})` : ''}\n${fact.text}`;
    })
    .join('\n\n');
  return [
    {
      role: 'user',
      content: `Template: ${request.template}\n\nFacts:\n\n${facts || '(none)'}\n\nDraft:\n\n${request.draft}`,
    },
  ];
}
