import { ArrowRight, Bot, Loader2, TriangleAlert, User } from 'lucide-react';
import { useEffect, useRef } from 'react';
import {
  type AnalyzeResponse,
  confidenceLabel,
  type Entities,
  MODEL_UNAVAILABLE_NOTICE,
  SUGGESTED_AGENT_NAMES,
} from '../../../../shared/copilot.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useTypedAnswer } from '../typing.ts';
import type { UiMessage } from '../use-copilot-chat.ts';
import { ProspectPicker } from './prospect-picker.tsx';

type ThreadProps = {
  messages: UiMessage[];
  /** Opens an analysis's agent (the answer's button). */
  onOpenAgent: (answer: AnalyzeResponse) => void;
  /** Sends a command again for the prospect picked, when it was refused for want of one. */
  onPickProspect?: (command: string, prospectId: string, name: string) => void;
  compact?: boolean;
};

/** The conversation, newest at the bottom, kept in view as it grows; read out politely to screen readers. */
export function ChatThread({ messages, onOpenAgent, onPickProspect, compact = false }: ThreadProps) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives or changes
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [messages.length, last?.content]);
  return (
    <>
      <ol className="flex flex-col gap-4" aria-label="Conversation" aria-live="polite">
        {messages.map((message, index) => (
          <li
            key={message.id}
            data-chat-message={message.role}
            data-streaming={message.streaming || undefined}
            // A reply still being written is read out once it is whole, not at every word.
            aria-busy={message.streaming || undefined}
          >
            {message.role === 'user' ? (
              <UserBubble text={message.content} />
            ) : (
              <AssistantBubble
                message={message}
                onOpenAgent={onOpenAgent}
                // Only the last reply asks: an earlier one was answered by what followed it.
                onPickProspect={
                  index === messages.length - 1 && onPickProspect
                    ? (id, name) => {
                        const said = messages[index - 1];
                        if (said?.role === 'user') onPickProspect(said.content, id, name);
                      }
                    : undefined
                }
                compact={compact}
              />
            )}
          </li>
        ))}
      </ol>
      <div ref={end} />
    </>
  );
}

function UserBubble({ text }: { text: string }) {
  return (
    <div className="flex justify-end gap-2">
      <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm whitespace-pre-wrap text-primary-foreground">
        {text}
      </p>
      <span className="sr-only">You</span>
      <User className="mt-1 size-5 shrink-0 text-muted-foreground" aria-hidden />
    </div>
  );
}

function AssistantBubble({
  message,
  onOpenAgent,
  onPickProspect,
  compact,
}: {
  message: UiMessage;
  onOpenAgent: ThreadProps['onOpenAgent'];
  onPickProspect?: (prospectId: string, name: string) => void;
  compact: boolean;
}) {
  const { shown, done } = useTypedAnswer(message.content, Boolean(message.fresh) && !message.streaming);
  const answer = message.analysis;
  return (
    <div className="flex gap-2">
      <Bot className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
      <span className="sr-only">Copilot</span>
      <div className="flex min-w-0 max-w-[90%] flex-col gap-2">
        <p
          className={cn(
            'rounded-2xl rounded-bl-sm border bg-card px-4 py-2 text-sm whitespace-pre-wrap text-card-foreground',
            message.failed && 'border-destructive/40',
          )}
          data-reply-text
        >
          {message.streaming && (
            <Loader2 className="mr-2 inline size-4 animate-spin align-text-bottom" aria-hidden />
          )}
          {message.failed && (
            <TriangleAlert className="mr-2 inline size-4 align-text-bottom text-destructive" aria-hidden />
          )}
          {shown}
        </p>
        {done && answer?.modelUnavailable && (
          <p className="text-xs text-muted-foreground" data-model-unavailable>
            {MODEL_UNAVAILABLE_NOTICE}
          </p>
        )}
        {done && message.command && (
          <p className="text-xs text-muted-foreground" data-command={message.command.action}>
            {message.command.ok ? 'Done' : 'Not done'} · {message.command.action} command
          </p>
        )}
        {done && message.command?.needsProspect && onPickProspect && (
          <ProspectPicker onPick={onPickProspect} />
        )}
        {done && answer && <AnalysisSummary answer={answer} onOpenAgent={onOpenAgent} compact={compact} />}
      </div>
    </div>
  );
}

const ENTITY_LABELS: Partial<Record<keyof Entities, string>> = {
  industry: 'Industry',
  companySize: 'Size',
  region: 'Region',
  companyNames: 'Company',
  jobTitles: 'Title',
  quarter: 'Quarter',
  timeframe: 'Timeframe',
  deadline: 'Deadline',
};

function entityChips(entities: Entities): [string, string][] {
  const chips: [string, string][] = [];
  for (const [key, label] of Object.entries(ENTITY_LABELS) as [keyof Entities, string][]) {
    const value = entities[key];
    if (Array.isArray(value)) for (const v of value) chips.push([label, v]);
    else if (typeof value === 'string') chips.push([label, value]);
  }
  if (entities.amount !== undefined) chips.push(['Amount', `$${formatNumber(entities.amount)}`]);
  return chips;
}

/** What the copilot understood: confidence, entities, the filters applied and skipped, where it leads. */
function AnalysisSummary({
  answer,
  onOpenAgent,
  compact,
}: {
  answer: AnalyzeResponse;
  onOpenAgent: ThreadProps['onOpenAgent'];
  compact: boolean;
}) {
  const { analysis, filterValidation, handoff } = answer;
  const chips = entityChips(analysis.entities);
  const applied = Object.values(filterValidation.validFilters).flat();
  // The questions the reply does not already ask.
  const followUps = analysis.followUpQuestions
    .filter((question) => !answer.response.text.includes(question))
    .slice(0, 3);
  return (
    <div className="flex flex-col gap-2 text-xs" data-analysis>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge
          variant={analysis.confidence >= 70 ? 'success' : 'secondary'}
          data-confidence={analysis.confidence}
        >
          {confidenceLabel(analysis.confidence)}
        </Badge>
        {!compact &&
          chips.map(([label, value]) => (
            <Badge key={`${label}:${value}`} variant="outline">
              <span className="text-muted-foreground">{label}:</span> {value}
            </Badge>
          ))}
      </div>
      {applied.length > 0 && (
        <p className="text-muted-foreground" data-applied-filters>
          Filters applied: {applied.join(', ')}
        </p>
      )}
      {filterValidation.suggestions.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-muted-foreground" data-filter-suggestions>
          {filterValidation.suggestions.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {followUps.length > 0 && (
        <ul className="list-disc pl-4 text-muted-foreground" data-follow-up>
          {followUps.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ul>
      )}
      {handoff && (
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onOpenAgent(answer)}
            data-open-agent={handoff.agent}
          >
            Open {SUGGESTED_AGENT_NAMES[handoff.agent]}
            <ArrowRight aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}
