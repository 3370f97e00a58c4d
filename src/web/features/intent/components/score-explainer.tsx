import { ChevronDown, ShieldCheck } from 'lucide-react';
import { INTENT_FORMULA, NO_THIRD_PARTY_DATA } from '../../../../shared/buyer-intent.ts';

/** How the score is computed (folded), and the plain statement that only the user's own signals count. */
export function ScoreExplainer() {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6">
      <p className="flex items-start gap-2 text-sm" data-intent-no-third-party>
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
        <span>{NO_THIRD_PARTY_DATA}</span>
      </p>
      <details className="group" data-intent-formula>
        <summary className="flex w-fit cursor-pointer list-none items-center gap-1 text-sm font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden">
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
          How the score is computed
        </summary>
        <div className="mt-3 flex flex-col gap-3 text-sm">
          <p className="text-muted-foreground">
            Each company's score, from 0 to 100, adds up three parts. A company is listed only when one of
            your documents mentions it or you acted on it.
          </p>
          <dl className="grid gap-3 sm:grid-cols-3">
            {INTENT_FORMULA.map((line) => (
              <div key={line.part} className="flex flex-col gap-1 rounded-lg border p-3">
                <dt className="font-medium">
                  {line.part} <span className="text-muted-foreground tabular-nums">up to {line.points}</span>
                </dt>
                <dd className="text-muted-foreground">{line.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </details>
    </section>
  );
}
