import { Info } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { SizeCoverage } from '../api.ts';

/** Below this share of companies with a known size, a size filter hides most of what the user asked for. */
const FEW = 0.5;

/**
 * Sizes are known for few companies (a head count from a source, never a guess): when a size filter leaves
 * most of the matching companies out, say so, and offer the search without it.
 */
export function SizeCoverageNotice({
  coverage,
  onDropSize,
}: {
  coverage: SizeCoverage;
  onDropSize: () => void;
}) {
  const { matching, knownSize } = coverage;
  if (matching === 0 || knownSize / matching >= FEW) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
      data-size-coverage
    >
      <Info className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <p className="min-w-0 flex-1">
        {knownSize === 0
          ? `None of the ${formatNumber(matching)} companies matching your other filters has a known size`
          : `Only ${formatNumber(knownSize)} of the ${formatNumber(matching)} companies matching your other filters have a known size`}
        : our sources give a head count for few companies, and we never guess one.
      </p>
      <Button variant="outline" size="sm" onClick={onDropSize}>
        Show all {formatNumber(matching)} without the size
      </Button>
    </div>
  );
}
