import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { CREDIT_ERRORS } from '../../../../shared/credits.ts';
import {
  AUTO_TOP_UP_BELOW,
  CREDIT_PACKAGES,
  type CreditPackageId,
  DEFAULT_CREDIT_PACKAGE_ID,
  formatCredits,
  formatPrice,
  packageCredits,
} from '../../../../shared/pricing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  type AutoTopUpSetting,
  type CreditAccount,
  type PaymentMode,
  useAutoTopUp,
} from '../../../lib/credits.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';

/** The threshold the server accepts (PUT /api/v1/credits/auto-top-up). */
const { min: MIN_BELOW, max: MAX_BELOW } = AUTO_TOP_UP_BELOW;
/** Offered when the user first turns it on. */
const DEFAULT_BELOW = 100;

const BELOW_ERROR = `Enter a whole number of credits from ${formatCredits(MIN_BELOW)} to ${formatCredits(MAX_BELOW)}.`;

/** '1,000' or ' 250 ' -> the number; anything but a whole number in range -> null. */
function parseThreshold(text: string): number | null {
  const digits = text.replace(/[\s,]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return value >= MIN_BELOW && value <= MAX_BELOW ? value : null;
}

const packageOf = (id: CreditPackageId) => CREDIT_PACKAGES.find((pkg) => pkg.id === id);

/** 'Buys Professional (550 credits, $39.99) when fewer than 100 credits remain.' */
function describeSetting(setting: AutoTopUpSetting): string {
  const pkg = packageOf(setting.packageId);
  const what = pkg
    ? `${pkg.name} (${formatCredits(packageCredits(pkg))} credits, ${formatPrice(pkg.price)})`
    : setting.packageId;
  return `Buys ${what} when fewer than ${formatCredits(setting.below)} credits remain.`;
}

type AutoTopUpCardProps = {
  account: CreditAccount;
  /** Undefined until the server has said; Stripe Checkout keeps no card, so there is nothing to charge. */
  payments: PaymentMode | undefined;
};

/**
 * Spec 2 §5's automatic top-up, opt-in (like Apollo's or Clay's auto-refill): when a charge leaves fewer than
 * the chosen number of credits, the server buys the chosen package once. It never blocks a charge.
 */
export function AutoTopUpCard({ account, payments }: AutoTopUpCardProps) {
  const headingId = useId();
  const saved = account.autoTopUp;
  const stripe = payments === 'stripe';
  // Here, not in the form: the form remounts when the save lands, and the toast must still follow it.
  const save = useAutoTopUp();
  return (
    <section aria-labelledby={headingId} data-auto-top-up={saved ? 'on' : 'off'}>
      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1.5">
            <h2 id={headingId} className="text-lg leading-tight font-semibold tracking-tight">
              Automatic top-up
            </h2>
            <CardDescription>
              Keep the agents working: buy a credit package automatically when your balance runs low. It runs
              after a charge and never holds one up.
            </CardDescription>
          </div>
          <p
            className={cn(
              'shrink-0 self-start rounded-full border px-2.5 py-0.5 text-xs font-medium',
              saved ? 'border-primary/30 bg-primary/10 text-primary' : 'text-muted-foreground',
            )}
            data-auto-top-up-status=""
          >
            {saved ? 'On' : 'Off'}
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {stripe ? (
            <p
              className="rounded-lg border border-dashed bg-muted/50 px-3 py-2.5 text-sm"
              data-auto-top-up-note=""
            >
              {CREDIT_ERRORS.autoTopUpUnavailable}
            </p>
          ) : (
            payments === 'demo' && (
              <p className="text-sm text-muted-foreground">
                Top-ups are demo payments, like the purchase dialog&rsquo;s: no card is charged.
              </p>
            )
          )}
          {/* Remounted when the saved setting changes, so the form always starts from what is saved. */}
          <AutoTopUpForm
            key={saved ? `${saved.packageId}:${saved.below}` : 'off'}
            saved={saved}
            locked={stripe}
            save={save}
          />
        </CardContent>
      </Card>
    </section>
  );
}

function AutoTopUpForm({
  saved,
  locked,
  save,
}: {
  saved: AutoTopUpSetting | null;
  locked: boolean;
  save: ReturnType<typeof useAutoTopUp>;
}) {
  const id = useId();
  const [enabled, setEnabled] = useState(saved !== null);
  const [packageId, setPackageId] = useState<CreditPackageId>(saved?.packageId ?? DEFAULT_CREDIT_PACKAGE_ID);
  const [below, setBelow] = useState(String(saved?.below ?? DEFAULT_BELOW));
  const [error, setError] = useState<string | null>(null);
  const belowInput = useRef<HTMLInputElement>(null);

  const threshold = parseThreshold(below);
  const dirty = enabled
    ? saved === null || saved.packageId !== packageId || saved.below !== threshold
    : saved !== null;
  const pending = save.isPending;
  // With Stripe, a setting saved earlier may only be turned off (the server refuses a new one).
  const canSave = dirty && !pending && !(locked && enabled);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    if (enabled && threshold === null) {
      setError(BELOW_ERROR);
      belowInput.current?.focus();
      return;
    }
    const setting = enabled && threshold !== null ? { packageId, below: threshold } : null;
    save.mutate(setting, {
      onSuccess: () =>
        toast(
          setting
            ? { title: 'Automatic top-up on', description: describeSetting(setting) }
            : { title: 'Automatic top-up off', description: 'Credits are added only when you buy them.' },
        ),
      onError: (err) => toastFailure('Automatic top-up not saved', err),
    });
  };

  const fieldsDisabled = !enabled || locked || pending;
  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-busy={pending}>
      <div className="flex items-center gap-3">
        <Switch
          id={`${id}-enabled`}
          checked={enabled}
          onCheckedChange={(next) => {
            setEnabled(next);
            setError(null);
          }}
          disabled={pending || (locked && !enabled)}
        />
        <Label htmlFor={`${id}-enabled`}>Top up automatically</Label>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto] lg:items-start">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-package`}>Package to buy</Label>
          <NativeSelect
            id={`${id}-package`}
            value={packageId}
            onChange={(event) => setPackageId(event.target.value as CreditPackageId)}
            disabled={fieldsDisabled}
          >
            {CREDIT_PACKAGES.map((pkg) => (
              <option key={pkg.id} value={pkg.id}>
                {pkg.name}: {formatCredits(packageCredits(pkg))} credits for {formatPrice(pkg.price)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-below`}>When fewer than this many credits remain</Label>
          <Input
            ref={belowInput}
            id={`${id}-below`}
            inputMode="numeric"
            autoComplete="off"
            value={below}
            onChange={(event) => {
              setBelow(event.target.value);
              setError(null);
            }}
            disabled={fieldsDisabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-below-error` : `${id}-below-hint`}
          />
          {error ? (
            <p id={`${id}-below-error`} className="text-sm text-destructive" data-field-error="">
              {error}
            </p>
          ) : (
            <p id={`${id}-below-hint`} className="text-xs text-muted-foreground">
              From {formatCredits(MIN_BELOW)} to {formatCredits(MAX_BELOW)} credits.
            </p>
          )}
        </div>
        <Button type="submit" disabled={!canSave} className="lg:mt-6">
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {pending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
