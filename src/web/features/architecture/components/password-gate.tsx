import { Loader2, LockKeyhole } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ARCHITECTURE_PASSWORD_MAX } from '../../../../shared/architecture.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';

type PasswordGateProps = {
  /** Resolves when the password opened the page; rejects with the message to show otherwise. */
  onUnlock: (password: string) => Promise<void>;
};

/** Spec 3 §2: the one shared password prompt ("Enter password", "Access Documentation"). */
export function PasswordGate({ onUnlock }: PasswordGateProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking || password === '') return;
    setChecking(true);
    try {
      await onUnlock(password);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setChecking(false);
    }
  };

  return (
    <Card className="mx-auto w-full max-w-md" data-architecture-gate>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold tracking-tight">
          <LockKeyhole className="size-5 text-primary" aria-hidden />
          This page is locked
        </h2>
        <CardDescription>
          Enter the shared password of this installation to read its internal documentation.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <PasswordInput
              id={`${id}-password`}
              placeholder="Enter password"
              autoComplete="current-password"
              required
              maxLength={ARCHITECTURE_PASSWORD_MAX}
              value={password}
              visible={visible}
              onVisibleChange={setVisible}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive" data-gate-error>
              {error}
            </p>
          )}
          <Button type="submit" disabled={checking || password === ''}>
            {checking && <Loader2 className="animate-spin" aria-hidden />}
            Access Documentation
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
