import { ExternalLink } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { KnowledgeSource } from '../../shared/knowledge.ts';
import { cn } from '../lib/cn.ts';
import { passageHref, passagePlace, passageState } from '../lib/passage-link.ts';
import { Button } from './ui/button.tsx';

/**
 * A passage an answer or a document cites (the knowledge chat, Sales Q&A, an RFP draft, a generated document):
 * its number, title, place and the cited words, and "Open at passage" into enterprise file search. Picked (its
 * citation badge was chosen; `pickedAt` changes each time), it scrolls into view and takes the focus.
 */
export function SourceItem({
  source,
  words,
  pickedAt,
  label,
  children,
}: {
  source: KnowledgeSource;
  /** The words file search looks for when the passage is opened (the question asked). */
  words: string;
  /** When this source was last picked, or null. */
  pickedAt: number | null;
  /** Shown before the place ("PDF"). */
  label?: string;
  /** More about the source, and actions beside "Open at passage". */
  children?: ReactNode;
}) {
  const item = useRef<HTMLLIElement>(null);
  const open = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (pickedAt === null) return;
    item.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    open.current?.focus({ preventScroll: true });
  }, [pickedAt]);
  const place = [label, passagePlace(source)].filter(Boolean).join(' · ');
  return (
    <li
      ref={item}
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-background p-3 transition-shadow',
        pickedAt !== null && 'ring-2 ring-primary/50',
      )}
      data-source={source.ref}
      data-picked={pickedAt !== null || undefined}
    >
      <div className="flex items-start gap-2">
        <span
          className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded bg-primary/10 px-1 text-xs font-semibold text-primary"
          aria-hidden
        >
          {source.ref}
        </span>
        <div className="flex min-w-0 flex-col">
          <span className="text-sm font-medium break-words" data-source-title>
            <span className="sr-only">Source {source.ref}: </span>
            {source.title}
          </span>
          {place && (
            <span className="text-xs break-words text-muted-foreground" data-source-place>
              {place}
            </span>
          )}
        </div>
      </div>
      <blockquote className="border-l-2 pl-3 text-sm break-words text-muted-foreground" data-source-snippet>
        {source.snippet}
      </blockquote>
      <div className="flex flex-wrap items-center gap-1">
        <Button asChild variant="outline" size="sm">
          <Link
            ref={open}
            to={passageHref(source, words)}
            state={passageState(source)}
            aria-label={`Open ${source.title} at the passage`}
            data-open-passage
          >
            <ExternalLink aria-hidden />
            Open at passage
          </Link>
        </Button>
        {children}
      </div>
    </li>
  );
}
