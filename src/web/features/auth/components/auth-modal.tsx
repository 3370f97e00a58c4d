import { lazy, Suspense, useState } from 'react';
import { useAuthModal } from '../../../lib/auth-modal.ts';

const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })));

/**
 * The one auth modal, mounted by the public layout. Its dialog and form are fetched the first time it opens,
 * which keeps them (and Radix Dialog) out of the JavaScript every public page needs for its first render.
 */
export function AuthModal() {
  const { open } = useAuthModal();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  ) : null;
}
