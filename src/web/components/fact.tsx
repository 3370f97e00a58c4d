import type { ReactNode } from 'react';
import { NONE } from '../lib/format.ts';

/** One labelled value of a detail page's <dl>; a value the data does not have shows as a dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children ?? NONE}</dd>
    </div>
  );
}
