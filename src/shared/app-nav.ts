/**
 * Navigation of the signed-in app (spec 1 §2.8 sidebar, §2.9 mobile bottom navigation, §9 constants):
 * the entries, their targets and which entry is active for an address. Pure data and logic, no React.
 */
import { type AgentId, getAgent } from './agents.ts';
import { APP_NAV_OUTLINE, type AppNavItemId } from './app-nav-outline.ts';
import { usernameFromEmail } from './auth.ts';

/** Spec 1 §2.10, §9: mobile is under 768 px; an open mobile menu closes itself 100 ms after reaching desktop. */
export const MOBILE_BREAKPOINT_PX = 768;
export const DESKTOP_AUTO_CLOSE_MS = 100;

export type { AppNavItemId } from './app-nav-outline.ts';

/** Spec 1 §3 'Navigation item' (no app entry is disabled, so the flag is left out). */
export type AppNavItem = { id: AppNavItemId; title: string; href: string; description: string };

/** A sidebar group; the first group has no heading. */
export type AppNavGroup = { label: string | null; items: readonly AppNavItem[] };

export const WORKSPACE_HREF = '/sales-account-development/research';
export const MY_COMPANIES_HREF = '/sales-account-development/research?myCompanies=true&source=sidebar';
export const MY_PEOPLE_HREF = '/people-finder-master?myPeople=true';

// The sidebar shows shorter labels than the catalogue titles ('RFP', 'Document'); the routes come from the catalogue.
function agentTarget(agentId: AgentId): { href: string; description: string } {
  const agent = getAgent(agentId);
  return { href: agent.path, description: `${agent.name}: ${agent.tagline}` };
}

/** Where each sidebar entry leads, and its description (the agents' from the catalogue). */
const TARGETS: Readonly<Record<AppNavItemId, { href: string; description: string }>> = {
  home: { href: '/app', description: 'The home hub of the app.' },
  workspace: { href: WORKSPACE_HREF, description: 'Research the companies you are working on.' },
  'company-finder': agentTarget('alex'),
  'people-finder': agentTarget('jim'),
  'sales-qa': agentTarget('emma'),
  rfp: agentTarget('maya'),
  document: agentTarget('david'),
  'sales-projects': {
    href: '/sales-projects',
    description: 'Companies, people and documents grouped by campaign or deal.',
  },
  'my-companies': { href: MY_COMPANIES_HREF, description: 'The companies you have saved.' },
  'my-people': { href: MY_PEOPLE_HREF, description: 'The contacts you have saved.' },
  'knowledge-graph': {
    href: '/knowledge-graph',
    description: 'Companies, people and topics from your documents and how they connect.',
  },
  'enterprise-search': {
    href: getAgent('sofia').path,
    description: 'Search every file your team has uploaded.',
  },
  'account-management': {
    href: '/account-management',
    description: 'Your prospects: pipeline, forecasts and deal momentum.',
  },
  'key-people': { href: '/key-people', description: 'The decision-makers at your target accounts.' },
  'buyer-intent': {
    href: '/buyer-intent-results',
    description: 'Companies showing signs that they are ready to buy.',
  },
  events: {
    href: '/events-results',
    description: 'What happened at your accounts: news, changes and signals.',
  },
  'all-agents': { href: '/agents', description: 'Every agent and what it does.' },
  integrations: { href: '/integrations', description: 'AI models, API keys, webhooks, import and export.' },
  profile: { href: '/profile', description: 'Your profile, company and ideal customer profile.' },
};

export const APP_NAV_GROUPS: readonly AppNavGroup[] = APP_NAV_OUTLINE.map((group) => ({
  label: group.label,
  items: group.items.map((item) => ({ ...item, ...TARGETS[item.id] })),
}));

export const APP_NAV_ITEMS: readonly AppNavItem[] = APP_NAV_GROUPS.flatMap((group) => group.items);

/** A page the Ctrl+K palette finds by its name. */
export type AppPage = { title: string; href: string; description: string };

/** Every page a user may ask for by name: the sidebar's, and those reached from elsewhere. */
export const APP_PAGES: readonly AppPage[] = [
  ...APP_NAV_ITEMS,
  { title: 'Credits and Billing', href: '/credits', description: 'Your credits, plan and usage.' },
  { title: 'Copilot Chat', href: '/chat', description: 'Your conversations with the copilot.' },
  {
    title: 'Knowledge Base',
    href: '/sales-knowledge-agent',
    description: 'Upload documents and chat with them.',
  },
];

/** Pages shown for a name typed, at most. */
const PAGES_FOUND_MAX = 5;

/**
 * The pages whose name the typed words begin ("acc man" finds Account Management, "buyer" Buyer Intent): every
 * word typed starts a word of the name. Whole names first.
 */
export function findPages(typed: string): AppPage[] {
  const words = typed.toLowerCase().match(/[\p{L}\p{N}&]+/gu) ?? [];
  if (words.join('').length < 2) return [];
  const found = APP_PAGES.filter((page) => {
    const name = page.title.toLowerCase().match(/[\p{L}\p{N}&]+/gu) ?? [];
    return words.every((word) => name.some((part) => part.startsWith(word)));
  });
  const whole = (page: AppPage) => page.title.toLowerCase() === typed.trim().toLowerCase();
  return found.sort((a, b) => Number(whole(b)) - Number(whole(a))).slice(0, PAGES_FOUND_MAX);
}

/** The page named exactly (case aside) by what was typed, if any. */
export const pageNamed = (typed: string): AppPage | undefined =>
  APP_PAGES.find((page) => page.title.toLowerCase() === typed.trim().toLowerCase());

export type MobileTabId = 'home' | 'agents' | 'work' | 'search' | 'more';

export type MobileSheetItem = { title: string; subtitle: string | null; href: string };
export type MobileSheet = { title: string; subtitle: string; items: readonly MobileSheetItem[] };

/** Home navigates directly; every other tab opens its bottom sheet. */
export type MobileTab =
  | { id: 'home'; label: string; href: string }
  | { id: Exclude<MobileTabId, 'home'>; label: string; sheet: MobileSheet };

/** Spec 1 §9: five slots, 60 px high plus the safe-area inset. */
export const MOBILE_NAV_HEIGHT_PX = 60;

const SHEET_AGENTS: readonly AgentId[] = ['alex', 'jim', 'emma', 'maya', 'david'];

export const MOBILE_TABS: readonly MobileTab[] = [
  { id: 'home', label: 'Home', href: '/app' },
  {
    id: 'agents',
    label: 'Agents',
    sheet: {
      title: 'AI Agents',
      subtitle: 'Choose an AI agent to help with your sales tasks',
      items: SHEET_AGENTS.map((id) => {
        const agent = getAgent(id);
        return { title: agent.name, subtitle: agent.title, href: agent.path };
      }),
    },
  },
  {
    id: 'work',
    label: 'Work',
    sheet: {
      title: 'My Work',
      subtitle: 'Quick access to your companies and contacts',
      items: [
        { title: 'My Companies', subtitle: null, href: MY_COMPANIES_HREF },
        { title: 'My People', subtitle: null, href: MY_PEOPLE_HREF },
      ],
    },
  },
  {
    id: 'search',
    label: 'Search',
    sheet: {
      title: 'Search & Knowledge',
      subtitle: 'Search files and explore your knowledge graph',
      items: [
        { title: 'Enterprise File Search', subtitle: null, href: getAgent('sofia').path },
        { title: 'Knowledge Graph', subtitle: null, href: '/knowledge-graph' },
      ],
    },
  },
  {
    id: 'more',
    label: 'More',
    sheet: {
      title: 'More Options',
      subtitle: 'Analytics, integrations, and settings',
      items: [
        // Spec 1 §2.9 lists Integrations; the pipeline and insight pages the sidebar's own group adds follow it.
        { title: 'Integrations', subtitle: null, href: '/integrations' },
        { title: 'Account Management', subtitle: 'Pipeline and forecasts', href: '/account-management' },
        { title: 'Buyer Intent', subtitle: null, href: '/buyer-intent-results' },
        { title: 'Events', subtitle: null, href: '/events-results' },
        { title: 'Key People', subtitle: null, href: '/key-people' },
        { title: 'All Agents', subtitle: null, href: '/agents' },
      ],
    },
  },
];

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * How well `href` matches the address: -1 for no match, else higher for a more specific match.
 * The path must equal the address's path or be a whole-segment prefix of it (so `/sales-projects` does not
 * match `/sales-projects-old`), and every query parameter of `href` must be present in `search`.
 */
function matchScore(href: string, pathname: string, search: string, exact: boolean): number {
  const url = new URL(href, 'http://app.invalid');
  const path = normalisePath(pathname);
  const pathMatches = path === url.pathname || (!exact && path.startsWith(`${url.pathname}/`));
  if (!pathMatches) return -1;
  const params = new URLSearchParams(search);
  for (const [key, value] of url.searchParams) {
    if (params.get(key) !== value) return -1;
  }
  // A matching query parameter is more specific than any path length difference.
  return url.searchParams.size * 10_000 + url.pathname.length;
}

function bestMatch<T>(candidates: readonly (readonly [T, number])[]): T | null {
  let best: T | null = null;
  let bestScore = -1;
  for (const [value, score] of candidates) {
    if (score > bestScore) {
      best = value;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The sidebar entry to highlight: the most specific match, so `/sales-account-development/research` is
 * Workspace (not Company Finder) and `?myCompanies=true` on it is My Companies. Home only on exactly `/app`.
 */
export function activeNavItemId(pathname: string, search = ''): AppNavItemId | null {
  return bestMatch(
    APP_NAV_ITEMS.map(
      (item) => [item.id, matchScore(item.href, pathname, search, item.id === 'home')] as const,
    ),
  );
}

/**
 * Spec 1 §2.9: a tab is active when the current path starts with one of its items' paths (whole segments;
 * query parameters of an item must be present too); Home only on an exact `/app`. When two tabs match,
 * the more specific item wins, so `/people-finder-master?myPeople=true` is Work, not Agents.
 */
export function activeMobileTab(pathname: string, search = ''): MobileTabId | null {
  return bestMatch(
    MOBILE_TABS.flatMap<readonly [MobileTabId, number]>((tab) =>
      tab.id === 'home'
        ? [[tab.id, matchScore(tab.href, pathname, search, true)] as const]
        : tab.sheet.items.map((item) => [tab.id, matchScore(item.href, pathname, search, false)] as const),
    ),
  );
}

/** Spec 1 §2.8: the name in the sidebar footer is the part of the e-mail before the @, or 'User'. */
export function sidebarUserName(email: string | null | undefined): string {
  return usernameFromEmail(email);
}
