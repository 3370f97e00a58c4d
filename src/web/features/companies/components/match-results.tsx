import { Link } from 'react-router';
import { confidenceLevel, type LineMatch, type MatchCandidate } from '../../../../shared/company-match.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { companyPath } from '../../../lib/company-path.ts';

type Props = {
  matches: readonly LineMatch[];
  /** The company chosen for each line (by its index): the match, or the candidate the user picked. */
  picks: Readonly<Record<number, string>>;
  onPick: (line: number, companyId: string) => void;
};

/** The company a line stands for now: its match, or the candidate picked. */
export function pickedCompany(match: LineMatch, pick: string | undefined): MatchCandidate | null {
  if (!pick) return null;
  return match.company?.id === pick ? match.company : (match.candidates.find((c) => c.id === pick) ?? null);
}

const detail = (company: MatchCandidate) =>
  [company.industry, company.country, company.ticker].filter(Boolean).join(' · ');

function Confidence({ match, company }: { match: LineMatch; company: MatchCandidate | null }) {
  return company ? (
    <Badge variant="outline" data-confidence={company.confidence}>
      {confidenceLevel(company.confidence)} {company.confidence}
    </Badge>
  ) : (
    <span className="text-muted-foreground">
      {match.status === 'ambiguous' ? 'Needs a choice' : 'Not found'}
    </span>
  );
}

/**
 * Each line of the user's list with the company it matched, how sure, and why; a choice where it is not clear.
 * On a phone the line, confidence and reason go into the company's cell: one column, no sideways scrolling.
 */
export function MatchResults({ matches, picks, onPick }: Props) {
  const wide = 'hidden sm:table-cell';
  return (
    <Table scrollLabel="Matched companies" data-match-results>
      <TableCaption className="sr-only">Each line of your list and the company it matched</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className={wide}>Your line</TableHead>
          <TableHead>Company</TableHead>
          <TableHead className={wide}>Confidence</TableHead>
          <TableHead className={wide}>Reason</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {matches.map((match, i) => {
          const company = pickedCompany(match, picks[i]);
          const reason = company?.reason ?? match.reason;
          return (
            // The same line is never listed twice (the list is made distinct before matching).
            <TableRow key={match.line} data-match-row={match.line} data-match-status={match.status}>
              <TableCell className={`${wide} max-w-48 font-medium break-words`}>{match.line}</TableCell>
              <TableCell className="sm:min-w-56">
                <div className="flex flex-col gap-1.5">
                  <span className="font-medium break-words sm:hidden">{match.line}</span>
                  {match.candidates.length > 0 && (
                    <NativeSelect
                      aria-label={`Company for ${match.line}`}
                      value={picks[i] ?? ''}
                      onChange={(event) => onPick(i, event.target.value)}
                    >
                      <option value="">
                        {match.status === 'ambiguous'
                          ? `Pick one of ${match.candidates.length} companies`
                          : 'No match: pick a near name'}
                      </option>
                      {match.candidates.map((candidate) => (
                        <option key={candidate.id} value={candidate.id}>
                          {candidate.name}
                          {candidate.country ? ` (${candidate.country})` : ''}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                  {company ? (
                    <span className="flex flex-col">
                      <Link to={companyPath(company)} className="font-medium text-primary hover:underline">
                        {company.name}
                      </Link>
                      {detail(company) && (
                        <span className="text-xs text-muted-foreground">{detail(company)}</span>
                      )}
                    </span>
                  ) : (
                    match.status === 'unmatched' &&
                    match.candidates.length === 0 && (
                      <span className="hidden text-muted-foreground sm:inline">No match</span>
                    )
                  )}
                  <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:hidden">
                    <Confidence match={match} company={company} />
                    {reason}
                  </span>
                </div>
              </TableCell>
              <TableCell className={`${wide} whitespace-nowrap`}>
                <Confidence match={match} company={company} />
              </TableCell>
              <TableCell className={`${wide} min-w-48 text-muted-foreground`}>{reason}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
