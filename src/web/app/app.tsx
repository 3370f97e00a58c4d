import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { APP_PATHS, REDIRECTS } from '../../shared/routes.ts';
import { AppErrorBoundary, RouteErrorBoundary } from '../components/error-boundaries.tsx';
import { LoadingSkeleton } from '../components/ui/skeleton.tsx';
import { AppShellSkeleton } from '../features/shell/components/app-shell-skeleton.tsx';
import type { UpcomingPath } from '../features/shell/upcoming-pages.ts';
import { recordNavigation } from '../lib/diagnostics.ts';
import { useToasts } from '../lib/toast.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { type Page, PUBLIC_PAGES } from './pages.tsx';
import { prefetchRelated, startPrefetching } from './prefetch.ts';
import { PublicLayout } from './public-layout.tsx';

// Toasts are never part of the first render: Radix Toast (~13 KB gzip) loads in its own chunk when the first
// toast is queued (it waits in the store meanwhile); a failed load is tried again with the next toast.
function ToastHost() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (toasts.length === 0 || Toaster) return;
    import('../components/ui/toaster.tsx')
      .then((m) => setToaster(() => m.Toaster))
      .catch((err) => console.warn('The toaster failed to load', err));
  }, [toasts, Toaster]);
  return Toaster ? <Toaster /> : null;
}

export function resolvePage(path: string): Page | undefined {
  return PUBLIC_PAGES[path];
}

/** Spec 1 §9's debug log: each page view, by its route template. */
function NavigationLog() {
  const { pathname } = useLocation();
  useEffect(() => recordNavigation(pathname), [pathname]);
  return null;
}

function PrefetchOnNavigation() {
  const { pathname } = useLocation();
  useEffect(() => startPrefetching(resolvePage), []);
  useEffect(() => prefetchRelated(resolvePage, pathname), [pathname]);
  return null;
}

// The signed-in app is one chunk of its own (guards, layout, data cache), fetched on the first app route.
const signedInApp = () => import('./signed-in-app.tsx');
const SignedInLayout = lazy(() => signedInApp().then((m) => ({ default: m.SignedInLayout })));
const OnboardingLayout = lazy(() => signedInApp().then((m) => ({ default: m.OnboardingLayout })));
const HomePage = lazy(() =>
  import('../features/home/pages/home-page.tsx').then((m) => ({ default: m.HomePage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);
const CreditsPage = lazy(() =>
  import('../features/credits/pages/credits-page.tsx').then((m) => ({ default: m.CreditsPage })),
);
const OnboardingPage = lazy(() =>
  import('../features/profile/pages/onboarding-page.tsx').then((m) => ({ default: m.OnboardingPage })),
);
// Company Finder (issue 5): loaded through the signed-in chunk, so their chunk lists stay out of main.
const CompanyFinderPage = lazy(() =>
  signedInApp()
    .then((m) => m.companyPages.finder())
    .then((m) => ({ default: m.CompanyFinderPage })),
);
const ResearchInputPage = lazy(() =>
  signedInApp()
    .then((m) => m.companyPages.researchInput())
    .then((m) => ({ default: m.ResearchInputPage })),
);
const ResearchPage = lazy(() =>
  signedInApp()
    .then((m) => m.companyPages.research())
    .then((m) => ({ default: m.ResearchPage })),
);
const CompanyPage = lazy(() =>
  signedInApp()
    .then((m) => m.companyPages.company())
    .then((m) => ({ default: m.CompanyRoute })),
);
const CompanyFeedPage = lazy(() =>
  signedInApp()
    .then((m) => m.companyPages.feed())
    .then((m) => ({ default: m.CompanyFeedPage })),
);
// People Finder (issue 6), the same way.
const PeopleFinderPage = lazy(() =>
  signedInApp()
    .then((m) => m.peoplePages.finder())
    .then((m) => ({ default: m.PeopleFinderPage })),
);
const PeopleResearchPage = lazy(() =>
  signedInApp()
    .then((m) => m.peoplePages.research())
    .then((m) => ({ default: m.PeopleResearchPage })),
);
const KeyPeoplePage = lazy(() =>
  signedInApp()
    .then((m) => m.peoplePages.keyPeople())
    .then((m) => ({ default: m.KeyPeoplePage })),
);
// The copilot chat (issue 7), told which hand-off routes lead to built pages.
const ChatPage = lazy(() =>
  signedInApp().then(async (app) => {
    const { ChatPage: Chat } = await app.copilotPages.chat();
    return { default: () => <Chat isAvailable={app.isRouteAvailable} /> };
  }),
);
// Prospects (issue 7), the same way.
const ProspectPage = lazy(() =>
  signedInApp()
    .then((m) => m.prospectPages.prospect())
    .then((m) => ({ default: m.ProspectPage })),
);
const AccountManagementPage = lazy(() =>
  signedInApp()
    .then((m) => m.prospectPages.accountManagement())
    .then((m) => ({ default: m.AccountManagementPage })),
);
// The knowledge base (issue 8), the same way.
const KnowledgeAgentPage = lazy(() =>
  signedInApp()
    .then((m) => m.knowledgePages.agent())
    .then((m) => ({ default: m.KnowledgeAgentPage })),
);
const FileSearchPage = lazy(() =>
  signedInApp()
    .then((m) => m.knowledgePages.fileSearch())
    .then((m) => ({ default: m.FileSearchPage })),
);
const KnowledgeGraphPage = lazy(() =>
  signedInApp()
    .then((m) => m.knowledgePages.graph())
    .then((m) => ({ default: m.KnowledgeGraphPage })),
);
// Sales Q&A, RFP responses and document generation (issue 9), the same way.
const SalesAnswersPage = lazy(() =>
  signedInApp()
    .then((m) => m.answersPages.answers())
    .then((m) => ({ default: m.SalesAnswersPage })),
);
const RfpProjectsPage = lazy(() =>
  signedInApp()
    .then((m) => m.rfpPages.projects())
    .then((m) => ({ default: m.RfpProjectsPage })),
);
const RfpEditorPage = lazy(() =>
  signedInApp()
    .then((m) => m.rfpPages.editor())
    .then((m) => ({ default: m.RfpEditorRoute })),
);
const DocumentGenerationPage = lazy(() =>
  signedInApp()
    .then((m) => m.docgenPages.generation())
    .then((m) => ({ default: m.DocumentGenerationPage })),
);
// Agents, sales projects, events, buyer intent and integrations (issue 10), the same way.
const AgentsPage = lazy(() =>
  signedInApp()
    .then((m) => m.agentPages.catalogue())
    .then((m) => ({ default: m.AgentsPage })),
);
const AgentDetailPage = lazy(() =>
  signedInApp()
    .then((m) => m.agentPages.detail())
    .then((m) => ({ default: m.AgentDetailPage })),
);
const SalesProjectsPage = lazy(() =>
  signedInApp()
    .then((m) => m.projectPages.list())
    .then((m) => ({ default: m.SalesProjectsPage })),
);
const SalesProjectPage = lazy(() =>
  signedInApp()
    .then((m) => m.projectPages.project())
    .then((m) => ({ default: m.SalesProjectPage })),
);
const EventsPage = lazy(() =>
  signedInApp()
    .then((m) => m.eventPages.events())
    .then((m) => ({ default: m.EventsPage })),
);
const BuyerIntentPage = lazy(() =>
  signedInApp()
    .then((m) => m.eventPages.buyerIntent())
    .then((m) => ({ default: m.BuyerIntentPage })),
);
const IntegrationsPage = lazy(() =>
  signedInApp()
    .then((m) => m.integrationPages.integrations())
    .then((m) => ({ default: m.IntegrationsPage })),
);
const Upcoming = lazy(() => signedInApp().then((m) => ({ default: m.Upcoming })));

const BUILT_PATHS: ReadonlySet<string> = new Set<Exclude<(typeof APP_PATHS)[number], UpcomingPath>>([
  '/app',
  '/research-input',
  '/profile',
  '/credits',
  '/onboarding',
  '/sales-account-development',
  '/sales-account-development/research',
  '/sales-account-development/:companyName',
  '/account-prospect/:companyName',
  '/company-news/:companyName',
  '/ai-signals/:companyName',
  '/people-finder-master',
  '/people-finder-master/research',
  '/key-people',
  '/chat',
  '/prospect/:id',
  '/account-management',
  '/sales-knowledge-agent',
  '/enterprise-file-search',
  '/knowledge-graph',
  '/instant-sales-answers',
  '/automated-rfp-responses',
  '/rfp-editor/:id',
  '/sales-document-generation',
  '/intelligent-sales-document-generation',
  '/agents',
  '/agents/:agentId',
  '/sales-projects',
  '/sales-projects/:projectId',
  '/events-results',
  '/buyer-intent-results',
  '/integrations',
]);

const UPCOMING_PATHS = APP_PATHS.filter((path): path is UpcomingPath => !BUILT_PATHS.has(path));

function AppSuspense() {
  const { pathname } = useLocation();
  return (
    // While the signed-in chunk loads, the frame the server's HTML showed stays (onboarding has no sidebar).
    <Suspense
      fallback={pathname === '/onboarding' ? <LoadingSkeleton variant="auth" /> : <AppShellSkeleton />}
    >
      <Outlet />
    </Suspense>
  );
}

function PageSuspense() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingSkeleton variant="minimal" />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <AppErrorBoundary>
      <PrefetchOnNavigation />
      <NavigationLog />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route element={<PageSuspense />}>
            {Object.entries(PUBLIC_PAGES).map(([path, { Component }]) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
            {Object.entries(REDIRECTS).map(([from, to]) => (
              <Route key={from} path={from} element={<Navigate to={to} replace />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
        <Route element={<AppSuspense />}>
          <Route element={<SignedInLayout />}>
            <Route path="/app" element={<HomePage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/credits" element={<CreditsPage />} />
            <Route path="/research-input" element={<ResearchInputPage />} />
            <Route path="/sales-account-development" element={<CompanyFinderPage />} />
            <Route path="/sales-account-development/research" element={<ResearchPage />} />
            <Route path="/sales-account-development/:companyName" element={<CompanyPage />} />
            <Route path="/account-prospect/:companyName" element={<CompanyPage />} />
            <Route path="/company-news/:companyName" element={<CompanyFeedPage kind="news" />} />
            <Route path="/ai-signals/:companyName" element={<CompanyFeedPage kind="signals" />} />
            <Route path="/people-finder-master" element={<PeopleFinderPage />} />
            <Route path="/people-finder-master/research" element={<PeopleResearchPage />} />
            <Route path="/key-people" element={<KeyPeoplePage />} />
            <Route path="/chat" element={<ChatPage />} />
            <Route path="/prospect/:id" element={<ProspectPage />} />
            <Route path="/account-management" element={<AccountManagementPage />} />
            <Route path="/sales-knowledge-agent" element={<KnowledgeAgentPage />} />
            <Route path="/enterprise-file-search" element={<FileSearchPage />} />
            <Route path="/knowledge-graph" element={<KnowledgeGraphPage />} />
            <Route path="/instant-sales-answers" element={<SalesAnswersPage />} />
            <Route path="/automated-rfp-responses" element={<RfpProjectsPage />} />
            <Route path="/rfp-editor/:id" element={<RfpEditorPage />} />
            <Route path="/sales-document-generation" element={<DocumentGenerationPage />} />
            <Route path="/intelligent-sales-document-generation" element={<DocumentGenerationPage />} />
            <Route path="/agents" element={<AgentsPage />} />
            <Route path="/agents/:agentId" element={<AgentDetailPage />} />
            <Route path="/sales-projects" element={<SalesProjectsPage />} />
            <Route path="/sales-projects/:projectId" element={<SalesProjectPage />} />
            <Route path="/events-results" element={<EventsPage />} />
            <Route path="/buyer-intent-results" element={<BuyerIntentPage />} />
            <Route path="/integrations" element={<IntegrationsPage />} />
            {UPCOMING_PATHS.map((path) => (
              <Route key={path} path={path} element={<Upcoming path={path} />} />
            ))}
          </Route>
          <Route element={<OnboardingLayout />}>
            <Route path="/onboarding" element={<OnboardingPage />} />
          </Route>
        </Route>
      </Routes>
      <ToastHost />
    </AppErrorBoundary>
  );
}
