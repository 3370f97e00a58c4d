import MarkdownIt, { type Token } from 'markdown-it';
import { createElement, Fragment, type ReactNode, useMemo } from 'react';
import { MISSING_PATTERN } from '../../shared/docgen.ts';
import { cn } from '../lib/cn.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table.tsx';

// html stays off: generated text is data, and markup in it must show as the characters typed, never run.
const parser = new MarkdownIt('default', { html: false, linkify: true, typographer: false });

/** A `[Missing: …]` mark, or a citation marker: "[1]", "[2, 3]" (as the knowledge chat's answers have them). */
const MARK_PATTERN = new RegExp(`${MISSING_PATTERN.source}|\\[(\\d+(?:\\s*,\\s*\\d+)*)\\]`, 'g');

/** markdown-it already refuses javascript:, vbscript: and data: links; other schemes than these stay text too. */
function isSafeHref(href: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(href) || /^(?:https?|mailto|tel):/i.test(href);
}

type Context = { onCitation?: (ref: number) => void };

const BLOCK_CLASSES: Record<string, string> = {
  h2: 'mt-5 mb-2 text-lg leading-tight font-semibold tracking-tight first:mt-0',
  h3: 'mt-4 mb-2 text-base leading-tight font-semibold first:mt-0',
  h4: 'mt-3 mb-1.5 font-semibold first:mt-0',
  h5: 'mt-3 mb-1 font-medium first:mt-0',
  h6: 'mt-3 mb-1 font-medium text-muted-foreground first:mt-0',
  p: 'my-2 first:mt-0 last:mb-0',
  ul: 'my-2 list-disc space-y-1 pl-5 first:mt-0 last:mb-0 marker:text-muted-foreground',
  ol: 'my-2 list-decimal space-y-1 pl-5 first:mt-0 last:mb-0 marker:text-muted-foreground',
  li: 'pl-1 [&>ol]:my-1 [&>ul]:my-1',
  blockquote: 'my-3 border-l-2 pl-3 text-muted-foreground first:mt-0 last:mb-0',
  strong: 'font-semibold',
  em: 'italic',
  s: 'line-through',
};

/**
 * Markdown from the server (generated documents, RFP answers) as React elements, never as HTML: citation
 * markers become badges (buttons with `onCitation`), `[Missing: …]` marks are highlighted.
 */
export function Markdown({
  text,
  className,
  onCitation,
}: {
  text: string;
  className?: string;
  onCitation?: (ref: number) => void;
}) {
  const tokens = useMemo(() => parser.parse(text, {}), [text]);
  return (
    <div className={cn('text-sm leading-relaxed break-words', className)} data-markdown>
      {renderTokens(tokens, { onCitation })}
    </div>
  );
}

/** Renders a token list, each open token with what lies before its matching close as its children. */
function renderTokens(tokens: readonly Token[], context: Context, inLink = false): ReactNode[] {
  const nodes: ReactNode[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] as Token;
    const key = String(index);
    if (token.nesting === 1) {
      let close = index + 1;
      for (let depth = 1; close < tokens.length; close++) {
        depth += (tokens[close] as Token).nesting;
        if (depth === 0) break;
      }
      const isLink = token.type === 'link_open';
      const children = renderTokens(tokens.slice(index + 1, close), context, inLink || isLink);
      nodes.push(openElement(token, children, key));
      index = close + 1;
    } else if (token.type === 'text' || token.type === 'softbreak') {
      // One run of text (across soft line breaks), so a mark broken over two lines is still found.
      let value = '';
      for (; index < tokens.length; index++) {
        const next = tokens[index] as Token;
        if (next.type === 'text') value += next.content;
        else if (next.type === 'softbreak') value += '\n';
        else break;
      }
      nodes.push(<Fragment key={key}>{inLink ? value : markedText(value, context)}</Fragment>);
    } else {
      nodes.push(leafElement(token, context, key, inLink));
      index++;
    }
  }
  return nodes;
}

function openElement(token: Token, children: ReactNode[], key: string): ReactNode {
  // Paragraphs in tight lists are hidden: their text sits in the list item directly.
  if (token.hidden) return <Fragment key={key}>{children}</Fragment>;
  switch (token.type) {
    case 'heading_open': {
      // The page owns the h1; a document's "#" is the first level below it.
      const level = Math.min(6, Number(token.tag.slice(1)) + 1);
      return createElement(`h${level}`, { key, className: BLOCK_CLASSES[`h${level}`] }, children);
    }
    case 'ordered_list_open': {
      const start = Number(token.attrGet('start') ?? 1);
      return (
        <ol key={key} className={BLOCK_CLASSES.ol} start={start === 1 ? undefined : start}>
          {children}
        </ol>
      );
    }
    case 'link_open': {
      const href = String(token.attrGet('href') ?? '');
      if (!isSafeHref(href)) return <span key={key}>{children}</span>;
      return (
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-primary underline underline-offset-4 hover:text-primary/80"
        >
          {children}
        </a>
      );
    }
    case 'table_open':
      return (
        <Table key={key} containerClassName="my-3 rounded-lg border first:mt-0 last:mb-0">
          {children}
        </Table>
      );
    case 'thead_open':
      return (
        <TableHeader key={key} className="bg-muted/50">
          {children}
        </TableHeader>
      );
    case 'tbody_open':
      return <TableBody key={key}>{children}</TableBody>;
    case 'tr_open':
      return <TableRow key={key}>{children}</TableRow>;
    case 'th_open':
      return (
        <TableHead key={key} className={cn('h-auto px-3 py-2 whitespace-normal', cellAlign(token))}>
          {children}
        </TableHead>
      );
    case 'td_open':
      return (
        <TableCell key={key} className={cn('px-3 py-2 align-top', cellAlign(token))}>
          {children}
        </TableCell>
      );
    default:
      return createElement(token.tag || 'span', { key, className: BLOCK_CLASSES[token.tag] }, children);
  }
}

function cellAlign(token: Token): string | undefined {
  const style = String(token.attrGet('style') ?? '');
  if (style.includes('right')) return 'text-right';
  if (style.includes('center')) return 'text-center';
  return undefined;
}

function leafElement(token: Token, context: Context, key: string, inLink: boolean): ReactNode {
  switch (token.type) {
    case 'inline':
      return <Fragment key={key}>{renderTokens(token.children ?? [], context, inLink)}</Fragment>;
    case 'code_inline':
      return (
        <code key={key} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
          {token.content}
        </code>
      );
    case 'hardbreak':
      return <br key={key} />;
    case 'fence':
    case 'code_block':
      return (
        <pre
          key={key}
          className="my-3 overflow-x-auto rounded-lg border bg-muted/50 p-3 font-mono text-xs leading-relaxed first:mt-0 last:mb-0"
        >
          <code>{token.content.replace(/\n$/, '')}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} className="my-4 border-border" />;
    default:
      // Images (we load nothing remote from generated text) and anything unknown show as their text.
      return <Fragment key={key}>{token.content}</Fragment>;
  }
}

function markedText(text: string, context: Context): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const found of text.matchAll(MARK_PATTERN)) {
    if (found.index > last) nodes.push(text.slice(last, found.index));
    const at = found.index;
    if (found[1] !== undefined) {
      nodes.push(
        <mark
          key={at}
          data-missing={found[1].replace(/\s+/g, ' ')}
          className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40"
        >
          {found[0]}
        </mark>,
      );
    } else {
      const refs = (found[2] ?? '').split(',');
      for (let position = 0; position < refs.length; position++) {
        const ref = Number(refs[position]);
        nodes.push(<Citation key={`${at}-${position}`} number={ref} onCitation={context.onCitation} />);
      }
    }
    last = at + found[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

const BADGE =
  'inline-flex h-4 min-w-4 items-center justify-center rounded bg-primary/10 px-1 text-[0.65rem] leading-none font-semibold text-primary';

function Citation({ number, onCitation }: { number: number; onCitation?: (ref: number) => void }) {
  if (!onCitation) {
    return (
      <sup data-citation={number} className={cn('mx-0.5', BADGE)}>
        {number}
      </sup>
    );
  }
  return (
    <sup data-citation={number} className="mx-0.5">
      <button
        type="button"
        onClick={() => onCitation(number)}
        aria-label={`Source ${number}`}
        className={cn(
          BADGE,
          'hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        )}
      >
        {number}
      </button>
    </sup>
  );
}
