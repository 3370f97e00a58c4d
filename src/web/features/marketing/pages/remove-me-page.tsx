import { CheckCircle2, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError, apiFetch } from '../../../lib/api.ts';

type Outcome = { ok: boolean; message: string };

const messageOf = (err: unknown) =>
  err instanceof ApiError
    ? err.message
    : 'The request could not be sent. Check your connection and try again.';

/**
 * Removal of a person from the people users can search, at their request (issue 6 §4): the request form. The
 * person is usually not a user, so there is no sign-in; the mailed link proves the address is theirs.
 */
export function RemoveMePage() {
  return (
    <main className="flex justify-center px-4 py-16 sm:py-24">
      <Card className="w-full max-w-lg">
        <Ask />
      </Card>
    </main>
  );
}

/** Where the mailed link leads: the confirmation is a button, so a mail scanner opening the link removes nothing. */
export function ConfirmRemovalPage() {
  const [params] = useSearchParams();
  return (
    <main className="flex justify-center px-4 py-16 sm:py-24">
      <Card className="w-full max-w-lg">
        <Confirm token={params.get('token') ?? ''} />
      </Card>
    </main>
  );
}

function Ask() {
  const id = useId();
  const [form, setForm] = useState({ email: '', name: '', company: '' });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const body = {
        email: form.email,
        ...(form.name.trim() ? { name: form.name } : {}),
        ...(form.company.trim() ? { company: form.company } : {}),
      };
      const answer = await apiFetch<{ message: string }>('/api/v1/privacy/removal-requests', {
        method: 'POST',
        body,
      });
      setOutcome({ ok: true, message: answer.message });
    } catch (err) {
      setOutcome({ ok: false, message: messageOf(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <CardHeader>
        <h1 className="text-xl leading-tight font-semibold tracking-tight">Remove my data</h1>
        <CardDescription>
          Prospector lets its users search for people at companies. If you are one of them and want to be
          removed, give us your work e-mail address: we send a link to it, and confirming from that link
          removes you and keeps you out of every later update of the data.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {outcome?.ok ? (
          <p role="status" className="flex items-start gap-2 text-sm" data-removal-requested>
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {outcome.message}
          </p>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={onSubmit}>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-email`}>Your work e-mail address</Label>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            </div>
            <fieldset className="flex flex-col gap-3">
              <legend className="text-sm text-muted-foreground">
                Optional: if we might hold no address for you, your name and company find you too.
              </legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="flex flex-col gap-2">
                  <Label htmlFor={`${id}-name`}>Your name</Label>
                  <Input
                    id={`${id}-name`}
                    autoComplete="name"
                    maxLength={200}
                    value={form.name}
                    onChange={(e) => setForm({ ...form, name: e.target.value })}
                  />
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor={`${id}-company`}>Company name or domain</Label>
                  <Input
                    id={`${id}-company`}
                    autoComplete="organization"
                    maxLength={200}
                    value={form.company}
                    onChange={(e) => setForm({ ...form, company: e.target.value })}
                  />
                </div>
              </div>
            </fieldset>
            {outcome && (
              <p role="alert" className="text-sm text-destructive">
                {outcome.message}
              </p>
            )}
            <Button type="submit" disabled={sending} className="self-start">
              {sending && <Loader2 className="animate-spin" aria-hidden />}
              {sending ? 'Sending…' : 'Send the confirmation link'}
            </Button>
            <p className="text-xs text-muted-foreground">
              We use the address only to confirm this request. See the{' '}
              <Link to="/privacy">privacy policy</Link> for what an installation stores.
            </p>
          </form>
        )}
      </CardContent>
    </>
  );
}

function Confirm({ token }: { token: string }) {
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onConfirm = async () => {
    setRunning(true);
    try {
      const answer = await apiFetch<{ message: string }>('/api/v1/privacy/removal-requests/confirm', {
        method: 'POST',
        body: { token },
      });
      setOutcome({ ok: true, message: answer.message });
    } catch (err) {
      setOutcome({ ok: false, message: messageOf(err) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <CardHeader>
        <h1 className="text-xl leading-tight font-semibold tracking-tight">Confirm the removal</h1>
        <CardDescription>
          This removes you from the people Prospector users can search, with what they saved about you, and
          keeps you out of every later update of the data. It cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {outcome ? (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={outcome.ok ? 'flex items-start gap-2 text-sm' : 'text-sm text-destructive'}
            data-removal-outcome={outcome.ok ? 'removed' : 'refused'}
          >
            {outcome.ok && <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />}
            {outcome.message}
          </p>
        ) : (
          <Button onClick={onConfirm} disabled={running} className="self-start">
            {running && <Loader2 className="animate-spin" aria-hidden />}
            {running ? 'Removing…' : 'Remove my data'}
          </Button>
        )}
        {outcome && !outcome.ok && (
          <Link
            to="/privacy/remove-me"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Ask again
          </Link>
        )}
      </CardContent>
    </>
  );
}
