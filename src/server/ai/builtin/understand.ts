/**
 * The built-in engine's reading of a sales request (spec 3 §3): the intent from weighted cue phrases and the
 * entities found, the agent it leads to, how complete it is, how sure we are, what to ask next and the reply.
 * Deterministic: the same words always give the same analysis.
 */
import {
  type Analysis,
  type EngineAnalysis,
  type Entities,
  INTENT_AGENT,
  type Intent,
} from '../../../shared/copilot.ts';
import { findEntities, type Lexicon, tokenize } from './entities.ts';

type Cue = [RegExp, number];

/** Phrases that point at each intent, with how strongly. */
const CUES: Record<Exclude<Intent, 'general_query'>, Cue[]> = {
  company_search: [
    [
      /\b(companies|compan(?:y|ies)|compnies|comapnies|firms?|businesses|startups?|start-ups|organi[sz]ations|orgs|vendors|manufacturers|providers|brands|retailers|banks|insurers|agencies|labs|players|scale-?ups|unicorns|smbs?|enterprises)\b/i,
      2,
    ],
    [/\b(target accounts?|account list|prospect list|lookalikes?|similar to|icp|ideal customer)\b/i, 2],
    [/\b(find|list|show|search|get|give me|looking for|identify|discover|build)\b/i, 0.5],
  ],
  account_research: [
    [
      /\b(tell me (?:more )?about|research|info(?:rmation)? (?:on|about)|overview of|background on|deep dive|profile of|what do (?:you|we) know about|who (?:is|are)\s+(?!the\b)|learn about|look into|dig into|brief(?:ing)? on|intel on|insights? on|news (?:about|on)|tech stack|competitors of|org chart of|financials of)\b/i,
      2.5,
    ],
    [/\b(account plan|account planning|account strategy)\b/i, 2],
  ],
  people_search: [
    [
      /\b(people|contacts?|decision[- ]makers?|stakeholders?|leads? at|buyers?|personas?|champions? at|who (?:runs|leads|heads|manages|is (?:the|their)))\b/i,
      2.5,
    ],
    [/\b(e-?mails? (?:of|for)|phone numbers? (?:of|for)|reach out to|connect with|talk to the)\b/i, 1.5],
    [/\b(contacts?|people|decision[- ]makers?) (?:in|at|from|for|within)\b/i, 2],
    [/\bwho (?:should|can|do) (?:i|we) (?:talk|speak|reach out|contact|call|email|e-mail)\b/i, 3],
  ],
  rfp: [
    [
      /\b(rfps?|rfis?|rfqs?|request for (?:proposal|information|quotation)s?|tenders?|questionnaires?|security review|vendor (?:assessment|review|questionnaire)|due diligence|vsaq|caiq|sig lite|soc ?2 questions?|infosec review|bid)\b/i,
      3,
    ],
  ],
  document: [
    [/\bsend (?:a |an )?(?:follow[- ]?up|e-?mail|note|message|recap|intro)\b/i, 5],
    [
      /\b(write|draft|compose|create|generate|prepare|make|put together|build)\b[^.?!]{0,40}\b(e-?mails?|proposals?|one[- ]pagers?|case stud(?:y|ies)|battle ?cards?|business case|executive summary|exec summary|follow[- ]?ups?|outreach|sow|statement of work|mutual action plan|map|deck|brief|letter|messages?|note|summary|pitch|sequence|intro)\b/i,
      5,
    ],
    [
      /\b(follow[- ]?up e-?mail|cold (?:e-?mail|outreach)|one[- ]pager|battle ?card|case study|executive summary|statement of work|mutual action plan|business case)\b/i,
      2,
    ],
  ],
  file_search: [
    [
      /\b(find|search|locate|where(?:'s| is| are)|where (?:did|do) (?:we|i) (?:put|keep|save|store|leave)|where can (?:i|we) find|do we have (?:a|the) copy of|pull up|open|look up|dig up|get me)\b[^.?!]{0,40}\b(files?|documents?|docs?|pdfs?|decks?|slides?|contracts?|agreements?|reports?|policy|policies|presentations?|spreadsheets?|sheets?|templates?|playbooks?|handbooks?|manuals?|folders?|msa|nda|dpa|whitepapers?|datasheets?)\b/i,
      3,
    ],
    [
      /\b(in (?:our|my|the) (?:files|drive|docs|documents|knowledge base|shared drive|sharepoint|confluence))\b/i,
      2,
    ],
    // "search my files for SOC 2 policy": whatever follows, the user asks to search their own files.
    [
      /\b(?:search|searching|look|looking|go|dig|check)\s+(?:through\s+|in\s+|into\s+)?(?:my|our)\s+(?:files|documents|docs|drive|uploads|knowledge base)\b/i,
      2,
    ],
  ],
  sales_question: [
    [
      /\b(objections?|pushback|push back|handle|respond to|answer|pitch|positioning|value prop(?:osition)?|differentiat\w*|talk track|battle|compare(?:d)? to|versus|vs\.?)\b/i,
      1.5,
    ],
    [
      /\b(pricing|price|discounts?|refunds?|policy|policies|sla|support|integrat\w*|sso|gdpr|hipaa|soc ?2|iso ?27001|compliance|encrypt\w*|security|onboarding|implementation|roi|features?|our product|do we (?:support|offer|have)|does (?:our|the) product|can we)\b/i,
      1.5,
    ],
    [/^(how|what|why|when|should|can|do|does|is|are|which)\b/i, 1],
    [
      /^(?:how (?:do|should|can|would) (?:i|we)|what (?:should|do|can) (?:i|we) (?:say|tell|answer|do)|what(?:'s| is| are) our|do we|does our|are we|is our|can we)\b/i,
      3,
    ],
    [
      /\b(too expensive|sla|compare us|versus us|vs\.? us|against us|no budget|not interested|already (?:have|use|work with)|bad timing|send me (?:some )?info|wait until|call me later|certifications?|uptime|retention|position\b|positioning)\b/i,
      2,
    ],
    [/\?\s*$/, 0.5],
  ],
  forecast: [
    [
      /\b(forecasts?|pipeline|quota|bookings|commit|best case|worst case|win rate|close rate|closing (?:this|next)|deals? (?:closing|at risk|in stage)|my deals|deal status|revenue (?:for|this|next)|arr|run rate|sales target|attainment|coverage)\b/i,
      3,
    ],
    [/\b(prospect(?:s)? (?:status|health)|account management|at[- ]risk accounts?|renewals?)\b/i, 2],
    [/\b(deals?|opportunit(?:y|ies)|opps)\b/i, 2],
    [/\b(at[- ]risk|close|closing|closed|revenue)\b/i, 1.5],
  ],
};

const SMALL_TALK =
  /^(?:hi|hello|hey|yo|hiya|howdy|good (?:morning|afternoon|evening)|thanks?(?: you)?|thank you|thx|ty|cheers|bye|goodbye|see you|ok(?:ay)?|cool|great|nice|awesome|lol|how are you|what'?s up|sup|who are you|what (?:can|do) you do|help|what is this)\b[\s!.?]*$/i;

const PRIORITY: Intent[] = [
  'rfp',
  'document',
  'file_search',
  'forecast',
  'people_search',
  'account_research',
  'company_search',
  'sales_question',
];

function scoreIntents(text: string, entities: Entities): Map<Intent, number> {
  const scores = new Map<Intent, number>();
  for (const [intent, cues] of Object.entries(CUES) as [Exclude<Intent, 'general_query'>, Cue[]][]) {
    let score = 0;
    for (const [pattern, weight] of cues) if (pattern.test(text)) score += weight;
    scores.set(intent, score);
  }
  const add = (intent: Intent, points: number) => scores.set(intent, (scores.get(intent) ?? 0) + points);
  const filters =
    (entities.industry?.length ?? 0) + (entities.region?.length ?? 0) + (entities.companySize?.length ?? 0);
  if (filters > 0) add('company_search', 1 + filters * 0.5);
  // Roles asked for make it a people search ("CTOs at healthcare companies in Boston").
  if (entities.jobTitles?.length)
    add('people_search', 3 + filters * 0.5 + ((scores.get('company_search') ?? 0) > 0 ? 2 : 0));
  if (entities.companyNames?.length) {
    add('account_research', 1.5);
    // "find Stripe's competitors" or "companies like Stripe" stay a company search.
    if ((scores.get('company_search') ?? 0) < 2) add('account_research', 1);
  }
  if (entities.amount !== undefined || entities.quarter) add('forecast', 1);
  if (entities.deadline) add('rfp', 0.5);
  // A question about a person or a company is not a request for Sales Q&A.
  if (entities.jobTitles?.length || filters > 0) add('sales_question', -1.5);
  return scores;
}

function chooseIntent(text: string, entities: Entities): { intent: Intent; strength: number } {
  const words = tokenize(text);
  if (words.length === 0 || SMALL_TALK.test(text.trim())) return { intent: 'general_query', strength: 0 };
  const scores = scoreIntents(text, entities);
  let best: Intent = 'general_query';
  let strength = 0;
  for (const intent of PRIORITY) {
    const score = scores.get(intent) ?? 0;
    if (score > strength) {
      best = intent;
      strength = score;
    }
  }
  // Too little to go on: say so instead of guessing.
  if (strength < 1.5) return { intent: 'general_query', strength };
  return { intent: best, strength };
}

const list = (values: readonly string[] | undefined) => (values ?? []).join(', ');

function followUps(intent: Intent, entities: Entities): string[] {
  const questions: string[] = [];
  const ask = (missing: boolean, question: string) => {
    if (missing) questions.push(question);
  };
  switch (intent) {
    case 'company_search':
      ask(!entities.industry?.length, 'Which industry are you targeting?');
      ask(!entities.region?.length, 'Which region or country should I focus on?');
      ask(!entities.companySize?.length, 'What company size are you looking for?');
      break;
    case 'people_search':
      ask(!entities.jobTitles?.length, 'Which roles or job titles are you looking for?');
      ask(
        !entities.companyNames?.length && !entities.industry?.length,
        'At which companies, or in which industry?',
      );
      break;
    case 'account_research':
      ask(!entities.companyNames?.length, 'Which company should I research?');
      break;
    case 'rfp':
      ask(!entities.deadline, 'When is the response due?');
      break;
    case 'document':
      ask(!entities.companyNames?.length, 'Which company or contact is the document for?');
      break;
    case 'forecast':
      ask(!entities.companyNames?.length, 'Which account or deal is this about?');
      break;
    case 'general_query':
      questions.push("Could you provide more details about what you'd like to accomplish?");
      break;
    default:
      break;
  }
  return questions;
}

/** How much of what the intent needs the request gives (0-100). */
function completenessOf(intent: Intent, entities: Entities): number {
  const has = (values: unknown) => (Array.isArray(values) ? values.length > 0 : values !== undefined);
  const parts: Record<Intent, unknown[]> = {
    company_search: [entities.industry, entities.region, entities.companySize],
    people_search: [entities.jobTitles, entities.companyNames ?? entities.industry, entities.region],
    account_research: [entities.companyNames],
    rfp: [entities.deadline ?? entities.companyNames],
    document: [entities.companyNames],
    file_search: [true],
    sales_question: [true],
    forecast: [entities.companyNames, entities.amount ?? entities.quarter ?? entities.timeframe],
    general_query: [],
  };
  const wanted = parts[intent];
  if (wanted.length === 0) return 20;
  const given = wanted.filter(has).length;
  return Math.round(40 + (60 * given) / wanted.length);
}

function filterSuggestions(intent: Intent, entities: Entities): string[] {
  if (!['company_search', 'account_research', 'people_search', 'forecast'].includes(intent)) return [];
  return [
    ...(entities.industry ?? []).map((v) => `industry: ${v}`),
    ...(entities.companySize ?? []).map((v) => `company size: ${v}`),
    ...(entities.region ?? []).map((v) => `region: ${v}`),
  ];
}

/** "fintech companies", but "banks" and "retailers" as they are. */
const companiesOf = (industry: readonly string[] | undefined) => {
  const words = list(industry);
  if (!words) return 'companies';
  return /[^s]s$/i.test(words) && !/saas$/i.test(words) ? words : `${words} companies`;
};

function reply(intent: Intent, entities: Entities, questions: string[]): string {
  const where = entities.region?.length ? ` in ${list(entities.region)}` : '';
  const sizes = list(entities.companySize);
  const size = !sizes ? '' : /\d/.test(sizes) ? ` with ${sizes}` : ` (${sizes})`;
  const industry = entities.industry?.length ? `${list(entities.industry)} ` : '';
  const next = questions[0] ? ` ${questions[0]}` : '';
  switch (intent) {
    case 'company_search':
      return `Looking for ${companiesOf(entities.industry)}${where}${size}. I'll open the Company Finder with these filters.${next}`;
    case 'account_research':
      return entities.companyNames?.length
        ? `Researching ${list(entities.companyNames)}. I'll open the Company Finder on ${entities.companyNames.length > 1 ? 'these companies' : 'this company'}.`
        : `I can research an account for you.${next}`;
    case 'people_search': {
      const who = entities.jobTitles?.length ? list(entities.jobTitles) : 'people';
      const at = entities.companyNames?.length
        ? ` at ${list(entities.companyNames)}`
        : industry
          ? ` at ${companiesOf(entities.industry)}`
          : '';
      return `Finding ${who}${at}${where}. I'll open the People Finder with these filters.${next}`;
    }
    case 'rfp':
      return `Let's work on that questionnaire${entities.deadline ? ` (due ${entities.deadline})` : ''}. I'll open RFP Responses, where you can upload it and draft every answer from your knowledge base.${next}`;
    case 'document':
      return `I'll open Document Generation to draft it${entities.companyNames?.length ? ` for ${list(entities.companyNames)}` : ''}.${next}`;
    case 'file_search':
      return "I'll search your files for it in Enterprise File Search.";
    case 'sales_question':
      return "Good question for Sales Q&A: I'll look for the answer in your knowledge base.";
    case 'forecast':
      return `Let's look at the pipeline${entities.companyNames?.length ? ` for ${list(entities.companyNames)}` : ''}${entities.quarter ? ` in ${entities.quarter}` : ''}. Open a prospect to update its forecast, or type a command such as "set the realistic forecast to $2.5m".${next}`;
    default:
      return "I'm here to help with your sales activities: finding companies and people, researching accounts, answering RFPs and questions, and writing documents. Could you provide more details about what you'd like to accomplish?";
  }
}

export function understand(query: string, lexicon: Lexicon, today: Date): EngineAnalysis {
  const text = query.trim();
  const entities = findEntities(text, lexicon, today);
  const { intent, strength } = chooseIntent(text, entities);
  let suggestedAgent = INTENT_AGENT[intent];
  const filters =
    (entities.industry?.length ?? 0) + (entities.region?.length ?? 0) + (entities.companySize?.length ?? 0);
  if (intent === 'company_search' && filters === 0 && entities.companyNames?.length)
    suggestedAgent = 'research';
  const questions = followUps(intent, entities);
  const completeness = completenessOf(intent, entities);
  // Sure when the cues are strong and the request complete; unsure for small talk and unclear requests.
  const confidence =
    intent === 'general_query'
      ? SMALL_TALK.test(text)
        ? 45
        : 30
      : Math.min(95, Math.round(45 + Math.min(strength, 5) * 6 + completeness * 0.2));
  const analysis: Analysis = {
    intent,
    entities,
    suggestedAgent,
    completeness,
    followUpQuestions: questions,
    filterSuggestions: filterSuggestions(intent, entities),
    confidence,
  };
  return { analysis, responseText: reply(intent, entities, questions) };
}
