import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthModal } from '../features/auth/components/auth-modal.tsx';
import { PublicFooter } from '../features/marketing/components/public-footer.tsx';
import { PublicHeader } from '../features/marketing/components/public-header.tsx';
import { openAuthModal } from '../lib/auth-modal.ts';
import { pageMeta } from './page-meta.ts';

/** Header, page and footer of the public site, with the one auth modal. */
export function PublicLayout() {
  const { pathname, search } = useLocation();

  // /auth and /login are the landing page with the sign-in modal open (`?mode=signup` opens sign-up).
  useEffect(() => {
    if (pathname === '/auth' || pathname === '/login') {
      openAuthModal(new URLSearchParams(search).get('mode') === 'signup' ? 'signup' : 'login');
    }
  }, [pathname, search]);

  useEffect(() => {
    document.title = pageMeta(pathname).title;
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <PublicFooter />
      <AuthModal />
    </div>
  );
}
