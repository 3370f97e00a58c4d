import { ArrowRight, Building2, Sparkles } from 'lucide-react';

const FILTERS: readonly { label: string; value: string }[] = [
  { label: 'Industry', value: 'Software Publishers · NAICS 513210' },
  { label: 'Country', value: 'Germany' },
  { label: 'Employees', value: '200–1,000' },
  { label: 'Founded', value: 'after 2010' },
];

/**
 * A static picture of what the copilot does with a request: the filters it understood and the agent it hands
 * the request to. Plain markup, no screenshot, so it is sharp, themable and costs no image request.
 */
export function CopilotPreview() {
  return (
    <figure className="mx-auto mt-14 max-w-3xl text-left">
      <div className="overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-primary/10">
        <div className="flex items-center gap-2 border-b bg-muted/50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="ml-2 text-xs font-medium text-muted-foreground">Copilot</span>
        </div>
        <div className="space-y-5 p-5 sm:p-6">
          <p className="ml-auto w-fit max-w-[90%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-sm text-primary-foreground">
            Find software companies in Germany with 200 to 1,000 employees, founded after 2010
          </p>
          <div className="flex gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Sparkles className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm">I understood these filters:</p>
              <ul className="mt-3 flex flex-wrap gap-2">
                {FILTERS.map((filter) => (
                  <li key={filter.label} className="rounded-lg border bg-background px-2.5 py-1 text-xs">
                    <span className="text-muted-foreground">{filter.label}: </span>
                    <span className="font-medium">{filter.value}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-muted/40 px-4 py-3">
                <span className="flex items-center gap-2.5 text-sm">
                  <Building2 className="size-4 text-primary" aria-hidden />
                  <span>
                    Handing off to <strong className="font-semibold">Alex</strong>
                    <span className="text-muted-foreground"> · Company Finder</span>
                  </span>
                </span>
                <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
                  Open results
                  <ArrowRight className="size-4" aria-hidden />
                </span>
              </div>
            </div>
          </div>
        </div>
      </div>
      <figcaption className="mt-4 text-center text-sm text-muted-foreground">
        The copilot turns a plain-language request into filters and hands it to the right agent.
      </figcaption>
    </figure>
  );
}
