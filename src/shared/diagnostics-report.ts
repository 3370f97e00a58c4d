/**
 * The report "Copy diagnostics" copies (spec 1 §9), built from the browser's buffers. Apart from
 * diagnostics.ts so the page entry carries only what records; this is loaded with the profile page.
 */
import {
  type ClientErrorEntry,
  DEBUG_LOG_LIMIT,
  type DebugEntry,
  ERROR_LOG_LIMIT,
  isSlow,
  type RawDebugEntry,
  type VitalName,
  type VitalReading,
} from './diagnostics.ts';
import { scrubPath, scrubText } from './diagnostics-scrub.ts';

export type DiagnosticsInput = {
  version: string;
  generatedAt: string;
  userAgent: string;
  browser: string;
  language: string;
  screen: { width: number; height: number; pixelRatio: number };
  viewport: { width: number; height: number };
  route: string;
  errors: readonly ClientErrorEntry[];
  debug: readonly RawDebugEntry[];
  vitals: Partial<Record<VitalName, VitalReading>>;
  /** The signed-in user's e-mail, name and company: scrubbed from everything even if a message carries them. */
  known: readonly string[];
};

/** What "Copy diagnostics" copies: the app, browser and screen, the route, vitals, errors and slow entries. */
export type DiagnosticsReport = {
  app: 'Prospector';
  version: string;
  generatedAt: string;
  browser: string;
  userAgent: string;
  language: string;
  screen: DiagnosticsInput['screen'];
  viewport: DiagnosticsInput['viewport'];
  route: string;
  vitals: DiagnosticsInput['vitals'];
  errors: ClientErrorEntry[];
  slow: DebugEntry[];
  debug: DebugEntry[];
};

/** A raw debug entry as a report line: `GET /api/v1/prospects/:id 404`, flagged slow over 1000 ms. */
export function describeDebugEntry(entry: RawDebugEntry, known: readonly string[] = []): DebugEntry {
  const parts = [
    entry.label === undefined ? undefined : scrubText(entry.label, known, 200),
    entry.path === undefined ? undefined : scrubPath(entry.path, known),
    entry.status === undefined ? undefined : entry.status === 0 ? 'no answer' : String(entry.status),
  ];
  const line: DebugEntry = {
    at: entry.at,
    kind: entry.kind,
    message: parts.filter((part) => part !== undefined).join(' '),
  };
  if (entry.ms !== undefined) {
    line.ms = Math.round(entry.ms);
    if (isSlow(entry.ms)) line.slow = true;
  }
  return line;
}

/**
 * The report, every text scrubbed here: the browser keeps its entries as they happened, and nothing of them
 * leaves it unscrubbed (no e-mail, name, company, record id, query string or token).
 */
export function buildDiagnosticsReport(input: DiagnosticsInput): DiagnosticsReport {
  const { known } = input;
  const text = (value: string | undefined, max?: number) =>
    value === undefined ? undefined : scrubText(value, known, max);
  const errors = input.errors.slice(-ERROR_LOG_LIMIT).map((entry) => {
    const clean: ClientErrorEntry = {
      at: entry.at,
      kind: entry.kind,
      message: scrubText(entry.message, known, 1000),
      route: scrubPath(entry.route, known),
    };
    if (entry.source !== undefined) clean.source = text(entry.source, 300);
    if (entry.stack !== undefined) clean.stack = text(entry.stack, 4000);
    if (entry.method !== undefined) clean.method = entry.method.slice(0, 10);
    if (entry.apiRoute !== undefined) clean.apiRoute = scrubPath(entry.apiRoute, known);
    if (entry.status !== undefined) clean.status = entry.status;
    return clean;
  });
  const debug = input.debug.slice(-DEBUG_LOG_LIMIT).map((entry) => describeDebugEntry(entry, known));
  return {
    app: 'Prospector',
    version: scrubText(input.version, [], 40),
    generatedAt: input.generatedAt,
    browser: input.browser,
    userAgent: scrubText(input.userAgent, known, 400),
    language: input.language.slice(0, 35),
    screen: input.screen,
    viewport: input.viewport,
    route: scrubPath(input.route, known),
    vitals: input.vitals,
    errors,
    slow: debug.filter((entry) => entry.slow),
    debug,
  };
}
