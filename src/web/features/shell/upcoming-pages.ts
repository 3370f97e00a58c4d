import type { APP_PATHS } from '../../../shared/routes.ts';

/** Guarded screens that have a page of their own from the start; every other one is announced by UpcomingPage. */
type BuiltAppPath =
  | '/app'
  | '/research-input'
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
  | '/intelligent-sales-document-generation'
  | '/agents'
  | '/agents/:agentId'
  | '/sales-projects'
  | '/sales-projects/:projectId'
  | '/events-results'
  | '/buyer-intent-results'
  | '/integrations';

export type UpcomingPath = Exclude<(typeof APP_PATHS)[number], BuiltAppPath>;

export type UpcomingPageText = { title: string; description: string };

/**
 * What each guarded screen will do, keyed by its route pattern in APP_PATHS; the type makes a new route
 * fail to compile until it is described here or gets its own page.
 */
export const UPCOMING_PAGES: Record<UpcomingPath, UpcomingPageText> = {};
