/**
 * The agent catalogue (spec 1 §1 and §3 'Agent catalogue entry'): the one list every page that shows
 * agents reads (landing showcase, header menu, pricing pages, the in-app agent directory).
 */

export type AgentId = 'alex' | 'jim' | 'emma' | 'maya' | 'david' | 'sofia';

export type AgentMetrics = {
  /** Percent; the product-wide marketing claim (spec 1 §1), not a per-installation measurement. */
  accuracy: number;
  /** Typical time for one run, in minutes. */
  analysisMinutes: number;
  /** How many data sources the agent draws on. */
  sources: number;
};

export type Agent = {
  id: AgentId;
  name: string;
  title: string;
  tagline: string;
  description: string;
  metrics: AgentMetrics;
  /** What the agent does for the user; the landing page shows the first three. */
  capabilities: readonly string[];
  /** How it does it. */
  technical: readonly string[];
  /** Why it matters to a sales team. */
  value: readonly string[];
  path: string;
};

export const AGENTS: readonly Agent[] = [
  {
    id: 'alex',
    name: 'Alex',
    title: 'Company Finder',
    tagline: 'Find the companies that match your ideal customer profile.',
    description:
      'Alex searches the company master data with plain-language filters. Describe the accounts you want, such as "logistics software companies in Germany with 200 to 1,000 employees founded after 2010", and Alex turns it into industry, size, location and founding-year filters, shows which filters it understood, and returns a ranked list you can save to My Companies or export.',
    metrics: { accuracy: 94, analysisMinutes: 2, sources: 130 },
    capabilities: [
      'Natural-language search across company master data',
      'Filters by industry (NAICS), size, country, region, city and founding year',
      'Shows the filters it applied, so you can refine them',
      'Saves matches to My Companies and exports them to CSV',
      'Hands selected companies to People Finder or Document generation',
    ],
    technical: [
      'Turns a request into validated, structured search filters',
      'PostgreSQL full-text and trigram matching on company names',
      'Paginated, sortable results of up to 100 rows per page',
      'Runs offline with the built-in engine; no API key needed',
    ],
    value: [
      'Build a target account list in minutes instead of days',
      'See exactly which filters were used: no black box',
      'Start every campaign from your ideal customer profile',
    ],
    path: '/sales-account-development',
  },
  {
    id: 'jim',
    name: 'Jim',
    title: 'People Finder',
    tagline: 'Find the decision-makers at your target accounts and how to reach them.',
    description:
      'Jim finds the people behind the companies you care about. Search by company, job title, seniority, department or location, then look up a work e-mail address and phone number for the contacts you choose. Each lookup is a metered credit activity, so credits are spent only on the people you actually want to reach.',
    metrics: { accuracy: 94, analysisMinutes: 2, sources: 130 },
    capabilities: [
      'Searches people by company, job title, seniority, department and location',
      'Looks up work e-mail addresses and phone numbers on demand',
      'Maps the buying committee at each target account',
      'Saves contacts to My People and exports them to CSV',
    ],
    technical: [
      'Normalises job titles into role and seniority',
      'E-mail and phone lookups charged per contact through the credit ledger',
      'Results and saved contacts scoped to your workspace',
      'CSV export of any saved list',
    ],
    value: [
      'Reach the people who sign, not the company switchboard',
      'Spend credits only on the contacts you pick',
      'Keep every saved contact in one list the whole team can use',
    ],
    path: '/people-finder-master',
  },
  {
    id: 'emma',
    name: 'Emma',
    title: 'Sales Q&A',
    tagline: 'Instant, cited answers to sales questions from your knowledge base.',
    description:
      'Emma answers the questions reps ask every day, about pricing rules, product capabilities, competitor objections or security details, from the documents your team has uploaded. Every answer cites the document and section it came from, and when the knowledge base has no answer, Emma says so instead of guessing.',
    metrics: { accuracy: 94, analysisMinutes: 1, sources: 3 },
    capabilities: [
      'Answers sales questions from your uploaded documents',
      'Cites the document, section and page behind every answer',
      'Reuses approved answers from your answer library',
      'Says when the knowledge base has no answer instead of guessing',
    ],
    technical: [
      'Lexical retrieval combined with the knowledge graph',
      'Extractive answers with the built-in engine; generated prose with an OpenAI-compatible model',
      'A separate document index for every workspace',
      'Works with no API key',
    ],
    value: [
      'Answer a prospect during the call, not a day later',
      'Consistent, approved messaging across the team',
      'Fewer interruptions for product and solutions engineers',
    ],
    path: '/instant-sales-answers',
  },
  {
    id: 'maya',
    name: 'Maya',
    title: 'RFP Responses',
    tagline: 'Draft RFP and security questionnaire answers from your answer library.',
    description:
      'Maya reads an RFP or security questionnaire, uploaded as a file or pasted as text, splits it into individual questions and drafts an answer to each from your answer library and knowledge base. Every draft carries its sources and a confidence level, so reviewers know which answers to check first before the response goes out.',
    metrics: { accuracy: 94, analysisMinutes: 12, sources: 2 },
    capabilities: [
      'Extracts every question from an uploaded RFP or questionnaire',
      'Drafts answers from your answer library and knowledge base',
      'Shows the sources and a confidence level for each draft',
      'Review, edit and approve every answer in the RFP editor',
    ],
    technical: [
      'Question extraction from PDF, DOCX, CSV and plain text',
      'Drafting runs as a background job with live progress',
      'Per-question status, sources and confidence',
      'Resumes where it left off after a server restart',
    ],
    value: [
      'Turn a week of RFP work into an afternoon of review',
      'Reuse your best approved answers every time',
      'Keep your experts for the questions that are genuinely new',
    ],
    path: '/automated-rfp-responses',
  },
  {
    id: 'david',
    name: 'David',
    title: 'Document Generation',
    tagline: 'Generate account plans, proposals and one-pagers in minutes.',
    description:
      'David writes sales documents for a specific account: account plans, proposals and one-pagers. Pick a template and a company, optionally a contact or prospect, and David fills it from the company data, your saved research and your knowledge base. It cites what it used and lists what is still missing, so nothing is made up.',
    metrics: { accuracy: 94, analysisMinutes: 5, sources: 4 },
    capabilities: [
      'Account plans, proposals and one-pagers from templates',
      'Filled from company data, saved research and your knowledge base',
      'Lists missing information instead of inventing it',
      'Export to Word or print to PDF',
    ],
    technical: [
      'Template-driven generation to Markdown',
      'Sources recorded for every generated document',
      'Built-in templates offline; richer prose with an OpenAI-compatible model',
      'DOCX export',
    ],
    value: [
      'A solid first draft in minutes, not hours',
      'Consistent documents across the whole team',
      'Every statement traceable to its source',
    ],
    path: '/sales-document-generation',
  },
  {
    id: 'sofia',
    name: 'Sofia',
    title: 'Universal Search',
    tagline: 'Search every file your team has uploaded, down to the passage.',
    description:
      'Sofia searches the full text of every document in your knowledge base, from PDFs and Word files to spreadsheets, Markdown and web pages, and shows the matching passages with their document, section and page. Open the source, or take a result straight into a follow-up question in chat.',
    metrics: { accuracy: 94, analysisMinutes: 1, sources: 1 },
    capabilities: [
      'Full-text search across PDFs, Word files, spreadsheets and notes',
      'Shows matching passages with their document, section and page',
      'Finds the companies, people and topics linked in your knowledge graph',
      'Turns a result into a follow-up question in chat',
    ],
    technical: [
      'Ranked PostgreSQL full-text search',
      'Documents split into sections and passages at upload',
      'Entities extracted into the knowledge graph',
      'Results limited to your workspace',
    ],
    value: [
      'Find the slide, clause or case study in seconds',
      'Stop asking in chat channels where a file lives',
      'Your files stay on your own server',
    ],
    path: '/enterprise-file-search',
  },
];

export function getAgent(id: AgentId): Agent {
  const agent = AGENTS.find((a) => a.id === id);
  if (!agent) throw new Error(`Unknown agent: ${id}`);
  return agent;
}
