import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

/** Spec 1 §9: how long the page waits before going back to sign-in. */
const INVALID_REDIRECT_MS = 3000;
const SUCCESS_REDIRECT_MS = 2000;

type Phase = 'validating' | 'valid' | 'invalid' | 'done';

/** Spec 1 §2.6: the page a password-reset link opens. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const id = useId();
  const [phase, setPhase] = useState<Phase>('validating');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const check = token
      ? apiFetch<{ valid: boolean }>(`/api/v1/auth/reset-tokens/${encodeURIComponent(token)}`).then(
          (r) => r.valid,
        )
      : Promise.resolve(false);
    check
      .catch(() => false)
      .then((valid) => {
        if (!cancelled) setPhase(valid ? 'valid' : 'invalid');
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  useEffect(() => {
    if (phase !== 'invalid' && phase !== 'done') return;
    if (phase === 'invalid') {
      toast({
        title: 'Invalid or expired link',
        description: 'Please request a new password reset email.',
        variant: 'destructive',
      });
    }
    const timer = setTimeout(
      () => navigate('/auth', { replace: true }),
      phase === 'invalid' ? INVALID_REDIRECT_MS : SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    // Spec 1 §5: the mismatch is checked first, then the length.
    if (password !== confirm) {
      toast({
        title: "Passwords don't match",
        description: 'Please make sure both passwords are identical.',
        variant: 'destructive',
      });
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast({
        title: 'Password too short',
        description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
        variant: 'destructive',
      });
      return;
    }
    setRunning(true);
    try {
      await apiFetch('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: password } });
      toast({
        title: 'Password updated successfully!',
        description: 'You can now sign in with your new password.',
      });
      setPhase('done');
    } catch (err) {
      if (err instanceof ApiError) {
        toast({ title: 'Password reset failed', description: err.message, variant: 'destructive' });
      } else {
        toast({
          title: 'An error occurred',
          description: err instanceof Error && err.message ? err.message : 'Please try again.',
          variant: 'destructive',
        });
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <main className="flex justify-center px-4 py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl leading-tight font-semibold tracking-tight">Choose a new password</h1>
          <CardDescription>
            {phase === 'validating' && (
              <span role="status" className="inline-flex items-center gap-2">
                <Loader2 className="size-4 animate-spin" aria-hidden />
                Validating reset link...
              </span>
            )}
            {phase === 'invalid' && (
              <span role="status">This link cannot be used. Taking you back to sign in...</span>
            )}
            {phase === 'valid' &&
              `Enter it twice. It must be at least ${PASSWORD_MIN_LENGTH} characters and not a common password.`}
            {phase === 'done' && <span role="status">Password updated. Taking you to sign in...</span>}
          </CardDescription>
        </CardHeader>
        {phase === 'valid' && (
          <CardContent>
            <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-new`}>New Password</Label>
                <PasswordInput
                  id={`${id}-new`}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  visible={showPassword}
                  onVisibleChange={setShowPassword}
                  autoComplete="new-password"
                  required
                  disabled={running}
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-confirm`}>Confirm Password</Label>
                <PasswordInput
                  id={`${id}-confirm`}
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  visible={showConfirm}
                  onVisibleChange={setShowConfirm}
                  autoComplete="new-password"
                  required
                  disabled={running}
                />
              </div>
              <Button type="submit" disabled={running}>
                {running && <Loader2 className="animate-spin" aria-hidden />}
                {running ? 'Updating password...' : 'Update Password'}
              </Button>
              <Button type="button" variant="ghost" onClick={() => navigate('/auth')}>
                Back to Sign In
              </Button>
            </form>
          </CardContent>
        )}
      </Card>
    </main>
  );
}
