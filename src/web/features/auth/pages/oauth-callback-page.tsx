import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { refreshSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

/** Better Auth's error codes for a failed provider sign-in, in words. */
const ERRORS: Record<string, string> = {
  access_denied: 'You cancelled the sign-in at the provider.',
  state_mismatch: 'The sign-in took too long or was started in another tab. Please try again.',
  please_restart_the_process: 'The sign-in took too long or was started in another tab. Please try again.',
  email_not_found: 'The provider did not share an e-mail address for your account.',
  account_not_linked: 'An account with this e-mail already exists. Sign in with your password.',
};

/** Where a social or single sign-on provider sends the browser back (spec 1 §2.1 `/oauth/callback`). */
export function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');

  useEffect(() => {
    let live = true;
    const fail = (description: string) => {
      toast({ title: 'Login failed', description, variant: 'destructive' });
      navigate('/auth', { replace: true });
    };
    if (error) {
      fail(ERRORS[error] ?? error.replaceAll('_', ' '));
      return;
    }
    refreshSession().then(({ user }) => {
      if (!live) return;
      if (!user) return fail('The provider did not sign you in. Please try again.');
      toast({ title: 'Login successful!', description: 'Welcome back!' });
      navigate('/app', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [error, navigate]);

  return (
    <main className="flex justify-center px-4 py-24">
      <h1 role="status" className="inline-flex items-center gap-2 text-lg font-medium">
        <Loader2 className="size-5 animate-spin" aria-hidden />
        Signing you in...
      </h1>
    </main>
  );
}
