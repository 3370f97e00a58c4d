/**
 * The sidebar's outline (spec 1 §2.8): its groups and the names of their entries, without where they lead. The
 * app frame's skeleton (shown before the app's JavaScript has loaded) reads only this, so it stays small; app-nav.ts
 * adds each entry's target.
 */

export type AppNavItemId =
  | 'home'
  | 'workspace'
  | 'company-finder'
  | 'people-finder'
  | 'sales-qa'
  | 'rfp'
  | 'document'
  | 'sales-projects'
  | 'my-companies'
  | 'my-people'
  | 'knowledge-graph'
  | 'enterprise-search'
  | 'account-management'
  | 'key-people'
  | 'buyer-intent'
  | 'events'
  | 'all-agents'
  | 'integrations'
  | 'profile';

export type AppNavOutlineGroup = {
  label: string | null;
  items: readonly { id: AppNavItemId; title: string }[];
};

export const APP_NAV_OUTLINE: readonly AppNavOutlineGroup[] = [
  {
    label: null,
    items: [
      { id: 'home', title: 'Home' },
      { id: 'workspace', title: 'Workspace' },
    ],
  },
  {
    label: 'CORE AI AGENTS',
    items: [
      { id: 'company-finder', title: 'Company Finder' },
      { id: 'people-finder', title: 'People Finder' },
      { id: 'sales-qa', title: 'Sales Q&A' },
      { id: 'rfp', title: 'RFP' },
      { id: 'document', title: 'Document' },
    ],
  },
  {
    label: 'SALES OPERATIONS',
    items: [
      { id: 'sales-projects', title: 'My Sales Projects' },
      { id: 'my-companies', title: 'My Companies' },
      { id: 'my-people', title: 'My People' },
      { id: 'knowledge-graph', title: 'Knowledge Graph' },
      { id: 'enterprise-search', title: 'Enterprise Search' },
    ],
  },
  // Not in spec 1 §2.8: the pages it leaves out of the sidebar, reachable only from the home page's buttons or by
  // their address, get a group of their own; the spec's groups stay as they are.
  {
    label: 'PIPELINE & INSIGHTS',
    items: [
      { id: 'account-management', title: 'Account Management' },
      { id: 'key-people', title: 'Key People' },
      { id: 'buyer-intent', title: 'Buyer Intent' },
      { id: 'events', title: 'Events' },
      { id: 'all-agents', title: 'All Agents' },
    ],
  },
  {
    label: 'SETTINGS & CONFIG',
    items: [
      { id: 'integrations', title: 'Integrations' },
      { id: 'profile', title: 'User Profile and Company' },
    ],
  },
];
