import type { ReactNode } from 'react';
import type { ArchitectureBlock as Block } from '../../../../shared/architecture.ts';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';

/** `code` spans of the server's prose as <code>; everything else as text. */
function inline(text: string): ReactNode[] {
  return text.split(/`([^`]+)`/).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <code key={i} className="rounded bg-muted px-1 py-0.5 text-[0.85em]">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

/**
 * How a column keeps readable on a phone (the table scrolls sideways instead): sentences get room to wrap,
 * names (table names, job types) stay on one line, and long paths break only when they must.
 */
function columnWidth(cells: string[]): string | undefined {
  const longest = Math.max(0, ...cells.map((cell) => cell.length));
  const sentences = cells.some((cell) => cell.includes(' '));
  if (sentences) return longest > 40 ? 'min-w-56' : undefined;
  return longest > 32 ? 'min-w-48 [overflow-wrap:anywhere]' : 'whitespace-nowrap';
}

/** One piece of a tab: a paragraph, a list, labelled figures or a table that scrolls on its own on phones. */
export function ArchitectureBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'text':
      return <p className="text-sm leading-relaxed">{inline(block.text)}</p>;
    case 'list':
      return (
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm leading-relaxed marker:text-muted-foreground">
          {block.items.map((item) => (
            <li key={item}>{inline(item)}</li>
          ))}
        </ul>
      );
    case 'figures':
      return (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-figures>
          {block.items.map((item) => (
            <div key={item.label} className="min-w-0 rounded-xl border bg-card p-3">
              <dt className="text-xs font-medium text-muted-foreground">{item.label}</dt>
              <dd className="mt-1 text-sm font-semibold break-words" data-figure={item.label}>
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'table': {
      const width = block.columns.map((_, c) => columnWidth(block.rows.map((row) => row[c] ?? '')));
      return (
        <figure className="flex min-w-0 flex-col gap-2">
          <figcaption className="text-sm font-medium">{block.caption}</figcaption>
          <Table scrollLabel={block.caption} containerClassName="rounded-xl border" className="text-sm">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {block.columns.map((column) => (
                  <TableHead key={column} className="h-auto px-2 py-2 whitespace-normal sm:px-3">
                    {column}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {block.rows.length === 0 ? (
                <TableRow>
                  <TableCell
                    colSpan={block.columns.length}
                    className="px-2 py-2 text-muted-foreground sm:px-3"
                  >
                    None
                  </TableCell>
                </TableRow>
              ) : (
                block.rows.map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows of a table that never reorders
                  <TableRow key={r}>
                    {row.map((cell, c) => (
                      <TableCell
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                        key={c}
                        className={cn('px-2 py-2 align-top sm:px-3', c === 0 && 'font-medium', width[c])}
                      >
                        {cell}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </figure>
      );
    }
  }
}
