import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FREE_TRIAL_NOTE } from '../../../../shared/marketing.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { type AuthMode, closeAuthModal, setAuthMode, useAuthModal } from '../../../lib/auth-modal.ts';
import { refreshSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { ProviderButtons } from './provider-buttons.tsx';

type Field = 'username' | 'email' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const MODES: Record<
  AuthMode,
  { title: string; description: string; fields: readonly Field[]; submit: string; running: string }
> = {
  login: {
    title: 'Welcome back',
    description: 'Sign in to your account to continue.',
    fields: ['email', 'password'],
    submit: 'Sign In',
    running: 'Signing In...',
  },
  signup: {
    title: 'Create your account',
    description: 'Put six AI sales agents to work on your pipeline.',
    fields: ['username', 'email', 'password'],
    submit: 'Create Account',
    running: 'Creating Account...',
  },
  'forgot-password': {
    title: 'Reset your password',
    description: 'Enter your e-mail address and we will send you a link to choose a new password.',
    fields: ['email'],
    submit: 'Send Reset Email',
    running: 'Sending Reset Email...',
  },
};

const FAILURE_TITLE: Record<AuthMode, string> = {
  login: 'Login failed',
  signup: 'Signup failed',
  'forgot-password': 'Reset failed',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 1 §5: required fields per mode and a valid e-mail format. */
function validate(mode: AuthMode, values: Values): Errors {
  const errors: Errors = {};
  const fields = MODES[mode].fields;
  if (fields.includes('username') && !values.username.trim()) errors.username = 'Username is required.';
  if (!values.email.trim()) errors.email = 'Email is required.';
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Enter a valid email address.';
  if (fields.includes('password') && !values.password) errors.password = 'Password is required.';
  return errors;
}

function request(mode: AuthMode, values: Values): Promise<Response> {
  const email = values.email.trim();
  const [path, body] =
    mode === 'login'
      ? ['/api/auth/sign-in/email', { email, password: values.password }]
      : mode === 'signup'
        ? ['/api/auth/sign-up/email', { name: values.username.trim(), email, password: values.password }]
        : [
            '/api/auth/request-password-reset',
            { email, redirectTo: `${window.location.origin}/reset-password` },
          ];
  return fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The sign-in / sign-up / forgot-password dialog (spec 1 §2.5, §4, §5); `AuthModal` loads it on first use. */
export function AuthDialog() {
  const { open, mode } = useAuthModal();
  // The dialog has no Radix trigger (any button may open it), so it returns focus to whatever opened it.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) returnFocusTo.current = document.activeElement;
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeAuthModal()}>
      <DialogContent
        data-auth-mode={mode}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        {/* Keyed by mode: switching mode starts from empty fields and a hidden password. */}
        <AuthForm key={mode} mode={mode} />
      </DialogContent>
    </Dialog>
  );
}

function AuthForm({ mode }: { mode: AuthMode }) {
  const navigate = useNavigate();
  const id = useId();
  const config = MODES[mode];
  const [values, setValues] = useState<Values>({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [running, setRunning] = useState(false);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running) return;
    const found = validate(mode, values);
    setErrors(found);
    const firstInvalid = config.fields.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }

    setRunning(true);
    let response: Response;
    try {
      response = await request(mode, values);
    } catch (err) {
      console.error('Auth request failed', err);
      setRunning(false);
      toast({ title: FAILURE_TITLE[mode], description: 'Unexpected error.', variant: 'destructive' });
      return;
    }
    if (!response.ok) {
      const { message: description } = await errorMessage(response);
      setRunning(false);
      toast({ title: FAILURE_TITLE[mode], description, variant: 'destructive' });
      return;
    }

    if (mode !== 'forgot-password') await refreshSession();
    setRunning(false);
    if (mode === 'login') {
      toast({ title: 'Login successful!', description: 'Welcome back!' });
      closeAuthModal();
      navigate('/app');
    } else if (mode === 'signup') {
      // Signed in straight away unless e-mail verification is required; the landing page then moves on to /app.
      toast({ title: 'Account created!', description: 'Check your email to confirm your account.' });
      closeAuthModal();
    } else {
      toast({ title: 'Reset email sent!', description: 'Check your email for password reset instructions.' });
      setAuthMode('login');
    }
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    required: true,
    disabled: running,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{config.title}</DialogTitle>
        <DialogDescription>{config.description}</DialogDescription>
      </DialogHeader>

      {mode !== 'forgot-password' && <ProviderButtons failureTitle={FAILURE_TITLE[mode]} />}
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={running}>
        {config.fields.includes('username') && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-username`}>Username</Label>
            <Input {...fieldProps('username')} autoComplete="username" placeholder="jane.doe" />
            {fieldError('username')}
          </div>
        )}

        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input {...fieldProps('email')} type="email" autoComplete="email" placeholder="you@company.com" />
          {fieldError('email')}
        </div>

        {config.fields.includes('password') && (
          <div className="grid gap-2">
            <div className="flex items-center justify-between">
              <Label htmlFor={`${id}-password`}>Password</Label>
              {mode === 'login' && (
                <button
                  type="button"
                  className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
                  onClick={() => setAuthMode('forgot-password')}
                >
                  Forgot password?
                </button>
              )}
            </div>
            <PasswordInput
              {...fieldProps('password')}
              visible={showPassword}
              onVisibleChange={setShowPassword}
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            />
            {fieldError('password')}
          </div>
        )}

        <Button type="submit" className="mt-1 w-full" disabled={running}>
          {running && <Loader2 className="animate-spin" aria-hidden />}
          {running ? config.running : config.submit}
        </Button>

        {mode === 'signup' && (
          <p data-signup-note="" className="text-center text-sm text-muted-foreground">
            {FREE_TRIAL_NOTE}
          </p>
        )}
      </form>

      <p className="text-center text-sm text-muted-foreground">
        {mode === 'login' && (
          <>
            Don&apos;t have an account? <ModeLink to="signup">Sign up</ModeLink>
          </>
        )}
        {mode === 'signup' && (
          <>
            Already have an account? <ModeLink to="login">Sign in</ModeLink>
          </>
        )}
        {mode === 'forgot-password' && (
          <>
            Remembered it? <ModeLink to="login">Back to sign in</ModeLink>
          </>
        )}
      </p>
    </>
  );
}

function ModeLink({ to, children }: { to: AuthMode; children: string }) {
  return (
    <button
      type="button"
      className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
      onClick={() => setAuthMode(to)}
    >
      {children}
    </button>
  );
}
