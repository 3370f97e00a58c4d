import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { APP_PATHS, REDIRECTS } from '../../shared/routes.ts';
import { AppErrorBoundary, RouteErrorBoundary } from '../components/error-boundaries.tsx';
import { LoadingSkeleton } from '../components/ui/skeleton.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { type Page, PUBLIC_PAGES } from './pages.tsx';
import { prefetchRelated, startPrefetching } from './prefetch.ts';
import { PublicLayout } from './public-layout.tsx';

// Toasts are never part of the first paint, so Radix Toast loads in its own chunk (queued toasts wait for it).
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

export function resolvePage(path: string): Page | undefined {
  return PUBLIC_PAGES[path];
}

function PrefetchOnNavigation() {
  const { pathname } = useLocation();
  useEffect(() => startPrefetching(resolvePage), []);
  useEffect(() => prefetchRelated(resolvePage, pathname), [pathname]);
  return null;
}

/** Guarded app routes need a signed-in user (accounts arrive with issue #3); visitors go to the landing page. */
function SignedInGuard() {
  return <Navigate to="/" replace />;
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
        {APP_PATHS.map((path) => (
          <Route key={path} path={path} element={<SignedInGuard />} />
        ))}
      </Routes>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </AppErrorBoundary>
  );
}
