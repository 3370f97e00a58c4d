import { AlertTriangle, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ArchitectureDocument } from '../../../../shared/architecture.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { getArchitectureStatus, unlockArchitecture } from '../api.ts';
import { ArchitectureTabs } from '../components/architecture-tabs.tsx';
import { PasswordGate } from '../components/password-gate.tsx';

type View =
  | { state: 'checking' }
  | { state: 'unreachable' }
  | { state: 'disabled' }
  | { state: 'locked' }
  | { state: 'unlocked'; document: ArchitectureDocument };

const messageOf = (err: unknown) =>
  err instanceof ApiError
    ? err.message
    : 'The server could not be reached. Check your connection and try again.';

/**
 * `/architecture` (spec 3 §2, §4): the internal documentation behind one shared password, checked on the
 * server. The content lives in this component's state only: nothing is stored, and a reload locks it again.
 */
export function ArchitecturePage() {
  const [view, setView] = useState<View>({ state: 'checking' });

  const check = useCallback(() => {
    setView({ state: 'checking' });
    getArchitectureStatus().then(
      (status) => setView({ state: status.enabled ? 'locked' : 'disabled' }),
      () => setView({ state: 'unreachable' }),
    );
  }, []);
  useEffect(() => check(), [check]);

  const unlock = async (password: string) => {
    try {
      setView({ state: 'unlocked', document: await unlockArchitecture(password) });
    } catch (err) {
      throw new Error(messageOf(err));
    }
  };

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <Badge variant="destructive">Internal Use Only</Badge>
          <Badge variant="outline">Confidential</Badge>
        </div>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Architecture documentation</h1>
        <p className="max-w-3xl text-muted-foreground">
          How this Prospector installation is built and what it runs on, with figures read from the running
          server when the page is opened.
        </p>
      </header>
      {view.state === 'checking' && (
        <div className="mx-auto flex w-full max-w-md flex-col gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Checking whether this page is enabled…
          </span>
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
      {view.state === 'unreachable' && (
        <div
          role="alert"
          className="mx-auto flex w-full max-w-md flex-col items-start gap-3 rounded-xl border p-4 text-sm"
        >
          <p className="flex items-start gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            The server could not be reached to check this page. Check your connection and try again.
          </p>
          <Button variant="outline" size="sm" onClick={check}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        </div>
      )}
      {view.state === 'disabled' && (
        <div className="mx-auto w-full max-w-xl rounded-xl border p-5 text-sm" data-architecture-disabled>
          <h2 className="mb-2 text-lg font-semibold">This page is disabled on this installation</h2>
          <p className="text-muted-foreground">
            No password has been set for it. The operator turns it on by setting the{' '}
            <code className="rounded bg-muted px-1 py-0.5">ARCHITECTURE_PASSWORD</code> environment variable
            and restarting the server.
          </p>
        </div>
      )}
      {view.state === 'locked' && <PasswordGate onUnlock={unlock} />}
      {view.state === 'unlocked' && <ArchitectureTabs document={view.document} />}
    </main>
  );
}
