import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '../../../../shared/marketing.ts';

/** Long-form text styles for legal and about pages (no typography plugin: a few descendant rules). */
export const PROSE =
  'text-[0.975rem] leading-7 text-foreground/90 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground [&_h3]:mt-8 [&_h3]:font-semibold [&_h3]:text-foreground [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6';

type Props = { title: string; lead: ReactNode; children: ReactNode };

/** A legal page: title, date of the last change, lead paragraph and sections (h2). */
export function LegalDocument({ title, lead, children }: Props) {
  return (
    <main className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <article className="mx-auto max-w-3xl">
        <header className="border-b pb-10">
          <p className="text-sm font-semibold text-primary">Legal</p>
          <h1 className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
          <p className="mt-6 text-lg leading-relaxed text-pretty text-muted-foreground">{lead}</p>
        </header>
        <div className={PROSE}>{children}</div>
      </article>
    </main>
  );
}
