import { MessageSquare, Search, SearchX, UserRound } from 'lucide-react';
import { type KeyboardEvent, useId, useRef } from 'react';
import { VERDICT_LABELS } from '../../../../shared/knowledge.ts';
import { RFP_STATUS_LABELS, RFP_STATUSES, type RfpQuestion, type RfpStatus } from '../../../../shared/rfp.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { cn } from '../../../lib/cn.ts';
import { sectionPath } from '../format.ts';
import { ConfidenceLabel } from './confidence-label.tsx';
import { StatusBadge } from './status-badge.tsx';

export type QuestionFilters = {
  status: RfpStatus | '';
  /** A name, `none` for the unassigned, or '' for everyone. */
  assignee: string;
  q: string;
};

export const NO_FILTERS: QuestionFilters = { status: '', assignee: '', q: '' };
export const UNASSIGNED = '\u0000none';

export function filterQuestions(questions: RfpQuestion[], filters: QuestionFilters): RfpQuestion[] {
  const words = filters.q.trim().toLowerCase();
  return questions.filter(
    (question) =>
      (!filters.status || question.status === filters.status) &&
      (!filters.assignee ||
        (filters.assignee === UNASSIGNED ? !question.assignee : question.assignee === filters.assignee)) &&
      (!words ||
        [question.text, question.ref ?? '', question.section ?? '', question.answer].some((field) =>
          field.toLowerCase().includes(words),
        )),
  );
}

/** Consecutive questions of one section, in the questionnaire's order. */
function groupsOf(questions: RfpQuestion[]) {
  const groups: { section: string | null; questions: RfpQuestion[] }[] = [];
  for (const question of questions) {
    const last = groups.at(-1);
    if (last && last.section === question.section) last.questions.push(question);
    else groups.push({ section: question.section, questions: [question] });
  }
  return groups;
}

function QuestionItem({
  question,
  selected,
  unsaved,
  onSelect,
}: {
  question: RfpQuestion;
  selected: boolean;
  unsaved: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full flex-col gap-1.5 rounded-lg px-3 py-2.5 text-left transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          selected && 'bg-accent ring-1 ring-primary/40',
        )}
        data-question={question.id}
        data-question-status={question.status}
      >
        {question.ref && (
          <span className="max-w-full truncate font-mono text-[11px] text-muted-foreground">
            {question.ref}
          </span>
        )}
        <span className="line-clamp-3 text-sm leading-snug break-words">{question.text}</span>
        <span className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
          <StatusBadge status={question.status} />
          {question.answerOrigin !== 'manual' && (
            <ConfidenceLabel confidence={question.confidence} reason={question.confidenceReason} />
          )}
          {question.verdict && (
            <span className="text-xs font-medium text-muted-foreground" data-verdict={question.verdict}>
              {question.verdict === 'not_stated' ? 'Not stated' : VERDICT_LABELS[question.verdict]}
            </span>
          )}
          {question.assignee && (
            <span className="inline-flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
              <UserRound className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{question.assignee}</span>
            </span>
          )}
          {question.commentCount > 0 && (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <MessageSquare className="size-3.5" aria-hidden />
              {question.commentCount}
              <span className="sr-only">{question.commentCount === 1 ? 'comment' : 'comments'}</span>
            </span>
          )}
          {unsaved && <span className="text-xs font-medium text-amber-700 dark:text-amber-400">Unsaved</span>}
        </span>
      </button>
    </li>
  );
}

/**
 * The questions by section, filtered by status, assignee and words; the arrow keys move through them (Home and
 * End to the first and last).
 */
export function QuestionList({
  questions,
  visible,
  filters,
  onFiltersChange,
  selectedId,
  unsavedId,
  onSelect,
  className,
}: {
  questions: RfpQuestion[];
  visible: RfpQuestion[];
  filters: QuestionFilters;
  onFiltersChange: (filters: QuestionFilters) => void;
  selectedId: string | null;
  unsavedId: string | null;
  /** Returns false when the user chose to stay (unsaved changes). */
  onSelect: (questionId: string) => boolean;
  className?: string;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const assignees = [
    ...new Set(questions.map((q) => q.assignee).filter((name): name is string => Boolean(name))),
  ].sort((a, b) => a.localeCompare(b));
  const count = (status: RfpStatus) => questions.filter((q) => q.status === status).length;
  const filtered = filters.status !== '' || filters.assignee !== '' || filters.q.trim() !== '';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key) || visible.length === 0) return;
    if (!(event.target instanceof HTMLButtonElement)) return;
    event.preventDefault();
    const at = visible.findIndex((q) => q.id === (event.target as HTMLElement).dataset.question);
    const index =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? visible.length - 1
          : Math.min(visible.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
    const next = visible[index];
    if (!next || !onSelect(next.id)) return;
    list.current?.querySelector<HTMLButtonElement>(`[data-question="${next.id}"]`)?.focus();
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border bg-card text-card-foreground shadow-xs lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)]',
        className,
      )}
      data-question-list
    >
      <div className="flex flex-col gap-3 border-b p-4">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            Questions
          </h2>
          <span className="text-xs text-muted-foreground" aria-live="polite" data-question-count>
            {filtered ? `${visible.length} of ${questions.length}` : questions.length}
          </span>
        </div>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={filters.q}
            onChange={(event) => onFiltersChange({ ...filters, q: event.target.value })}
            placeholder="Search questions and answers"
            aria-label="Search questions and answers"
            className="pl-9"
            data-question-search
          />
        </div>
        <fieldset className="flex flex-wrap gap-1" data-filter="status">
          <legend className="sr-only">Filter by status</legend>
          {(['', ...RFP_STATUSES] as const).map((status) => (
            <Button
              key={status || 'all'}
              type="button"
              size="sm"
              variant={filters.status === status ? 'secondary' : 'ghost'}
              aria-pressed={filters.status === status}
              className="h-8 gap-1.5 px-2.5"
              onClick={() => onFiltersChange({ ...filters, status })}
              data-status-filter={status || 'all'}
            >
              {status ? RFP_STATUS_LABELS[status] : 'All'}
              <span className="text-xs text-muted-foreground tabular-nums">
                {status ? count(status) : questions.length}
              </span>
            </Button>
          ))}
        </fieldset>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-assignee`} className="shrink-0 text-xs text-muted-foreground">
            Assignee
          </Label>
          <NativeSelect
            id={`${id}-assignee`}
            className="min-w-0 flex-1"
            value={filters.assignee}
            onChange={(event) => onFiltersChange({ ...filters, assignee: event.target.value })}
            data-filter="assignee"
          >
            <option value="">Everyone</option>
            <option value={UNASSIGNED}>Unassigned</option>
            {assignees.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {visible.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-muted-foreground">
          <SearchX className="size-6" aria-hidden />
          No question matches these filters.
          <Button variant="outline" size="sm" onClick={() => onFiltersChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys move between the buttons inside
        <div ref={list} className="min-h-0 flex-1 overflow-y-auto p-2" onKeyDown={onKeyDown}>
          {groupsOf(visible).map((group, index) => (
            <div key={`${group.section}-${group.questions[0]?.id}`} className="flex flex-col">
              {group.section && (
                <h3
                  id={`${id}-group-${index}`}
                  className={cn(
                    'px-3 pb-1 text-xs font-semibold break-words text-muted-foreground',
                    index === 0 ? 'pt-1' : 'pt-3',
                  )}
                >
                  {sectionPath(group.section)}
                </h3>
              )}
              <ul
                aria-labelledby={group.section ? `${id}-group-${index}` : undefined}
                aria-label={group.section ? undefined : 'Questions'}
                className="flex flex-col gap-0.5"
              >
                {group.questions.map((question) => (
                  <QuestionItem
                    key={question.id}
                    question={question}
                    selected={question.id === selectedId}
                    unsaved={question.id === unsavedId}
                    onSelect={() => onSelect(question.id)}
                  />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
