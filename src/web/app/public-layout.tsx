import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AuthModal } from '../features/auth/components/auth-modal.tsx';
import { PublicFooter } from '../features/marketing/components/public-footer.tsx';
import { PublicHeader } from '../features/marketing/components/public-header.tsx';
import { closeAuthModal, openAuthModal } from '../lib/auth-modal.ts';
import { useSession } from '../lib/session.ts';
import { pageMeta } from './page-meta.ts';

const LANDING_PATHS = new Set(['/', '/auth', '/login']);

/** Header, page and footer of the public site, with the one auth modal. */
export function PublicLayout() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const session = useSession({ checkAlways: false });

  // Spec 1 §2.2: a signed-in user on the landing page goes on to the app.
  useEffect(() => {
    if (session.ready && session.user && LANDING_PATHS.has(pathname)) {
      closeAuthModal();
      navigate('/app', { replace: true });
    }
  }, [session, pathname, navigate]);

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
