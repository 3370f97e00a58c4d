/**
 * The copilot's contract (spec 3 §2-§5, §8, §9): what a query analysis holds, where each suggested agent hands
 * the user, and the fixed texts of the chat. Used by the server (the AI engines, the analyze route) and the web
 * app (the chat, the palette, the hand-off).
 */
import { z } from 'zod';
import type { FilterValidation } from './filter-validator.ts';

/** What the user wants. `general_query` is small talk or an unclear request (no hand-off, a follow-up question). */
export const INTENTS = [
  'company_search',
  'account_research',
  'people_search',
  'rfp',
  'document',
  'file_search',
  'sales_question',
  'forecast',
  'general_query',
] as const;
export type Intent = (typeof INTENTS)[number];

/**
 * Spec 3 §2 "Agent hand-off targets", extended with `people` (People Finder) and `sales_qa` (Sales Q&A).
 * `copilot` means "stay here": no route.
 */
export const SUGGESTED_AGENTS = [
  'account',
  'research',
  'prospect_management',
  'account_planning',
  'forecast',
  'people',
  'sales_qa',
  'rfp',
  'document',
  'document_generation',
  'file',
  'copilot',
] as const;
export type SuggestedAgent = (typeof SUGGESTED_AGENTS)[number];

/** The agent each intent goes to. */
export const INTENT_AGENT: Readonly<Record<Intent, SuggestedAgent>> = {
  company_search: 'account',
  account_research: 'research',
  people_search: 'people',
  rfp: 'rfp',
  document: 'document',
  file_search: 'file',
  sales_question: 'sales_qa',
  forecast: 'forecast',
  general_query: 'copilot',
};

/**
 * Spec 3 §3 "Query analysis" entities. Lists hold what the user named, in their words ("fintech", "50-200
 * employees", "holland"); the filter validator turns them into stored values.
 */
export const entitiesSchema = z.object({
  industry: z.array(z.string()).optional(),
  region: z.array(z.string()).optional(),
  companySize: z.array(z.string()).optional(),
  companyNames: z.array(z.string()).optional(),
  /** People search: the job titles or roles asked for ("CTO", "VP of Sales"). */
  jobTitles: z.array(z.string()).optional(),
  /** A money amount in dollars (deal value, revenue, budget). */
  amount: z.number().nonnegative().optional(),
  /** "Q3 2026", or "Q3" when no year was given. */
  quarter: z.string().optional(),
  /** A period in words as the user gave it ("next 90 days", "this year"). */
  timeframe: z.string().optional(),
  /** A due date, ISO yyyy-mm-dd when it could be resolved, else the user's words. */
  deadline: z.string().optional(),
});
export type Entities = z.infer<typeof entitiesSchema>;

/** Spec 3 §3 "Query analysis". Completeness and confidence are 0-100. */
export const analysisSchema = z.object({
  intent: z.enum(INTENTS),
  entities: entitiesSchema,
  suggestedAgent: z.enum(SUGGESTED_AGENTS),
  completeness: z.number().min(0).max(100),
  followUpQuestions: z.array(z.string()),
  /** "name: value" strings (spec 3 §5): "industry: fintech", "company size: 50-200", "region: Germany". */
  filterSuggestions: z.array(z.string()),
  confidence: z.number().min(0).max(100),
});
export type Analysis = z.infer<typeof analysisSchema>;

/**
 * What an AI engine answers for a query: the analysis and the reply shown in the chat. `modelUnavailable`: the
 * model failed and the built-in engine answered instead.
 */
export type EngineAnalysis = { analysis: Analysis; responseText: string; modelUnavailable?: boolean };

/**
 * Where the hand-off goes: an app route, its query parameters (a name may repeat: `industry=A&industry=B`) and
 * the two together; null for `copilot` (no route).
 */
export type Handoff = {
  agent: SuggestedAgent;
  route: string;
  params: [string, string][];
  href: string;
} | null;

/** `POST /api/v1/copilot/analyze` answers this. */
export type AnalyzeResponse = {
  analysis: Analysis;
  response: { text: string };
  filterValidation: FilterValidation;
  handoff: Handoff;
  /** True when the engine failed and spec 3 §8's fallback answered (never charged). */
  fallback: boolean;
  /** True when the AI model failed and the built-in engine analysed the request instead (charged as it is). */
  modelUnavailable?: boolean;
  creditsCharged: number;
};

/** Issue 24: the line under an answer the built-in engine gave because the AI model failed. */
export const MODEL_UNAVAILABLE_NOTICE =
  'The AI model could not answer just now: this answer is from the built-in engine.';

/** Spec 3 §4 "Analysis confidence label". */
export function confidenceLabel(confidence: number): string {
  if (confidence >= 70) return 'High confidence analysis';
  if (confidence >= 50) return 'Moderate confidence analysis';
  return 'Initial analysis';
}

/** Spec 3 §8: the analysis when ai-query fails. */
export const FALLBACK_ANALYSIS: EngineAnalysis = {
  analysis: {
    intent: 'general_query',
    entities: {},
    suggestedAgent: 'copilot',
    completeness: 30,
    followUpQuestions: ["Could you provide more details about what you'd like to accomplish?"],
    filterSuggestions: [],
    confidence: 40,
  },
  responseText:
    "I'm here to help with your sales activities. Could you provide more details about what you'd like to accomplish?",
};

/** Spec 3 §2 and §8-§9: the chat's fixed texts and timings. */
export const COPILOT_TEXTS = {
  analyzing: "I'm analyzing your request...",
  failure:
    'I apologize, but I encountered an issue processing your request. Please try again or rephrase your question.',
  processingErrorToast: {
    title: 'Processing Error',
    description: 'There was an issue processing your message. Please try again.',
  },
  copilotFallback:
    'I encountered an issue processing your request. Let me try to help with the basic functionality.',
} as const;
export const COPILOT_FALLBACK_CONFIDENCE = 30;

/** Spec 3 §9 typing effects. */
export const TYPING = { placeholderMsPerChar: 30, answerMsPerStep: 20, answerCharsPerStep: 3 } as const;

/** Spec 3 §9: recent queries kept, and chat history sent. */
export const RECENT_QUERIES_MAX = 5;
export const CHAT_HISTORY_SENT = 10;
export const QUERY_MAX_LENGTH = 2000;

/** Spec 3 §5: the command kinds the copilot reads from typed text, and §9 their confidences. */
export const COMMAND_CONFIDENCE = {
  revenue: 0.9,
  status: 0.8,
  refresh: 0.8,
  navigation: 0.7,
  prospect: 0.7,
  general: 0.5,
} as const;
export type CommandAction = keyof typeof COMMAND_CONFIDENCE;

/** Spec 3 §8 "Copilot command messages", verbatim. */
export const COMMAND_MESSAGES = {
  unknownAction: (action: string) => `Unknown action: ${action}`,
  error: (message: string) => `Error executing command: ${message}`,
  noProspectForForecast: 'No prospect context available for forecast update',
  prospectNotSaved: 'Could not create or find prospect in database',
  forecastFailed: 'Failed to update forecast',
  noProspect: 'No prospect context available',
  statusFailed: (message: string) => `Failed to update status: ${message}`,
  noStatus: 'No status value provided',
} as const;

/** Spec 3 §9: the forecast the copilot writes. */
export const COPILOT_FORECAST = { timelineDays: 120, confidencePercentage: 75 } as const;

/** What a command did (spec 3 §5, §8): its message, and where to go or what to reload. */
export type CommandResult = {
  action: CommandAction;
  confidence: number;
  ok: boolean;
  message: string;
  /** An app path to open (navigation, a prospect created or changed). */
  navigateTo?: string;
  /** The page's data should be read again (refresh, a prospect changed). */
  refresh?: boolean;
  prospectId?: string;
  /**
   * Refused because no prospect is open: the chat asks which one (a picker of the user's prospects) and sends
   * the command again for the one picked.
   */
  needsProspect?: boolean;
};

/** A message of a copilot chat, as stored on the server (history follows the user to another browser). */
export type ChatMessage = {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** The analysis behind an assistant reply to a request, or the command it carried out. */
  analysis?: AnalyzeResponse | null;
  command?: CommandResult | null;
};

export type ChatSessionSummary = { id: string; title: string; updatedAt: string };

/** `POST /api/v1/copilot/messages` answers this. */
export type SendMessageResponse = { sessionId: string; message: ChatMessage; reply: ChatMessage };

/**
 * The server-sent events of `POST /api/v1/copilot/messages` asked with `Accept: text/event-stream`: the reply
 * written so far while a model writes it (`ReplyTextEvent`, none from the built-in engine or a command), then
 * the `SendMessageResponse`, or an error body `{ error: { code, message } }`.
 */
export const CHAT_EVENTS = { replyText: 'reply-text', message: 'message', error: 'error' } as const;
export type ReplyTextEvent = { text: string };

/** Spec 3 §8 "Hand-off toasts". */
export const HANDOFF_TOASTS = {
  switching: (agent: string, researchTable: boolean) => ({
    title: 'Switching Agents',
    description: researchTable
      ? `Redirecting to ${agent} research table with your filters applied...`
      : `Redirecting to ${agent} agent with your context...`,
  }),
  notAvailable: (agent: string) => ({
    title: 'Agent Not Available',
    description: `The ${agent} agent is not currently available`,
  }),
} as const;

/** The names users know the hand-off targets by (the agent catalogue's titles). */
export const SUGGESTED_AGENT_NAMES: Readonly<Record<SuggestedAgent, string>> = {
  account: 'Company Finder',
  research: 'Company Finder',
  prospect_management: 'Company Finder',
  account_planning: 'Company Finder',
  forecast: 'Company Finder',
  people: 'People Finder',
  sales_qa: 'Sales Q&A',
  rfp: 'RFP Responses',
  document: 'Document Generation',
  document_generation: 'Document Generation',
  file: 'Enterprise File Search',
  copilot: 'Copilot',
};
