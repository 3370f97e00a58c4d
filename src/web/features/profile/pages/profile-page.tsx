import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClipboardCopy,
  Loader2,
  Monitor,
  Pencil,
  Smartphone,
  Tablet,
  Terminal,
  TriangleAlert,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, usernameFromEmail } from '../../../../shared/auth.ts';
import { PROFILE_ERRORS, type Profile, summarizeSegments } from '../../../../shared/profile.ts';
import { type DeviceKind, describeUserAgent } from '../../../../shared/user-agent.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { diagnosticsReport } from '../../../lib/diagnostics-report.ts';
import { useProfile } from '../../../lib/profile.ts';
import { logOut, signOut, useSession } from '../../../lib/session.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';

/** A Better Auth session as `/api/auth/list-sessions` returns it. */
type AuthSession = {
  id: string;
  token: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
};

const getSessions = () => apiFetch<AuthSession[]>('/api/auth/list-sessions');
const getCurrentSession = () => apiFetch<{ session: { token: string } } | null>('/api/auth/get-session');

// Who is signed in where is security information: always ask again when the page opens.
const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: getSessions, staleTime: 0 });
const currentSessionQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'current-session'], queryFn: getCurrentSession, staleTime: 0 });

type Revoke = { scope: 'session'; token: string } | { scope: 'others' } | { scope: 'global' };

/** Spec 1 §5's sign-out scopes: one other session, all others, or everywhere (this device included). */
function revoke(change: Revoke): Promise<unknown> {
  switch (change.scope) {
    case 'session':
      return apiFetch('/api/auth/revoke-session', { method: 'POST', body: { token: change.token } });
    case 'others':
      return apiFetch('/api/auth/revoke-other-sessions', { method: 'POST', body: {} });
    case 'global':
      return apiFetch('/api/auth/revoke-sessions', { method: 'POST', body: {} });
  }
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday"; under a minute is "just now". */
function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return 'unknown';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** Focuses an element by id once `ready`: fields are disabled while a request runs and cannot take focus. */
function useFocusWhen(ready: boolean) {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!target || !ready) return;
    document.getElementById(target)?.focus();
    setTarget(null);
  }, [target, ready]);
  return setTarget;
}

const failureMessage = (err: unknown) =>
  err instanceof Error && err.message ? err.message : 'Unexpected error.';

function Section({
  title,
  description,
  children,
  danger = false,
}: {
  title: string;
  description: string;
  children: ReactNode;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card className={cn(danger && 'border-destructive/40')}>
        <CardHeader>
          <h2
            id={id}
            className={cn('text-lg leading-tight font-semibold tracking-tight', danger && 'text-destructive')}
          >
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/** A label and its value in a description list; empty values say so instead of leaving a gap. */
function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={cn('flex flex-col gap-1', wide && 'sm:col-span-2')}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('break-words', !value && 'text-muted-foreground italic')}>{value || 'Not set'}</dd>
    </div>
  );
}

/** The server allows one confirmation mail a minute per address; the button waits as long. */
const RESEND_WAIT_SECONDS = 60;

/** Sends the confirmation mail again (Better Auth's endpoint; our abuse limits apply to it). */
function ResendVerification({ email }: { email: string }) {
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (waitUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [waitUntil, now]);
  const resend = useMutation({
    mutationFn: () =>
      apiFetch('/api/auth/send-verification-email', {
        method: 'POST',
        body: { email, callbackURL: '/profile' },
      }),
    onSuccess: () => {
      setWaitUntil(Date.now() + RESEND_WAIT_SECONDS * 1000);
      setNow(Date.now());
      toast({
        title: 'Verification e-mail sent',
        description: `Open the link we sent to ${email} to confirm your address.`,
      });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 429) {
        const seconds = Number(/wait (\d+) seconds/.exec(err.message)?.[1] ?? RESEND_WAIT_SECONDS);
        setWaitUntil(Date.now() + seconds * 1000);
        setNow(Date.now());
      }
      toastFailure('Could not send the verification e-mail', err);
    },
  });
  const seconds = Math.ceil((waitUntil - now) / 1000);
  return (
    <div className="mt-1 flex basis-full flex-wrap items-center gap-2 break-normal" data-resend-verification>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={resend.isPending || seconds > 0}
        onClick={() => resend.mutate()}
      >
        {resend.isPending && <Loader2 className="animate-spin" aria-hidden />}
        Resend verification e-mail
      </Button>
      {seconds > 0 && (
        <span className="text-xs text-muted-foreground" role="status">
          Sent. You can send another in {seconds} s.
        </span>
      )}
    </div>
  );
}

function AccountSection() {
  const { user } = useSession();
  return (
    <Section title="Account" description="Who you are signed in as.">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact label="Name" value={user ? user.name || usernameFromEmail(user.email) : ''} />
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">E-mail</dt>
          <dd className="flex flex-wrap items-center gap-2 break-all">
            {user?.email}
            {user && (
              <Badge variant={user.emailVerified ? 'success' : 'outline'}>
                {user.emailVerified ? 'Verified' : 'Not verified'}
              </Badge>
            )}
            {user && !user.emailVerified && <ResendVerification email={user.email} />}
          </dd>
        </div>
      </dl>
    </Section>
  );
}

function CompanyDetails({ profile }: { profile: Profile }) {
  const { company, idealCustomerProfile: icp } = profile;
  const active = icp.segments.filter((segment) => segment.isActive);
  const summary = icp.summary || summarizeSegments(icp.segments);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact label="Company name" value={company.name} />
        <Fact label="Website" value={company.website} />
        <Fact label="Industry" value={company.industry} />
        <Fact label="What you sell" value={company.offering} wide />
      </dl>
      <div className="flex flex-col gap-3 border-t pt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-medium">Ideal customer profile</h3>
          <Badge variant="secondary">
            {active.length} of {icp.segments.length} {icp.segments.length === 1 ? 'segment' : 'segments'}{' '}
            active
          </Badge>
        </div>
        <p className={cn('leading-relaxed', !summary && 'text-muted-foreground italic')}>
          {summary || 'No summary yet. Add a segment so Alex and Jim know who to look for.'}
        </p>
        {icp.segments.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Segments">
            {icp.segments.map((segment) => (
              <li key={segment.id}>
                <Badge variant={segment.isActive ? 'outline' : 'secondary'}>
                  {segment.name}
                  {!segment.isActive && <span className="text-muted-foreground">(paused)</span>}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button asChild variant="outline" className="self-start">
        <Link to="/onboarding?edit=true">
          <Pencil aria-hidden />
          Edit company and ICP
        </Link>
      </Button>
    </div>
  );
}

function CompanySection() {
  const profile = useProfile();
  return (
    <Section
      title="Company & ideal customer profile"
      description="Who you sell for and who you sell to. The agents search and write with it."
    >
      {profile.isPending ? (
        <div role="status" aria-label="Loading profile" className="grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex flex-col gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-5 w-full" />
            </div>
          ))}
        </div>
      ) : profile.isError ? (
        <LoadError message={PROFILE_ERRORS.fetch} onRetry={() => profile.refetch()} />
      ) : (
        <CompanyDetails profile={profile.data} />
      )}
    </Section>
  );
}

type PasswordField = 'current' | 'next' | 'confirm';

function ChangePasswordSection() {
  const id = useId();
  const email = useSession().user?.email ?? '';
  const [values, setValues] = useState<Record<PasswordField, string>>({ current: '', next: '', confirm: '' });
  const [visible, setVisible] = useState<Record<PasswordField, boolean>>({
    current: false,
    next: false,
    confirm: false,
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiFetch('/api/auth/change-password', {
        method: 'POST',
        body: { ...body, revokeOtherSessions: false },
      }),
  });
  const focusLater = useFocusWhen(!change.isPending);

  const fail = (field: PasswordField, title: string, description: string) => {
    setErrors({ [field]: description });
    toast({ title, description, variant: 'destructive' });
    focusLater(`${id}-${field}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    // Spec 1 §5: the mismatch is checked first, then the length.
    if (values.next !== values.confirm) {
      return fail('confirm', "Passwords don't match", 'Please make sure both passwords are identical.');
    }
    if (values.next.length < PASSWORD_MIN_LENGTH) {
      return fail(
        'next',
        'Password too short',
        `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
      );
    }
    if (!values.current) {
      return fail('current', 'Password change failed', 'Enter your current password.');
    }
    setErrors({});
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          setValues({ current: '', next: '', confirm: '' });
          setVisible({ current: false, next: false, confirm: false });
          toast({
            title: 'Password updated',
            description: 'Use your new password the next time you sign in.',
          });
        },
        onError: (err) => {
          const message = failureMessage(err);
          // Point at the field the server refused: a weak new password, or a wrong current one (400).
          const field: PasswordField | null = !(err instanceof ApiError)
            ? null
            : err.code === 'weak_password'
              ? 'next'
              : err.status === 400
                ? 'current'
                : null;
          setErrors(field ? { [field]: message } : {});
          if (field) focusLater(`${id}-${field}`);
          toast({ title: 'Password change failed', description: message, variant: 'destructive' });
        },
      },
    );
  };

  const fields: readonly { field: PasswordField; label: string; autoComplete: string; hint?: string }[] = [
    { field: 'current', label: 'Current password', autoComplete: 'current-password' },
    {
      field: 'next',
      label: 'New password',
      autoComplete: 'new-password',
      hint: `At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not your name or e-mail.`,
    },
    { field: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
  ];

  return (
    <Section title="Change password" description="You stay signed in on this device and your other devices.">
      <form className="flex max-w-md flex-col gap-4" onSubmit={onSubmit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {fields.map(({ field, label, autoComplete, hint }) => {
          const inputId = `${id}-${field}`;
          const error = errors[field];
          const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`]
            .filter(Boolean)
            .join(' ');
          return (
            <div key={field} className="flex flex-col gap-2">
              <Label htmlFor={inputId}>{label}</Label>
              <PasswordInput
                id={inputId}
                value={values[field]}
                onChange={(e) => {
                  const value = e.target.value;
                  setValues((v) => ({ ...v, [field]: value }));
                  if (error) setErrors((current) => ({ ...current, [field]: undefined }));
                }}
                visible={visible[field]}
                onVisibleChange={(show) => setVisible((v) => ({ ...v, [field]: show }))}
                autoComplete={autoComplete}
                required
                disabled={change.isPending}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy || undefined}
              />
              {hint && (
                <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
                  {hint}
                </p>
              )}
              {error && (
                <p id={`${inputId}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {change.isPending ? 'Updating password...' : 'Update password'}
        </Button>
      </form>
    </Section>
  );
}

// Irreversible actions on the page are red outlines; only the final confirmation is a filled red button.
const DESTRUCTIVE_OUTLINE =
  'border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive';

const DEVICE_ICONS: Record<DeviceKind, typeof Monitor> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  unknown: Terminal,
};

function SessionsSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQueryOptions());
  const current = useQuery(currentSessionQueryOptions());
  const currentToken = current.data?.session.token;
  const action = useMutation({
    mutationFn: revoke,
    onSuccess: async (_, change) => {
      if (change.scope === 'global') {
        // This device's session is gone too: end it here as well and leave nothing of the account behind.
        await logOut();
        queryClient.clear();
        navigate('/', { replace: true });
        return;
      }
      toast({
        title: change.scope === 'session' ? 'Session signed out' : 'Other sessions signed out',
        description:
          change.scope === 'session'
            ? 'That device has to sign in again.'
            : 'Every other device has to sign in again.',
      });
    },
    onError: (err) =>
      toast({ title: 'Could not sign out', description: failureMessage(err), variant: 'destructive' }),
    onSettled: (_, __, change) => {
      if (change.scope !== 'global')
        return queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
    },
  });
  const running = action.isPending ? action.variables : undefined;

  // This device first, then the most recently active.
  const list = [...(sessions.data ?? [])].sort(
    (a, b) =>
      Number(b.token === currentToken) - Number(a.token === currentToken) ||
      b.updatedAt.localeCompare(a.updatedAt),
  );
  const others = list.filter((session) => session.token !== currentToken).length;

  return (
    <Section
      title="Sessions"
      description="The devices and browsers signed in to your account. Sign out any you do not recognise."
    >
      {/* Without this device's token a row could offer to sign this very device out, so wait for both. */}
      {sessions.isPending || current.isPending ? (
        <div role="status" aria-label="Loading sessions" className="flex flex-col gap-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : sessions.isError || current.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="font-medium">Failed to load your sessions</p>
          <p className="text-sm text-muted-foreground">{failureMessage(sessions.error ?? current.error)}</p>
          <Button
            variant="outline"
            onClick={() => {
              if (sessions.isError) void sessions.refetch();
              if (current.isError) void current.refetch();
            }}
          >
            Retry
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <ul className="flex flex-col divide-y rounded-xl border">
            {list.map((session) => {
              const device = describeUserAgent(session.userAgent);
              const Icon = DEVICE_ICONS[device.kind];
              const isCurrent = session.token === currentToken;
              const revoking = running?.scope === 'session' && running.token === session.token;
              return (
                <li key={session.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4">
                  <div className="flex min-w-0 flex-1 items-start gap-3">
                    <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {device.label}
                        {isCurrent && <Badge variant="success">This device</Badge>}
                      </p>
                      <p className="text-sm break-words text-muted-foreground">
                        {session.ipAddress ? `IP ${session.ipAddress}` : 'IP unknown'} · Last active{' '}
                        <time
                          dateTime={session.updatedAt}
                          title={new Date(session.updatedAt).toLocaleString()}
                        >
                          {timeAgo(session.updatedAt)}
                        </time>
                      </p>
                    </div>
                  </div>
                  {!isCurrent && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="ml-12 self-start sm:ml-0 sm:self-auto"
                      disabled={action.isPending}
                      aria-label={
                        revoking
                          ? undefined
                          : `Sign out ${device.label}, last active ${timeAgo(session.updatedAt)}`
                      }
                      onClick={() => action.mutate({ scope: 'session', token: session.token })}
                    >
                      {revoking && <Loader2 className="animate-spin" aria-hidden />}
                      {revoking ? 'Signing out...' : 'Sign out'}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="outline"
              disabled={action.isPending || others === 0}
              onClick={() => action.mutate({ scope: 'others' })}
            >
              {running?.scope === 'others' && <Loader2 className="animate-spin" aria-hidden />}
              {running?.scope === 'others' ? 'Signing out other sessions...' : 'Sign out other sessions'}
            </Button>
            <Button
              variant="outline"
              className={DESTRUCTIVE_OUTLINE}
              disabled={action.isPending}
              onClick={() => action.mutate({ scope: 'global' })}
            >
              {running?.scope === 'global' && <Loader2 className="animate-spin" aria-hidden />}
              {running?.scope === 'global' ? 'Signing out everywhere...' : 'Sign out everywhere'}
            </Button>
          </div>
          {others === 0 && (
            <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
          )}
        </div>
      )}
    </Section>
  );
}

function DeleteAccountDialog() {
  const id = useId();
  const email = useSession().user?.email ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (body: { password: string }) => apiFetch('/api/auth/delete-user', { method: 'POST', body }),
  });
  const focusLater = useFocusWhen(!remove.isPending);

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setVisible(false);
      setError(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      setError('Enter your password to confirm.');
      return;
    }
    setError(null);
    remove.mutate(
      { password },
      {
        onSuccess: async () => {
          // The server has removed the account and its sessions; signOut clears every local key as well.
          await signOut();
          queryClient.clear();
          toast({ title: 'Account deleted', description: 'Your account and its data have been removed.' });
          navigate('/', { replace: true });
        },
        onError: (err) => {
          setError(failureMessage(err));
          focusLater(`${id}-password`);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className={DESTRUCTIVE_OUTLINE}>
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This removes your account, your profile and all its data for good: your company details, your
            ideal customer profile and everything you have saved. It cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-password`}>Your password</Label>
            <PasswordInput
              id={`${id}-password`}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(null);
              }}
              visible={visible}
              onVisibleChange={setVisible}
              autoComplete="current-password"
              required
              disabled={remove.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {remove.isPending ? 'Deleting account...' : 'Delete account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DangerZoneSection() {
  return (
    <Section
      title="Danger zone"
      description="Deleting your account removes your profile and everything you saved. It cannot be undone."
      danger
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <p className="flex min-w-0 flex-1 items-start gap-3 text-sm">
          <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
          You are signed out on every device, and you will be asked for your password to confirm.
        </p>
        <div className="self-start sm:self-auto">
          <DeleteAccountDialog />
        </div>
      </div>
    </Section>
  );
}

/**
 * Spec 1 §9's diagnostics, for a bug report: this browser's recent errors, slow entries and web vitals. The
 * report is scrubbed of the user's e-mail, name and company as well as of ids, tokens and query strings.
 */
function DiagnosticsSection() {
  const id = useId();
  const { user } = useSession();
  const profile = useProfile();
  const [copying, setCopying] = useState(false);
  // Shown when the browser refuses the clipboard, so the report can still be selected and copied by hand.
  const [fallback, setFallback] = useState<string | null>(null);

  const copy = async () => {
    setCopying(true);
    try {
      const company = profile.data?.company;
      const known = [user?.email, user?.name, company?.name, company?.website].filter(
        (value): value is string => Boolean(value),
      );
      const text = JSON.stringify(await diagnosticsReport(known), null, 2);
      if (await copyText(text)) {
        setFallback(null);
        toast({ title: 'Diagnostics copied', description: 'Paste them into your bug report.' });
      } else {
        setFallback(text);
        toast({
          title: 'Could not copy diagnostics',
          description: 'Select the report below and copy it yourself.',
          variant: 'destructive',
        });
      }
    } finally {
      setCopying(false);
    }
  };

  return (
    <Section
      title="Diagnostics"
      description="Something not working? Attach this browser's recent errors, slow pages and load times to your bug report."
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          The report holds no personal data: no e-mail, name, company, record ids or search terms.
        </p>
        <Button variant="outline" className="self-start" disabled={copying} onClick={() => void copy()}>
          {copying ? <Loader2 className="animate-spin" aria-hidden /> : <ClipboardCopy aria-hidden />}
          {copying ? 'Copying diagnostics...' : 'Copy diagnostics'}
        </Button>
        {fallback !== null && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-report`}>Diagnostics report</Label>
            <textarea
              id={`${id}-report`}
              readOnly
              value={fallback}
              rows={10}
              className="w-full rounded-md border bg-muted/40 p-3 font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        )}
      </div>
    </Section>
  );
}

/** `/profile`: the account, the company and ICP, password, sessions, diagnostics and account deletion. */
export function ProfilePage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Profile</h1>
        <p className="mt-1 text-muted-foreground">Your account, your company and how you sign in.</p>
      </div>
      <AccountSection />
      <CompanySection />
      <ChangePasswordSection />
      <SessionsSection />
      <DiagnosticsSection />
      <DangerZoneSection />
    </div>
  );
}
