/**
 * Marketing constants of spec 1 §1, §2.2-§2.4 and §9: claims, navigation menus and footer columns.
 * Pure data, no React. The figures are the spec's marketing claims, used verbatim.
 */
import { AGENTS } from './agents.ts';

export const BRAND_NAME = 'Prospector';

// ---------------------------------------------------------------------------------------------------------
// Claims
// ---------------------------------------------------------------------------------------------------------

export type Stat = { value: string; label: string };

export const HERO = {
  eyebrow: 'Open-source AI sales agents',
  headline: 'Turn market chaos into growth clarity with AI agents',
  subheadline:
    'Six specialised agents find your next accounts and the people in them, answer sales questions and RFPs, and write account documents, grounded in 130+ premium data sources and your own knowledge base.',
} as const;

/** The four stat cards under the landing hero (spec 1 §2.2). */
export const HERO_STATS: readonly Stat[] = [
  { value: '6', label: 'AI Agents' },
  { value: '94%', label: 'Accuracy' },
  { value: '10x', label: 'Faster' },
  { value: '$2M+', label: 'Pipeline created' },
];

/** The data-sources, uptime and availability claims (spec 1 §1, §9). */
export const PLATFORM_STATS: readonly Stat[] = [
  { value: '130+', label: 'Premium data sources' },
  { value: '99.7%', label: 'Uptime SLA' },
  { value: '24/7', label: 'Availability' },
];

/** The data universe (spec 1 §1). */
export const DATA_UNIVERSE: readonly Stat[] = [
  { value: '50M+', label: 'Companies' },
  { value: '200M+', label: 'People profiles' },
  { value: '10M+', label: 'Job postings' },
  { value: '1B+', label: 'Data points' },
];

export const INTEGRATIONS_CLAIM = '100+ integrations';

/** Shown on the sign-up form and next to sign-up calls to action (spec 1 §1, spec 2 §9). */
export const FREE_TRIAL_NOTE = '14-day free trial, no credit card required';

export const CTA_START_FREE = 'Start building for free';
export const CTA_WATCH_DEMO = 'Watch Demo';

// ---------------------------------------------------------------------------------------------------------
// Navigation (spec 1 §3 'Navigation item'); disabled items are marketing paths that do not exist yet
// ---------------------------------------------------------------------------------------------------------

export type NavItem = { title: string; href: string; description: string; disabled?: boolean };

export const PRODUCT_NAV: readonly NavItem[] = [
  {
    title: 'Product overview',
    href: '/product',
    description: 'How the agents ingest data, reason over it and hand you results.',
  },
  { title: 'Pricing', href: '/enhanced-pricing', description: 'Plans from free to enterprise, compared.' },
  { title: 'Credits', href: '/pricing', description: 'Credit plans and top-up packages.' },
  {
    title: 'Integrations',
    href: '/product/integrations',
    description: 'CRM, e-mail, calendar and chat connections.',
    disabled: true,
  },
  {
    title: 'Security',
    href: '/security',
    description: 'How installations isolate and protect your data.',
    disabled: true,
  },
  { title: 'Why Prospector', href: '/why', description: 'How it compares with other tools.', disabled: true },
];

/** One item per agent, linking to the agent's page with its tagline (spec 1 §2.4). */
export const AGENT_NAV: readonly NavItem[] = AGENTS.map((agent) => ({
  title: `${agent.name} · ${agent.title}`,
  href: agent.path,
  description: agent.tagline,
}));

export const RESOURCES_NAV: readonly NavItem[] = [
  {
    title: 'API reference',
    href: '/api/docs',
    description: 'The REST API of this installation, generated from its schemas.',
  },
  {
    title: 'Architecture',
    href: '/architecture',
    description: 'Internal documentation of how the platform is built.',
  },
  {
    title: 'Guides',
    href: '/resources/guides',
    description: 'Step-by-step playbooks for each agent.',
    disabled: true,
  },
  { title: 'Blog', href: '/resources/blog', description: 'Product news and sales research.', disabled: true },
  {
    title: 'Changelog',
    href: '/resources/changelog',
    description: 'What changed in each release.',
    disabled: true,
  },
  {
    title: 'Community',
    href: '/resources/community',
    description: 'Questions and answers from other users.',
    disabled: true,
  },
];

export const COMPANY_NAV: readonly NavItem[] = [
  { title: 'About', href: '/company', description: 'The open-source project behind Prospector.' },
  { title: 'Contact', href: '/contact', description: 'How to reach the people behind this installation.' },
  { title: 'Careers', href: '/company/careers', description: 'Open positions.', disabled: true },
  { title: 'Press', href: '/company/press', description: 'Press kit and media contacts.', disabled: true },
  { title: 'Partners', href: '/company/partners', description: 'Implementation partners.', disabled: true },
  { title: 'Brand', href: '/company/brand', description: 'Logos and brand guidelines.', disabled: true },
];

/** Paths served by the server rather than the web app's router (full page loads). */
export function isServerPath(href: string): boolean {
  return href.startsWith('/api/');
}

// ---------------------------------------------------------------------------------------------------------
// Footer (spec 1 §2.4)
// ---------------------------------------------------------------------------------------------------------

export const FOOTER_HEADLINE = 'Go to market with unique data—and the ability to act on it';

export type FooterColumn = { title: string; items: readonly NavItem[] };

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  { title: 'Product', items: PRODUCT_NAV },
  { title: 'Resources', items: RESOURCES_NAV },
  { title: 'Company', items: COMPANY_NAV },
];

/** Each footer column shows its first five entries. */
export const FOOTER_COLUMN_LIMIT = 5;

export const COPYRIGHT_YEAR = 2024;

export const LEGAL_NAV: readonly NavItem[] = [
  { title: 'Privacy', href: '/privacy', description: 'What an installation stores and why.' },
  { title: 'Terms', href: '/terms', description: 'The terms for using an installation.' },
  { title: 'Cookies', href: '/cookies', description: 'The cookie and browser storage used.' },
];

export const LEGAL_LAST_UPDATED = '22 November 2026';
