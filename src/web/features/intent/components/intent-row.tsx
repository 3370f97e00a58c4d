import {
  Building2,
  ChevronDown,
  ClipboardList,
  ExternalLink,
  FileText,
  FolderKanban,
  MapPin,
  Sparkles,
  Target,
  Users,
  Zap,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  agoText,
  INTENT_SIGNAL_LABELS,
  type IntentCompany,
  type IntentSignal,
  type IntentSignalKind,
} from '../../../../shared/buyer-intent.ts';
import { documentGenerationPath } from '../../../../shared/company-context.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { AddToProspectButton } from '../../../components/add-to-prospect-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { companyPath } from '../../../lib/company-path.ts';
import { chipText, evidenceHref, peopleAtPath, scoreBand } from '../format.ts';

const KIND_ICONS: Record<IntentSignalKind, typeof FileText> = {
  document_mention: FileText,
  prospect: Target,
  saved_company: Building2,
  project: FolderKanban,
  people: Users,
  generated_document: Sparkles,
  rfp: ClipboardList,
  agent_run: Zap,
  event: Zap,
  fit: Target,
};

/** The score as a bar (a meter: 0-100), with its number. */
function ScoreBar({ score, name }: { score: number; name: string }) {
  const band = scoreBand(score);
  return (
    <div className="flex w-full items-center gap-2 sm:w-40 sm:flex-col sm:items-stretch sm:gap-1">
      <span className="flex items-baseline gap-1 sm:justify-between">
        <span className="text-2xl font-semibold tabular-nums" data-intent-score>
          {score}
        </span>
        <span className="text-xs text-muted-foreground">{band.label}</span>
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the design's bar in every browser */}
      <div
        role="meter"
        aria-label={`Intent score of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted sm:flex-none"
      >
        <div className={cn('h-full rounded-full', band.bar)} style={{ width: `${score}%` }} />
      </div>
    </div>
  );
}

function SignalChips({ signals }: { signals: readonly IntentSignal[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Signals">
      {signals.map((signal) => {
        const Icon = KIND_ICONS[signal.kind];
        return (
          <li
            key={signal.kind}
            className={cn(
              'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
              signal.kind === 'fit' ? 'text-muted-foreground' : 'bg-secondary text-secondary-foreground',
            )}
            title={`${INTENT_SIGNAL_LABELS[signal.kind]}: +${signal.points} points`}
            data-signal-chip={signal.kind}
          >
            <Icon className="size-3 shrink-0" aria-hidden />
            {chipText(signal.kind, signal.count)}
          </li>
        );
      })}
    </ul>
  );
}

/** Each signal with its points, its reason and its evidence (linked where it can be opened). */
function Evidence({ item, now }: { item: IntentCompany; now: Date }) {
  return (
    <div className="flex flex-col gap-4" data-intent-evidence>
      {item.signals.map((signal) => (
        <section key={signal.kind} className="flex flex-col gap-1.5" data-evidence-kind={signal.kind}>
          <h4 className="flex flex-wrap items-baseline gap-x-2 text-sm font-medium">
            {INTENT_SIGNAL_LABELS[signal.kind]}
            <span className="text-xs font-normal text-muted-foreground tabular-nums">
              +{signal.points} points
            </span>
          </h4>
          <p className="text-xs text-muted-foreground first-letter:uppercase">{signal.reason}</p>
          <ul className="flex flex-col gap-1">
            {signal.evidence.map((evidence, index) => (
              <li
                // Evidence has no id of its own; its place in the list is stable for one response.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm"
              >
                {evidence.link ? (
                  <Link
                    to={evidenceHref(evidence.link, item.company)}
                    className="inline-flex min-w-0 items-center gap-1 break-words text-primary hover:underline"
                  >
                    <span className="break-words">{evidence.label}</span>
                    <ExternalLink className="size-3 shrink-0" aria-hidden />
                  </Link>
                ) : (
                  <span className="break-words">{evidence.label}</span>
                )}
                {evidence.detail && (
                  <span className="break-all text-xs text-muted-foreground">{evidence.detail}</span>
                )}
                {evidence.at && (
                  <time dateTime={evidence.at} className="text-xs text-muted-foreground">
                    {agoText(evidence.at, now)}
                  </time>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** One ranked company: score, name, reason, signal chips; expanding shows the evidence and the actions. */
export function IntentRow({ item, rank, now }: { item: IntentCompany; rank: number; now: Date }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { company } = item;
  const place = [company.primaryIndustry, company.location].filter(Boolean).join(' · ');

  return (
    <li
      className="flex flex-col gap-3 border-b py-4 first:pt-0 last:border-0 last:pb-0"
      data-intent-company={company.name}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-5">
        <ScoreBar score={item.score} name={company.name} />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="text-xs text-muted-foreground tabular-nums">#{rank}</span>
            <Link
              to={companyPath(company)}
              className="min-w-0 font-medium break-words hover:underline focus-visible:underline"
              data-intent-company-link
            >
              {company.name}
            </Link>
          </div>
          {place && (
            <p className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
              <MapPin className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{place}</span>
            </p>
          )}
          <p className="text-sm" data-intent-reason>
            {item.reason}
          </p>
          <SignalChips signals={item.signals} />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          data-intent-toggle
        >
          <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
          {open ? 'Hide evidence' : 'Show evidence'}
          <span className="sr-only"> for {company.name}</span>
        </Button>
      </div>
      {open && (
        <div id={panelId} className="flex flex-col gap-4 rounded-xl bg-muted/40 p-4 sm:ml-45">
          <Evidence item={item} now={now} />
          <div className="flex flex-wrap gap-2 border-t pt-3">
            <Button asChild variant="outline" size="sm">
              <Link to={companyPath(company)}>
                <Building2 aria-hidden />
                Open company
              </Link>
            </Button>
            {!item.kinds.includes('prospect') && <AddToProspectButton company={company} size="sm" />}
            <Button asChild variant="outline" size="sm">
              <Link to={peopleAtPath(company)}>
                <Users aria-hidden />
                Find people
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={documentGenerationPath([company], '/buyer-intent-results')}>
                <Sparkles aria-hidden />
                Generate document
              </Link>
            </Button>
            <AddToProject kind="company" refIds={[company.id]} name={company.name} size="sm" />
          </div>
        </div>
      )}
    </li>
  );
}
