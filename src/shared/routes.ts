/**
 * The route table of spec 1 §2.1: one list used by the server (status codes, redirects) and the web router.
 * A path is listed once its page exists.
 */

export const PUBLIC_PATHS = [
  '/',
  '/auth',
  '/login',
  '/product',
  '/pricing',
  '/enhanced-pricing',
  '/company',
  '/privacy',
  '/privacy/remove-me',
  '/privacy/remove-me/confirm',
  '/terms',
  '/cookies',
  '/contact',
  '/reset-password',
  '/oauth/callback',
  '/architecture',
] as const;

/** Guarded routes inside the signed-in layout (`:param` marks a path segment). */
export const APP_PATHS = [
  '/app',
  '/chat',
  '/research-input',
  '/sales-knowledge-agent',
  '/sales-account-development',
  '/sales-account-development/research',
  '/sales-account-development/:companyName',
  '/instant-sales-answers',
  '/automated-rfp-responses',
  '/rfp-editor/:id',
  '/sales-document-generation',
  '/intelligent-sales-document-generation',
  '/enterprise-file-search',
  '/knowledge-graph',
  '/prospect/:id',
  '/account-management',
  '/key-people',
  '/people-finder-master',
  '/people-finder-master/research',
  '/integrations',
  '/ai-signals/:companyName',
  '/company-news/:companyName',
  '/account-prospect/:companyName',
  '/agents',
  '/agents/:agentId',
  '/sales-projects',
  '/sales-projects/:projectId',
  '/events-results',
  '/buyer-intent-results',
  '/profile',
  '/credits',
  '/onboarding',
] as const;

export const REDIRECTS: Readonly<Record<string, string>> = {
  '/research-report': '/sales-account-development',
  '/knowledge-base': '/sales-account-development',
  '/ai-llms': '/integrations?ai-llms=true',
  '/salesforce': '/integrations?salesforce=true',
};

/**
 * Public pages rendered to HTML at build time, so their content is there before any JavaScript runs: all but
 * /oauth/callback, a hand-off that only ever shows "Signing you in..." on its way elsewhere, and
 * /privacy/remove-me/confirm, which shows what its link's token asks for.
 */
export const PRERENDERED_PATHS = PUBLIC_PATHS.filter(
  (path): path is Exclude<(typeof PUBLIC_PATHS)[number], '/oauth/callback' | '/privacy/remove-me/confirm'> =>
    path !== '/oauth/callback' && path !== '/privacy/remove-me/confirm',
);

/** Whether a path matches a route pattern of the tables above (`:param` is any one non-empty segment). */
export function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]));
}

/** True when the web app has a page for this path (trailing slashes ignored). */
export function isKnownPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [...PUBLIC_PATHS, ...APP_PATHS].some((pattern) => matches(pattern, path));
}
