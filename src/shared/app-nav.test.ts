import { describe, expect, it } from 'vitest';
import { AGENTS } from './agents.ts';
import {
  APP_NAV_GROUPS,
  APP_NAV_ITEMS,
  APP_PAGES,
  activeMobileTab,
  activeNavItemId,
  findPages,
  MOBILE_TABS,
  pageNamed,
  sidebarUserName,
} from './app-nav.ts';
import { isKnownPath } from './routes.ts';

describe('activeMobileTab', () => {
  it('makes Home active only on exactly /app', () => {
    expect(activeMobileTab('/app')).toBe('home');
    expect(activeMobileTab('/app/')).toBe('home');
    expect(activeMobileTab('/app/anything')).toBeNull();
    expect(activeMobileTab('/application')).toBeNull();
  });

  it('makes Agents active on every agent route and the pages below it', () => {
    expect(activeMobileTab('/sales-account-development')).toBe('agents');
    expect(activeMobileTab('/sales-account-development/acme-inc')).toBe('agents');
    expect(activeMobileTab('/people-finder-master')).toBe('agents');
    expect(activeMobileTab('/instant-sales-answers')).toBe('agents');
    expect(activeMobileTab('/automated-rfp-responses')).toBe('agents');
    expect(activeMobileTab('/sales-document-generation')).toBe('agents');
  });

  it('makes Work active on My Companies and My People, which share paths with agents', () => {
    expect(activeMobileTab('/sales-account-development/research', '?myCompanies=true&source=sidebar')).toBe(
      'work',
    );
    expect(activeMobileTab('/people-finder-master', '?myPeople=true')).toBe('work');
    expect(activeMobileTab('/people-finder-master/research', '?myPeople=true')).toBe('work');
    // Without the query parameter it is the agent's page.
    expect(activeMobileTab('/sales-account-development/research')).toBe('agents');
  });

  it('makes Search and More active on their items', () => {
    expect(activeMobileTab('/enterprise-file-search')).toBe('search');
    expect(activeMobileTab('/knowledge-graph')).toBe('search');
    expect(activeMobileTab('/integrations')).toBe('more');
    expect(activeMobileTab('/integrations', '?ai-llms=true')).toBe('more');
  });

  it('matches whole path segments and leaves other screens without an active tab', () => {
    expect(activeMobileTab('/integrations-old')).toBeNull();
    expect(activeMobileTab('/profile')).toBeNull();
    expect(activeMobileTab('/chat')).toBeNull();
    expect(activeMobileTab('/')).toBeNull();
  });
});

describe('activeNavItemId', () => {
  it('picks the most specific sidebar entry', () => {
    expect(activeNavItemId('/app')).toBe('home');
    expect(activeNavItemId('/sales-account-development')).toBe('company-finder');
    expect(activeNavItemId('/sales-account-development/acme-inc')).toBe('company-finder');
    expect(activeNavItemId('/sales-account-development/research')).toBe('workspace');
    expect(activeNavItemId('/sales-account-development/research', '?myCompanies=true&source=sidebar')).toBe(
      'my-companies',
    );
    expect(activeNavItemId('/people-finder-master')).toBe('people-finder');
    expect(activeNavItemId('/people-finder-master', '?myPeople=true')).toBe('my-people');
    expect(activeNavItemId('/sales-projects/42')).toBe('sales-projects');
    expect(activeNavItemId('/profile')).toBe('profile');
    expect(activeNavItemId('/chat')).toBeNull();
  });
});

describe('sidebarUserName', () => {
  it('is the part of the e-mail before the @', () => {
    expect(sidebarUserName('jane.doe@example.com')).toBe('jane.doe');
  });

  it("is 'User' when there is no usable e-mail", () => {
    expect(sidebarUserName('')).toBe('User');
    expect(sidebarUserName('@example.com')).toBe('User');
    expect(sidebarUserName(null)).toBe('User');
    expect(sidebarUserName(undefined)).toBe('User');
  });
});

describe('navigation data', () => {
  it('has the sidebar groups and entries of spec 1 §2.8 in order, and ours for the pages it leaves out', () => {
    expect(APP_NAV_GROUPS.map((g) => [g.label, g.items.map((i) => i.title)])).toEqual([
      [null, ['Home', 'Workspace']],
      ['CORE AI AGENTS', ['Company Finder', 'People Finder', 'Sales Q&A', 'RFP', 'Document']],
      [
        'SALES OPERATIONS',
        ['My Sales Projects', 'My Companies', 'My People', 'Knowledge Graph', 'Enterprise Search'],
      ],
      ['PIPELINE & INSIGHTS', ['Account Management', 'Key People', 'Buyer Intent', 'Events', 'All Agents']],
      ['SETTINGS & CONFIG', ['Integrations', 'User Profile and Company']],
    ]);
  });

  it('links every entry to a page the app has', () => {
    const hrefs = [
      ...APP_NAV_ITEMS.map((i) => i.href),
      ...MOBILE_TABS.flatMap((t) => (t.id === 'home' ? [t.href] : t.sheet.items.map((i) => i.href))),
    ];
    for (const href of hrefs) expect(isKnownPath(new URL(href, 'http://x').pathname), href).toBe(true);
  });

  it('lists the five agents of the catalogue in the Agents sheet', () => {
    const agents = MOBILE_TABS.find((t) => t.id === 'agents');
    expect(agents && 'sheet' in agents ? agents.sheet.items : []).toEqual(
      ['alex', 'jim', 'emma', 'maya', 'david'].map((id) => {
        const agent = AGENTS.find((a) => a.id === id);
        return { title: agent?.name, subtitle: agent?.title, href: agent?.path };
      }),
    );
  });
});

describe('finding a page by name', () => {
  it('finds a page from the first letters of the words of its name, whole names first', () => {
    expect(findPages('account management').map((p) => p.href)).toEqual(['/account-management']);
    expect(findPages('acc man').map((p) => p.href)).toEqual(['/account-management']);
    expect(findPages('Buyer').map((p) => p.title)).toEqual(['Buyer Intent']);
    expect(findPages('events')[0]?.href).toBe('/events-results');
    expect(findPages('key people')[0]?.href).toBe('/key-people');
    expect(findPages('agents')[0]?.href).toBe('/agents');
    expect(findPages('credits')[0]?.href).toBe('/credits');
    // Too little typed, or words no page's name has.
    expect(findPages('a')).toEqual([]);
    expect(findPages('fintech companies in Germany')).toEqual([]);
  });

  it('names a page exactly, case aside', () => {
    expect(pageNamed('  account MANAGEMENT ')?.href).toBe('/account-management');
    expect(pageNamed('account')).toBeUndefined();
  });

  it('links every page it finds to a page the app has', () => {
    for (const page of APP_PAGES) {
      expect(isKnownPath(new URL(page.href, 'http://x').pathname), page.href).toBe(true);
    }
  });
});
