import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

/** Spec 1 §2.1: unknown paths; the bad path is logged for developers. */
export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.warn('404: no page for path', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className="text-primary underline underline-offset-4 hover:text-primary/80">
        Return to Home
      </Link>
    </main>
  );
}
