/**
 * The figures every security suite reports (issue 21): how many hostile requests it made, how many were
 * refused with a 4xx, and the three that must stay 0: server errors, leaks and double charges.
 */
export type SecurityFigures = {
  suite: string;
  database: string;
  attempts: number;
  refused: number;
  serverErrors: number;
  leaks: number;
  doubleCharges: number;
};

export function emptyFigures(suite: string, database: string): SecurityFigures {
  return { suite, database, attempts: 0, refused: 0, serverErrors: 0, leaks: 0, doubleCharges: 0 };
}

const COLUMNS = ['suite', 'database', 'attempts', 'refused', '5xx', 'leaks', 'double charges'] as const;

/** The table printed at the end of a suite (and quoted in the closing note). */
export function formatFigures(rows: SecurityFigures[]): string {
  const cells = rows.map((r) => [
    r.suite,
    r.database,
    String(r.attempts),
    String(r.refused),
    String(r.serverErrors),
    String(r.leaks),
    String(r.doubleCharges),
  ]);
  const widths = COLUMNS.map((title, i) =>
    Math.max(title.length, ...cells.map((row) => row[i]?.length ?? 0)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(COLUMNS), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join(
    '\n',
  );
}

export function printFigures(rows: SecurityFigures[]): void {
  console.log(`\n${formatFigures(rows)}\n`);
}
