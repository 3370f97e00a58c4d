import type { APP_PATHS } from '../../../shared/routes.ts';

/** Guarded screens that have a page of their own from the start; every other one is announced by UpcomingPage. */
type BuiltAppPath =
  | '/app'
  | '/profile'
  | '/credits'
  | '/onboarding'
  | '/sales-account-development'
  | '/sales-account-development/research'
  | '/sales-account-development/:companyName'
  | '/account-prospect/:companyName'
  | '/company-news/:companyName'
  | '/ai-signals/:companyName'
  | '/people-finder-master'
  | '/people-finder-master/research'
  | '/key-people'
  | '/chat'
  | '/prospect/:id'
  | '/account-management'
  | '/sales-knowledge-agent'
  | '/enterprise-file-search'
  | '/knowledge-graph'
  | '/instant-sales-answers'
  | '/automated-rfp-responses'
  | '/rfp-editor/:id'
  | '/sales-document-generation'
  | '/intelligent-sales-document-generation';

export type UpcomingPath = Exclude<(typeof APP_PATHS)[number], BuiltAppPath>;

export type UpcomingPageText = { title: string; description: string };

/**
 * What each guarded screen will do, keyed by its route pattern in APP_PATHS; the type makes a new route
 * fail to compile until it is described here or gets its own page.
 */
export const UPCOMING_PAGES: Record<UpcomingPath, UpcomingPageText> = {
  '/research-input': {
    title: 'Research Input',
    description:
      'Start a research request: describe the companies you are looking for, and the request is turned into search filters for Company Finder.',
  },
  '/integrations': {
    title: 'Integrations',
    description:
      'Connect an AI model (any OpenAI-compatible endpoint) to improve answers and documents, create API keys and webhooks, and import or export your companies and contacts.',
  },
  '/agents': {
    title: 'AI Agents',
    description: 'The directory of AI agents: what each one does, how it works, and where to start.',
  },
  '/agents/:agentId': {
    title: 'Agent',
    description:
      'One AI agent in detail: its capabilities, how it works, and what it is worth to a sales team.',
  },
  '/sales-projects': {
    title: 'My Sales Projects',
    description: 'Group companies, people and documents into projects, one per campaign or deal.',
  },
  '/sales-projects/:projectId': {
    title: 'Sales Project',
    description: 'One sales project: its companies, people and documents together.',
  },
  '/events-results': {
    title: 'Events Results',
    description: 'Events that your target accounts attend or host, as openings for a meeting.',
  },
  '/buyer-intent-results': {
    title: 'Buyer Intent Results',
    description: 'Companies showing signs of interest in what you sell, ranked so you can reach out first.',
  },
};
