/**
 * Copilot commands (spec 3 §5, §9): typed text that changes a prospect's forecast or status, creates a
 * prospect, moves to a page or refreshes it. Read by keywords; anything else is a general query (confidence
 * 0.5) for the AI engine. Pure: the caller executes the command.
 */
import { COMMAND_CONFIDENCE } from '../../../shared/copilot.ts';
import { parseAmount } from '../../../shared/money.ts';

export type Scenario = 'conservative' | 'realistic' | 'optimistic';

export type ParsedCommand =
  | { action: 'revenue'; confidence: number; scenario: Scenario; amount: number | null }
  | { action: 'status'; confidence: number; status: string | null }
  | { action: 'prospect'; confidence: number; name: string | null }
  | { action: 'navigation'; confidence: number; target: string; path: string | null }
  | { action: 'refresh'; confidence: number }
  | { action: 'general'; confidence: number };

const REVENUE_WORDS =
  /\b(forecast|revenue|deal (?:value|size|amount)|pipeline value|worth|arr|acv|tcv|contract value|amount)\b/i;
const SCENARIOS: Scenario[] = ['conservative', 'realistic', 'optimistic'];
const SCENARIO_WORDS: Record<Scenario, RegExp> = {
  conservative: /\b(conservative|worst[- ]case|low(?:er)?[- ]end|pessimistic)\b/i,
  realistic: /\b(realistic|most likely|expected|base[- ]case)\b/i,
  optimistic: /\b(optimistic|best[- ]case|upside|high(?:er)?[- ]end|stretch)\b/i,
};

/** A status in the user's words: "at risk", "at-risk", "champion", "new logo". */
const looseStatus = (status: string) =>
  new RegExp(`\\b${status.replace(/-accounts?$/, '').replace(/-/g, '[\\s-]?')}s?\\b`, 'i');

/** Words that make a sentence an order rather than a question ("set", "update", "mark as"). */
const COMMAND_VERB =
  /\b(set|update|change|make|put|adjust|raise|lower|increase|decrease|bump|revise|mark|move|flag)\b/i;
const STATUS_VERBS =
  /\b(mark(?:ed)?(?: it| this| them| the \w+)? as|(?:set|move|change|update|switch)\b.*\b(?:to|as)|flag(?: it| this)? as)\b/i;

const PROSPECT_PATTERNS = [
  /\b(?:create|add|make|start|open|save)\s+(?:a\s+)?(?:new\s+)?prospect(?:\s+(?:for|called|named))?\s+(.+)$/i,
  /\b(?:add|save|track)\s+(.+?)\s+(?:as|to)\s+(?:a\s+)?(?:new\s+)?prospects?\b/i,
  /\bnew prospect[:\s]+(.+)$/i,
];

/** Pages a user may ask for, by the words they use; longest names first when matching. */
const PAGES: [RegExp, string][] = [
  [/\bmy companies\b/i, '/sales-account-development/research?myCompanies=true'],
  [/\bmy people\b/i, '/people-finder-master?myPeople=true'],
  [/\bkey people\b/i, '/key-people'],
  [/\bresearch table\b/i, '/sales-account-development/research'],
  [/\bknowledge graph\b/i, '/knowledge-graph'],
  [/\b(file search|enterprise search|files)\b/i, '/enterprise-file-search'],
  [/\b(knowledge base|knowledge)\b/i, '/sales-knowledge-agent'],
  [/\b(account management|pipeline|prospects)\b/i, '/account-management'],
  [/\b(company finder|companies|accounts)\b/i, '/sales-account-development'],
  [/\b(people finder|people|contacts)\b/i, '/people-finder-master'],
  [/\b(sales q&a|q&a|instant answers|answers)\b/i, '/instant-sales-answers'],
  [/\b(rfps?|questionnaires?)\b/i, '/automated-rfp-responses'],
  [/\b(documents?|document generation)\b/i, '/sales-document-generation'],
  [/\b(credits|billing|usage)\b/i, '/credits'],
  [/\b(profile|settings|icp)\b/i, '/profile'],
  [/\b(integrations|api keys|webhooks)\b/i, '/integrations'],
  [/\b(agents|agent catalogue)\b/i, '/agents'],
  [/\b(chat|copilot)\b/i, '/chat'],
  [/\b(home|dashboard)\b/i, '/app'],
];
const NAVIGATION =
  /^\s*(?:please\s+|can you\s+)?(?:go(?: back)? to|navigate to|take me to|open(?: up)?|switch to|bring up)\s+(.+)$/i;
const SHOW_PAGE = /^\s*(?:please\s+)?show (?:me )?(.+?)\s+(?:page|screen|tab)\s*$/i;
/** Words around a page's name that do not change which page it is. */
const FILLER = /\b(the|my|our|a|page|screen|tab|agent|section|view|please|now|again)\b/gi;

/** The page a navigation names, when the words name a page and little else ("open fintech companies" does not). */
function pageNamed(words: string): string | null {
  for (const [name, path] of PAGES) {
    if (!name.test(words)) continue;
    const rest = words
      .replace(name, ' ')
      .replace(FILLER, ' ')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return rest === '' || rest.split(' ').length <= 1 ? path : null;
  }
  return null;
}

export function parseCommand(text: string, statuses: readonly string[]): ParsedCommand {
  const t = text.trim();
  if (/^\s*(?:please\s+)?(refresh|reload)\b/i.test(t)) {
    return { action: 'refresh', confidence: COMMAND_CONFIDENCE.refresh };
  }
  for (const pattern of PROSPECT_PATTERNS) {
    const match = t.match(pattern);
    if (match) {
      const name = match[1]?.replace(/[.!?]+$/, '').trim() || null;
      return { action: 'prospect', confidence: COMMAND_CONFIDENCE.prospect, name };
    }
  }
  if (/\b(?:create|add) (?:a )?(?:new )?prospect\s*[.!]?$/i.test(t)) {
    return { action: 'prospect', confidence: COMMAND_CONFIDENCE.prospect, name: null };
  }
  if (REVENUE_WORDS.test(t)) {
    const scenario = SCENARIOS.find((s) => SCENARIO_WORDS[s].test(t));
    const amount = parseAmount(t);
    const ordered = COMMAND_VERB.test(t);
    // "set the optimistic forecast to $3m", "forecast optimistic 3m", "update revenue to 500k"; not
    // "companies with revenue over $10m" (a search) or "what's the forecast?" (a question).
    if ((scenario && (amount !== null || ordered)) || (ordered && amount !== null)) {
      return {
        action: 'revenue',
        confidence: COMMAND_CONFIDENCE.revenue,
        scenario: scenario ?? 'realistic',
        amount,
      };
    }
  }
  const status = statuses.find((s) => looseStatus(s).test(t)) ?? null;
  if ((status && STATUS_VERBS.test(t)) || (COMMAND_VERB.test(t) && /\bstatus\b/i.test(t))) {
    return { action: 'status', confidence: COMMAND_CONFIDENCE.status, status };
  }
  const asked = t.match(NAVIGATION)?.[1] ?? t.match(SHOW_PAGE)?.[1];
  const path = asked ? pageNamed(asked) : null;
  if (asked && path) {
    return { action: 'navigation', confidence: COMMAND_CONFIDENCE.navigation, target: asked.trim(), path };
  }
  return { action: 'general', confidence: COMMAND_CONFIDENCE.general };
}
