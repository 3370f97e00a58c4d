/**
 * Where the copilot hands the user (spec 3 §2 "Agent hand-off targets", §7 "Navigation"): the agent's page,
 * with the validated filters in the address so the receiving page opens already filtered, and the company
 * context (`companies`, `source`, `session`, `returnRoute`) when companies were named.
 */
import type { Analysis, Handoff, SuggestedAgent } from '../../../shared/copilot.ts';
import type { ValidFilters } from '../../../shared/filter-validator.ts';
import { contentWords } from '../../ai/builtin/entities.ts';

export type HandoffOptions = { sessionId?: string | null; returnRoute?: string | null };

const ACCOUNT_AGENTS: ReadonlySet<SuggestedAgent> = new Set([
  'account',
  'research',
  'prospect_management',
  'account_planning',
  'forecast',
]);

/** The research table's filters (the Company Finder's address names them so). */
function companyFilterParams(filters: ValidFilters): [string, string][] {
  return [
    ...filters.industries.map((v): [string, string] => ['industry', v]),
    ...filters.companySizes.map((v): [string, string] => ['size', v]),
    ...filters.countries.map((v): [string, string] => ['country', v]),
    ...filters.regions.map((v): [string, string] => ['region', v]),
    ...filters.cities.map((v): [string, string] => ['city', v]),
  ];
}

/** The people table names the company's place `region` (any of country, state or city). */
function peopleFilterParams(analysis: Analysis, filters: ValidFilters): [string, string][] {
  const title = analysis.entities.jobTitles?.[0];
  return [
    ...(title ? [['title', title] as [string, string]] : []),
    ...(analysis.entities.companyNames ?? []).map((v): [string, string] => ['company', v]),
    ...filters.industries.map((v): [string, string] => ['industry', v]),
    ...filters.companySizes.map((v): [string, string] => ['size', v]),
    ...[...filters.countries, ...filters.regions, ...filters.cities].map((v): [string, string] => [
      'region',
      v,
    ]),
  ];
}

/** Spec 3 §3 "Company context": the named companies, where they come from and where to go back to. */
function contextParams(analysis: Analysis, options: HandoffOptions): [string, string][] {
  const names = analysis.entities.companyNames ?? [];
  if (names.length === 0) return [];
  return [
    ['companies', JSON.stringify(names.map((name) => ({ name })))],
    ['source', 'copilot'],
    ...(options.sessionId ? [['session', options.sessionId] as [string, string]] : []),
    ...(options.returnRoute ? [['returnRoute', options.returnRoute] as [string, string]] : []),
  ];
}

/**
 * What the request is about, which orders the research table ("payments software": the payment software
 * companies first): its words, without the places, sizes and companies it named and the words that say nothing.
 */
function aboutWords(analysis: Analysis, filters: ValidFilters, query: string): string {
  const { region = [], companySize = [], companyNames = [] } = analysis.entities;
  const { countries, regions, cities } = filters;
  const named = new Set(
    [...region, ...companySize, ...companyNames, ...countries, ...regions, ...cities].flatMap(contentWords),
  );
  return contentWords(query)
    .filter((word) => !named.has(word))
    .join(' ');
}

const withQuery = (query: string): [string, string][] => (query.trim() ? [['q', query.trim()]] : []);

const FILE_PLACES = '(?:files|documents|docs|drive|uploads|knowledge base)';
/** "search my files for", "can you find", "look through our documents for": the asking, not the subject. */
const FILE_REQUEST = new RegExp(
  `^\\s*(?:please\\s+|(?:can|could|would) you\\s+)*(?:search|look|go|dig|check|find|locate|pull up|get me|show me)\\b\\s*(?:(?:through|in|into|for)\\s+)?(?:(?:(?:my|our|the)\\s+)?${FILE_PLACES}\\b\\s*)?(?:(?:for|about|on)\\b\\s*)?`,
  'i',
);
/** "... in our files", "... in my documents". */
const FILE_PLACE_AFTER = new RegExp(
  `\\s+(?:in|from|among)\\s+(?:my|our|the)\\s+${FILE_PLACES}\\s*[?.!]*\\s*$`,
  'i',
);

/** What to search the files for: "search my files for SOC 2 policy" looks for "SOC 2 policy". */
export function fileSearchWords(query: string): string {
  const subject = query
    .replace(FILE_REQUEST, '')
    .replace(FILE_PLACE_AFTER, '')
    .replace(/[?.!]+\s*$/, '')
    .trim();
  return subject || query.trim();
}

/** The hand-off for an analysis whose filters were validated; null when the copilot keeps the user (spec: no route). */
export function handoffFor(
  analysis: Analysis,
  filters: ValidFilters,
  query: string,
  options: HandoffOptions = {},
): Handoff {
  const agent = analysis.suggestedAgent;
  const context = contextParams(analysis, options);
  let route: string;
  let params: [string, string][];
  if (ACCOUNT_AGENTS.has(agent)) {
    const filterParams = companyFilterParams(filters);
    const research = filterParams.length > 0 || context.length > 0;
    route = research ? '/sales-account-development/research' : '/sales-account-development';
    const about = aboutWords(analysis, filters, query);
    params = [
      ...filterParams,
      ...(research && about ? [['about', about] as [string, string]] : []),
      ...context,
    ];
  } else if (agent === 'people') {
    params = peopleFilterParams(analysis, filters);
    route = params.length > 0 ? '/people-finder-master/research' : '/people-finder-master';
  } else if (agent === 'sales_qa') {
    route = '/instant-sales-answers';
    params = withQuery(query);
  } else if (agent === 'rfp') {
    route = '/automated-rfp-responses';
    params = context;
  } else if (agent === 'document' || agent === 'document_generation') {
    route = '/sales-document-generation';
    params = context;
  } else if (agent === 'file') {
    route = '/enterprise-file-search';
    params = withQuery(fileSearchWords(query));
  } else {
    return null;
  }
  const search = new URLSearchParams(params).toString();
  return { agent, route, params, href: search ? `${route}?${search}` : route };
}
