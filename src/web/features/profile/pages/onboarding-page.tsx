import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type Company, PROFILE_ERRORS, type Profile, summarizeSegments } from '../../../../shared/profile.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { LoadingSkeleton } from '../../../components/ui/skeleton.tsx';
import { useProfile, useProfileChange } from '../../../lib/profile.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { IcpSegmentList } from '../components/icp-segment-list.tsx';

const TEXTAREA =
  'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none disabled:opacity-50 sm:text-sm';

const COMPANY_FIELDS: readonly {
  field: keyof Company;
  label: string;
  placeholder: string;
  long?: boolean;
}[] = [
  { field: 'name', label: 'Company name', placeholder: 'Acme Analytics' },
  { field: 'website', label: 'Website', placeholder: 'acme.example' },
  { field: 'industry', label: 'Industry', placeholder: 'B2B software' },
  {
    field: 'offering',
    label: 'What you sell',
    placeholder: 'Revenue analytics for finance teams',
    long: true,
  },
];

const failure = (title: string) => (err: unknown) => toastFailure(title, err);

function CompanyStep({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const id = useId();
  const change = useProfileChange();
  const [company, setCompany] = useState<Company>(profile.company);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!company.name.trim()) {
      setError('Tell us the name of your company.');
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    change.mutate(
      { kind: 'update', update: { company } },
      { onSuccess: onDone, onError: failure(PROFILE_ERRORS.update) },
    );
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {COMPANY_FIELDS.map(({ field, label, placeholder, long }) => {
        const props = {
          id: `${id}-${field}`,
          value: company[field],
          placeholder,
          disabled: change.isPending,
          onChange: (e: { target: { value: string } }) => {
            setCompany((c) => ({ ...c, [field]: e.target.value }));
            if (field === 'name') setError(null);
          },
        };
        return (
          <div key={field} className="flex flex-col gap-2">
            <Label htmlFor={props.id}>{label}</Label>
            {long ? (
              <textarea {...props} className={TEXTAREA} maxLength={1000} />
            ) : (
              <Input
                {...props}
                maxLength={field === 'website' ? 200 : 120}
                aria-invalid={field === 'name' && error ? true : undefined}
                aria-describedby={field === 'name' && error ? `${id}-name-error` : undefined}
              />
            )}
            {field === 'name' && error && (
              <p id={`${id}-name-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <Button type="submit" className="self-end" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Continue'}
      </Button>
    </form>
  );
}

function IcpStep({ profile, onBack }: { profile: Profile; onBack: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const change = useProfileChange();
  const segments = profile.idealCustomerProfile.segments;
  const [summary, setSummary] = useState(profile.idealCustomerProfile.summary);
  const finish = () =>
    change.mutate(
      {
        kind: 'update',
        update: { onboardingCompleted: true, summary: summary.trim() || summarizeSegments(segments) },
      },
      { onSuccess: () => navigate('/app'), onError: failure(PROFILE_ERRORS.update) },
    );
  return (
    <div className="flex flex-col gap-6">
      <IcpSegmentList segments={segments} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-summary`}>Summary (optional)</Label>
        <textarea
          id={`${id}-summary`}
          className={TEXTAREA}
          value={summary}
          maxLength={2000}
          onChange={(e) => setSummary(e.target.value)}
          placeholder={summarizeSegments(segments) || 'Who buys from you, in a sentence or two.'}
        />
      </div>
      <div className="flex justify-between gap-2">
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button onClick={finish} disabled={change.isPending || segments.length === 0}>
          {change.isPending ? 'Saving...' : 'Finish and open the app'}
        </Button>
      </div>
      {segments.length === 0 && (
        <p className="text-right text-sm text-muted-foreground">Add at least one segment to finish.</p>
      )}
    </div>
  );
}

/** Spec 1 §2.7: your company, then your ideal customer profile; ends with onboarding completed and /app. */
export function OnboardingPage() {
  const profile = useProfile();
  const [params] = useSearchParams();
  const editing = params.get('edit') === 'true';
  const [step, setStep] = useState<1 | 2>(1);

  if (profile.isPending) return <LoadingSkeleton variant="form" />;
  if (profile.isError) {
    return (
      <LoadError
        message={PROFILE_ERRORS.fetch}
        onRetry={() => profile.refetch()}
        className="mx-auto max-w-xl p-8"
      />
    );
  }
  const current =
    step === 1
      ? { title: 'Your company', description: 'Who you sell for. The agents use it to write in your name.' }
      : {
          title: 'Your ideal customer profile',
          description:
            'Who you sell to. Alex and Jim search with it, and fit scores are measured against it.',
        };
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 pt-4 pb-12 sm:pt-8">
      <div>
        <p className="text-sm font-medium text-primary">
          Step {step} of 2{editing ? ' · editing' : ''}
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
          {editing ? 'Company and ideal customer profile' : 'Welcome to Prospector'}
        </h1>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{current.title}</CardTitle>
          <CardDescription>{current.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {step === 1 ? (
            <CompanyStep profile={profile.data} onDone={() => setStep(2)} />
          ) : (
            <IcpStep profile={profile.data} onBack={() => setStep(1)} />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
