/** Title and description of each public page: put in the prerendered HTML and set on client navigation. */
export type PageMeta = { title: string; description: string };

const BRAND = 'Prospector';

export const PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/': {
    title: `${BRAND} — AI sales agents that turn market chaos into growth clarity`,
    description:
      'Open-source AI sales agents: find companies and people, answer sales questions and RFPs, and generate documents from your own knowledge base.',
  },
  '/product': {
    title: `Product overview — ${BRAND}`,
    description: 'How Prospector’s agents ingest data, reason over it and hand you results you can act on.',
  },
  '/pricing': {
    title: `Choose Your Plan — ${BRAND}`,
    description: 'Credit-based plans and credit packages for Prospector.',
  },
  '/enhanced-pricing': {
    title: `Pricing — ${BRAND}`,
    description: 'Compare Prospector plans: Free, Starter, Explorer, Pro and Enterprise.',
  },
  '/company': {
    title: `About — ${BRAND}`,
    description: 'Prospector is an open-source, self-hostable AI sales-agent platform.',
  },
  '/reset-password': {
    title: `Reset your password — ${BRAND}`,
    description: 'Choose a new password for your Prospector account.',
  },
  '/oauth/callback': {
    title: `Signing you in — ${BRAND}`,
    description: 'Finishing sign-in with your identity provider.',
  },
  '/privacy': {
    title: `Privacy policy — ${BRAND}`,
    description: 'What a Prospector installation stores and why.',
  },
  '/privacy/remove-me': {
    title: `Remove my data — ${BRAND}`,
    description: 'Ask to be removed from the people Prospector users can search.',
  },
  '/privacy/remove-me/confirm': {
    title: `Confirm the removal — ${BRAND}`,
    description: 'Confirm the removal of your data from the people Prospector users can search.',
  },
  '/terms': {
    title: `Terms of use — ${BRAND}`,
    description: 'The terms for using a Prospector installation.',
  },
  '/cookies': {
    title: `Cookies and local storage — ${BRAND}`,
    description: 'The cookie and browser storage Prospector uses.',
  },
  '/contact': {
    title: `Contact — ${BRAND}`,
    description: 'How to reach the people behind this Prospector installation.',
  },
  '/architecture': {
    title: `Architecture — ${BRAND}`,
    description: 'Internal documentation of this Prospector installation, behind a shared password.',
  },
};

const ALIASES: Readonly<Record<string, string>> = { '/auth': '/', '/login': '/' };

export function pageMeta(path: string): PageMeta {
  return PAGE_META[ALIASES[path] ?? path] ?? (PAGE_META['/'] as PageMeta);
}
