import { Loader2, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCredits } from '../../../../shared/pricing.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { activityLabel, toastCreditFailure, useActivityPrice } from '../../../lib/credits.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { type Person, useFindEmail, useFindPhone } from '../api.ts';

const credits = (n: number) => `${formatCredits(n)} ${n === 1 ? 'credit' : 'credits'}`;

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h4 className="text-sm font-medium">{label}</h4>
        {children}
      </div>
    </div>
  );
}

const Note = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-muted-foreground">{children}</p>
);

type FinderProps = { person: Person };

/**
 * The e-mail finder (issue 6 §3): its price before the click, then the address with how sure we are of it
 * (verified, or guessed from the company's address pattern with a confidence). Offered only where the finder
 * has an address to give (`emailFind`, computed by the finder itself); finding none is a normal answer.
 */
export function EmailFinder({ person }: FinderProps) {
  const find = useFindEmail();
  const price = useActivityPrice('email_finder');
  const found = find.data?.found ? find.data : null;
  const notFound = find.data?.found === false;
  const email = person.email ?? found?.email ?? null;
  const status = person.emailStatus ?? found?.status ?? null;
  const confidence = person.emailConfidence ?? found?.confidence ?? null;

  const onFind = () =>
    find.mutate(person.id, {
      onError: (err) => {
        if (!toastCreditFailure(err, activityLabel('email_finder')))
          toastFailure('Could not find the e-mail address', err);
      },
    });

  let body: ReactNode;
  if (email) {
    body = (
      <div className="flex flex-col gap-1.5" data-email-result={status ?? ''}>
        <a
          href={`mailto:${email}`}
          className="font-medium break-all text-primary underline-offset-4 hover:underline"
        >
          {email}
        </a>
        {status === 'verified' ? (
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant="success">Verified</Badge>
            <span className="text-xs text-muted-foreground">An address we hold for this person.</span>
          </span>
        ) : (
          <>
            <span className="flex flex-wrap items-center gap-2">
              <Badge variant="outline" className="border-amber-500/70 bg-amber-500/10">
                Guessed
              </Badge>
              {confidence !== null && (
                <span className="text-xs font-medium tabular-nums">{confidence}% confidence</span>
              )}
            </span>
            <Note>
              Not verified: built from the address pattern at {person.company.domain ?? 'the company'}. Check
              it before you rely on it.
            </Note>
          </>
        )}
      </div>
    );
  } else if (notFound) {
    body = <Note>No e-mail address found for this person. No credits were used.</Note>;
  } else if (!person.emailFind) {
    body = (
      <Note>
        {person.company.domain
          ? `We hold no address for this person, and no address at ${person.company.domain} that we can learn its pattern from, so there is nothing to find.`
          : 'We hold no address for this person, and their company has no web domain to guess one from.'}
      </Note>
    );
  } else {
    body = (
      <div className="flex flex-col items-start gap-2">
        <Note>
          {person.emailFind === 'verified'
            ? 'We hold an address for this person.'
            : `We can guess an address from the pattern at ${person.company.domain}.`}{' '}
          Costs {credits(price)}, only if an address is found; seeing it again is free.
        </Note>
        <Button size="sm" onClick={onFind} disabled={find.isPending}>
          {find.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Mail aria-hidden />}
          {find.isPending ? 'Finding…' : `Find e-mail · ${credits(price)}`}
        </Button>
      </div>
    );
  }
  return (
    <Row icon={<Mail className="size-4" aria-hidden />} label="E-mail">
      {body}
    </Row>
  );
}

/** The phone finder: only a number we hold, so without one there is no button, only the plain fact. */
export function PhoneFinder({ person }: FinderProps) {
  const find = useFindPhone();
  const price = useActivityPrice('phone_finder');
  const notFound = find.data?.found === false;
  const phone = person.phone ?? (find.data?.found ? find.data.phone : null);

  const onFind = () =>
    find.mutate(person.id, {
      onError: (err) => {
        if (!toastCreditFailure(err, activityLabel('phone_finder')))
          toastFailure('Could not find the phone number', err);
      },
    });

  let body: ReactNode;
  if (phone) {
    const shown = formatPhone(phone);
    body = (
      <a
        href={`tel:${shown.dial}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
        data-phone-result
      >
        {shown.text}
      </a>
    );
  } else if (notFound) {
    body = <Note>No phone number found for this person. No credits were used.</Note>;
  } else if (!person.hasPhone) {
    body = <Note>We hold no number for this person.</Note>;
  } else {
    body = (
      <div className="flex flex-col items-start gap-2">
        <Note>
          We hold a number for this person. Costs {credits(price)}, only if a number is found; seeing it again
          is free.
        </Note>
        <Button size="sm" variant="outline" onClick={onFind} disabled={find.isPending}>
          {find.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Phone aria-hidden />}
          {find.isPending ? 'Finding…' : `Find phone · ${credits(price)}`}
        </Button>
      </div>
    );
  }
  return (
    <Row icon={<Phone className="size-4" aria-hidden />} label="Phone">
      {body}
    </Row>
  );
}
