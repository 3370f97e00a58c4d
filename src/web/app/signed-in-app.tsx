/**
 * Everything behind sign-in, in one lazily loaded chunk so public pages never download it: the data cache,
 * the route guards of spec 1 §4, the app layout and the pages.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ComponentBoundary, RouteErrorBoundary } from '../components/error-boundaries.tsx';
import { Button } from '../components/ui/button.tsx';
import { LoadingSkeleton } from '../components/ui/skeleton.tsx';
import { CopilotPalette } from '../features/copilot/components/copilot-palette.tsx';
import { CreditsAddedNotice } from '../features/credits/components/credits-added-notice.tsx';
import { UsageAlertBanner } from '../features/credits/components/usage-alert-banner.tsx';
import { AppLayout } from '../features/shell/components/app-layout.tsx';
import { AppShellSkeleton } from '../features/shell/components/app-shell-skeleton.tsx';
import { UpcomingPage } from '../features/shell/pages/upcoming-page.tsx';
import {
  UPCOMING_PAGES,
  type UpcomingPageText,
  type UpcomingPath,
} from '../features/shell/upcoming-pages.ts';
import { NextStepPanel } from '../features/workflow/components/next-step-panel.tsx';
import { WorkflowProvider } from '../features/workflow/workflow-provider.tsx';
import { loadCompanyContext } from '../lib/company-context.ts';
import { needsOnboarding, useProfile } from '../lib/profile.ts';
import { clearLocalData, logOut, useSession } from '../lib/session.ts';
import { claimQueryCache, queryClient } from './query-client.ts';

// Company Finder (issue 5): each page a chunk of its own (the research table brings TanStack Table and
// Virtual); imported from here so that their chunk lists stay out of the first-render JS.
export const companyPages = {
  finder: () => import('../features/companies/pages/company-finder-page.tsx'),
  research: () => import('../features/companies/pages/research-page.tsx'),
  // The company page with People Finder's key people card (composed in app/).
  company: () => import('./company-route.tsx'),
  feed: () => import('../features/companies/pages/company-feed-page.tsx'),
  researchInput: () => import('../features/companies/pages/research-input-page.tsx'),
};

// People Finder (issue 6): as for Company Finder, each page a chunk of its own.
export const peoplePages = {
  finder: () => import('../features/people/pages/people-finder-page.tsx'),
  research: () => import('../features/people/pages/people-research-page.tsx'),
  keyPeople: () => import('../features/people/pages/key-people-page.tsx'),
};

// The copilot (issue 7): the chat page is a chunk of its own; the palette is on every signed-in page.
export const copilotPages = {
  chat: () => import('../features/copilot/pages/chat-page.tsx'),
};

// Prospects (issue 7): the prospect page (forecast chart in a chunk of its own) and account management.
export const prospectPages = {
  prospect: () => import('../features/prospects/pages/prospect-page.tsx'),
  accountManagement: () => import('../features/prospects/pages/account-management-page.tsx'),
};

// The knowledge base (issue 8): the knowledge agent, file search and the graph explorer (sigma.js in a
// further chunk of its own), each page a chunk.
export const knowledgePages = {
  agent: () => import('../features/knowledge/pages/knowledge-agent-page.tsx'),
  fileSearch: () => import('../features/knowledge/pages/file-search-page.tsx'),
  graph: () => import('../features/knowledge/pages/knowledge-graph-page.tsx'),
};

// Sales Q&A, RFP responses and document generation (issue 9), each page a chunk.
export const answersPages = {
  answers: () => import('../features/answers/pages/sales-answers-page.tsx'),
};
export const rfpPages = {
  projects: () => import('../features/rfp/pages/rfp-projects-page.tsx'),
  // The editor with the workflow's rfpData (composed in app/).
  editor: () => import('./rfp-editor-route.tsx'),
};
export const docgenPages = {
  generation: () => import('../features/docgen/pages/document-generation-page.tsx'),
};

// Agents, sales projects, events, buyer intent and integrations (issue 10), each page a chunk.
export const agentPages = {
  catalogue: () => import('../features/agents/pages/agents-page.tsx'),
  detail: () => import('../features/agents/pages/agent-detail-page.tsx'),
};
export const projectPages = {
  list: () => import('../features/projects/pages/projects-page.tsx'),
  project: () => import('../features/projects/pages/project-page.tsx'),
};
export const eventPages = {
  events: () => import('../features/events/pages/events-page.tsx'),
  buyerIntent: () => import('../features/intent/pages/buyer-intent-page.tsx'),
};
export const integrationPages = {
  integrations: () => import('../features/integrations/pages/integrations-page.tsx'),
};

/** Whether a path ("/prospect/42?tab=x") leads to a built page (the copilot says 'Agent Not Available' otherwise). */
export const isRouteAvailable = (route: string) => {
  const pathname = route.split(/[?#]/)[0] ?? route;
  return !Object.keys(UPCOMING_PAGES).some((pattern) => matchPath(pattern, pathname));
};

/** A guarded route whose feature arrives later: says what it will do, never shows invented data. */
export function Upcoming({ path }: { path: UpcomingPath }) {
  // Typed apart: with every screen built, `UpcomingPath` is `never` and so is the entry's type.
  const page: UpcomingPageText = UPCOMING_PAGES[path];
  return <UpcomingPage {...page} />;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingSkeleton variant="dashboard" />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Spec 1 §4, no session: forget the stored token keys and go to the landing page, replacing history. */
function SignedOut() {
  const navigate = useNavigate();
  useEffect(() => {
    clearLocalData(['accessToken', 'userSession']);
    navigate('/', { replace: true });
  }, [navigate]);
  return <LoadingSkeleton variant="auth" />;
}

function AppGuard() {
  const session = useSession();
  const { search } = useLocation();
  useEffect(() => loadCompanyContext(search), [search]);
  if (session.ready) claimQueryCache(session.user?.id ?? null);
  const profile = useProfile(session.user !== null);
  // The frame at once, as the server's HTML already showed it: never a blank page or a page without sidebar.
  if (!session.ready) return <AppShellSkeleton />;
  if (!session.user) return <SignedOut />;
  if (profile.isPending) return <AppShellSkeleton />;
  // A profile that cannot be read is not a reason to lock the user out: the page shows its own error.
  if (profile.isSuccess && needsOnboarding(profile.data)) return <Navigate to="/onboarding" replace />;
  return (
    <AppLayout user={session.user} onLogout={() => void logOut()}>
      {/* The agent workflow (spec 3 §4): one per user, with its "Next step" bar on the agent pages. */}
      <WorkflowProvider key={session.user.id} userId={session.user.id}>
        <UsageAlertBanner />
        <CreditsAddedNotice />
        <ComponentBoundary name="next-step">
          <NextStepPanel />
        </ComponentBoundary>
        <Page>
          <Outlet />
        </Page>
        <CopilotPalette isAvailable={isRouteAvailable} />
      </WorkflowProvider>
    </AppLayout>
  );
}

/** The signed-in app: guard, sidebar layout and the page of the route. */
export function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppGuard />
    </QueryClientProvider>
  );
}

function OnboardingGuard() {
  const session = useSession();
  const profile = useProfile(session.user !== null);
  const [params] = useSearchParams();
  if (!session.ready) return <LoadingSkeleton variant="auth" />;
  if (!session.user) return <Navigate to="/auth" replace />;
  if (profile.isPending) return <LoadingSkeleton variant="form" />;
  if (profile.isSuccess && !needsOnboarding(profile.data) && params.get('edit') !== 'true') {
    return <Navigate to="/app" replace />;
  }
  return (
    <div className="min-h-dvh">
      {/* No sidebar here (spec 1 §2.1); a way out is still owed to someone who signed up by mistake. */}
      <header className="mx-auto flex h-14 max-w-2xl items-center justify-between px-4">
        <span className="inline-flex items-center gap-2 font-semibold tracking-tight">
          <img src="/favicon.svg" alt="" width={24} height={24} className="size-6" />
          Prospector
        </span>
        <Button variant="ghost" size="sm" onClick={() => void logOut()}>
          Logout
        </Button>
      </header>
      <Page>
        <Outlet />
      </Page>
    </div>
  );
}

/** `/onboarding`: its own guard and no sidebar (spec 1 §2.1, §2.7). */
export function OnboardingLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <OnboardingGuard />
    </QueryClientProvider>
  );
}
