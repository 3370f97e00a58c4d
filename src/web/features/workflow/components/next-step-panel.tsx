import { ArrowRight, ChevronDown, Compass, RotateCcw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  activeTemplate,
  isDismissed,
  type Recommendation,
  remainingTemplateSteps,
  WORKFLOW_TEMPLATE_IDS,
  WORKFLOW_TEMPLATES,
  type WorkflowAgentId,
  workflowAgentName,
  workflowAgentPersona,
} from '../../../../shared/workflow.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useWorkflow } from '../workflow-provider.tsx';

function AgentAvatar({ agentId, className }: { agentId: WorkflowAgentId; className?: string }) {
  if (agentId === 'copilot') {
    return (
      <span
        className={cn('flex shrink-0 items-center justify-center rounded-lg bg-muted', className)}
        aria-hidden
      >
        <Compass className="size-4 text-muted-foreground" />
      </span>
    );
  }
  return (
    <img
      src={`/images/${agentId}.webp`}
      alt=""
      width={32}
      height={32}
      className={cn('shrink-0 rounded-lg bg-muted object-cover', className)}
    />
  );
}

const agentLabel = (agentId: WorkflowAgentId) => {
  const persona = workflowAgentPersona(agentId);
  return persona ? `${persona} · ${workflowAgentName(agentId)}` : workflowAgentName(agentId);
};

function PriorityBadge({ priority }: { priority: Recommendation['priority'] }) {
  return (
    <Badge variant={priority === 'high' ? 'default' : 'outline'} data-priority={priority}>
      {priority === 'high' ? 'High priority' : 'Medium priority'}
    </Badge>
  );
}

function RecommendationItem({
  recommendation,
  here,
  onFollow,
}: {
  recommendation: Recommendation;
  /** It suggests this very page: nothing to open. */
  here: boolean;
  onFollow: (recommendation: Recommendation) => void;
}) {
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border bg-background p-3 sm:flex-row sm:items-center"
      data-recommendation={recommendation.agentId}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <AgentAvatar agentId={recommendation.agentId} className="mt-0.5 size-8" />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{agentLabel(recommendation.agentId)}</span>
            <PriorityBadge priority={recommendation.priority} />
          </div>
          <p className="text-sm text-muted-foreground">{recommendation.reason}</p>
        </div>
      </div>
      {!here && (
        <Button asChild size="sm" variant={recommendation.priority === 'high' ? 'default' : 'outline'}>
          <Link
            to={recommendation.path}
            onClick={() => onFollow(recommendation)}
            className="self-start sm:self-auto"
          >
            Open {recommendation.agentName}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      )}
    </li>
  );
}

/**
 * "Next step" on every agent page (spec 3 §4): a one-line bar with the first recommendation, which opens to
 * show them all, the templates and the last steps. Small on a phone, so the page's own content comes first.
 */
export function NextStepPanel() {
  const { state, agent, ready, follow, dismiss, startTemplate, startOver } = useWorkflow();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { pathname } = useLocation();
  /** A suggestion to stay on this page has nothing to open, only its reason. */
  const isHere = (path: string) => path.split(/[?#]/)[0] === pathname;
  // The copilot's chat fills the screen, and is itself the place to ask what to do next.
  if (!agent || agent === 'copilot') return null;

  const { recommendations, workflowHistory } = state;
  const [top] = recommendations;
  if (top && isDismissed(state, top)) return null;
  const template = activeTemplate(state);
  const templateSteps = template ? WORKFLOW_TEMPLATES[template.id].steps : [];
  const left = remainingTemplateSteps(state).length;

  return (
    <section aria-label="Next step" className="px-4 pt-4 sm:px-6 lg:px-8" data-workflow-panel>
      <div className="rounded-xl border bg-card text-card-foreground shadow-xs">
        <div className="flex items-center gap-2 py-1.5 pr-1.5 pl-3">
          <Compass className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="shrink-0 text-sm font-semibold">Next step</span>
          {top ? (
            <div className="flex min-w-0 flex-1 items-center gap-2" data-top-recommendation={top.agentId}>
              <span
                className={cn(
                  'min-w-0 flex-1 truncate text-sm text-muted-foreground',
                  !isHere(top.path) && 'hidden md:inline',
                )}
              >
                <span className="hidden text-foreground md:inline">{agentLabel(top.agentId)} — </span>
                {top.reason}
              </span>
              {!isHere(top.path) && (
                <Link
                  to={top.path}
                  onClick={() => follow(top)}
                  className="ml-auto inline-flex min-w-0 items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-primary hover:bg-accent md:shrink-0"
                >
                  <span className="truncate">
                    <span className="sr-only">Open </span>
                    {top.agentName}
                  </span>
                  <ArrowRight className="size-4 shrink-0" aria-hidden />
                </Link>
              )}
            </div>
          ) : (
            <span className="ml-auto text-sm text-muted-foreground">Working it out…</span>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0 px-2"
            aria-expanded={open}
            aria-controls={`${id}-details`}
            aria-label={open ? 'Show less' : 'Show more next steps'}
            onClick={() => setOpen((o) => !o)}
          >
            <span className="hidden sm:inline">{open ? 'Less' : 'More'}</span>
            <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
          </Button>
          {top && (
            <Button
              variant="ghost"
              size="sm"
              className="shrink-0 px-2"
              aria-label="Dismiss this next step"
              title="Dismiss this next step"
              onClick={() => dismiss(top)}
            >
              <X aria-hidden />
            </Button>
          )}
        </div>

        <div id={`${id}-details`} hidden={!open} className="border-t px-3 pt-3 pb-3 sm:px-4">
          <div className="flex flex-col gap-4">
            {template && (
              <p className="text-sm" data-active-template={template.id}>
                <span className="font-medium">{WORKFLOW_TEMPLATES[template.id].name}</span>
                <span className="text-muted-foreground">
                  {' '}
                  ·{' '}
                  {left === 0
                    ? 'all steps taken'
                    : `${templateSteps.length - left} of ${templateSteps.length} steps taken`}
                </span>
              </p>
            )}
            {recommendations.length > 0 && (
              <div className="flex flex-col gap-2">
                <p id={`${id}-suggested`} className="text-sm font-medium text-muted-foreground">
                  Suggested next steps
                </p>
                <ul aria-labelledby={`${id}-suggested`} className="flex flex-col gap-2">
                  {recommendations.map((recommendation) => (
                    <RecommendationItem
                      key={recommendation.agentId}
                      recommendation={recommendation}
                      here={isHere(recommendation.path)}
                      onFollow={follow}
                    />
                  ))}
                </ul>
              </div>
            )}

            <div className="flex flex-col gap-2">
              <p id={`${id}-templates`} className="text-sm font-medium text-muted-foreground">
                Or follow a template
              </p>
              <ul aria-labelledby={`${id}-templates`} className="grid gap-2 sm:grid-cols-3">
                {WORKFLOW_TEMPLATE_IDS.map((templateId) => {
                  const t = WORKFLOW_TEMPLATES[templateId];
                  return (
                    <li key={templateId}>
                      <button
                        type="button"
                        disabled={!ready}
                        onClick={() => startTemplate(templateId)}
                        className="flex h-full w-full flex-col items-start gap-1 rounded-xl border bg-background p-3 text-left transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
                        data-template={templateId}
                      >
                        <span className="text-sm font-medium">{t.name}</span>
                        <span className="text-xs text-muted-foreground">
                          {t.steps.map(workflowAgentName).join(' → ')}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>

            <div className="flex flex-wrap items-center justify-between gap-2">
              {workflowHistory.length > 0 ? (
                <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted-foreground">
                  <span id={`${id}-history`}>Your last steps:</span>
                  <ol
                    aria-labelledby={`${id}-history`}
                    className="flex flex-wrap items-center gap-x-1.5 gap-y-1"
                  >
                    {workflowHistory.map((step, i) => (
                      <li
                        key={`${step.agentId}-${step.timestamp}`}
                        className="inline-flex items-center gap-1.5"
                        data-history-step={step.agentId}
                      >
                        {i > 0 && <span aria-hidden>→</span>}
                        <span title={new Date(step.timestamp).toLocaleString()}>
                          {workflowAgentName(step.agentId)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </div>
              ) : (
                <span />
              )}
              <Button variant="ghost" size="sm" disabled={!ready} onClick={startOver}>
                <RotateCcw aria-hidden />
                Start over
              </Button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
