import type { ClientErrorReport } from '../../../shared/client-errors.ts';
import { scrubPath, scrubText } from '../../../shared/diagnostics-scrub.ts';
import { describeUserAgent } from '../../../shared/user-agent.ts';
import type { Logger } from '../../logger.ts';

/**
 * Writes a browser's error to the server log (spec 1 §9). The browser scrubbed it already; we do again, since
 * anyone can post anything here: no e-mail, id, token or query string reaches the log, only the browser's name.
 */
export function logClientError(logger: Logger, report: ClientErrorReport, userAgent: string | undefined) {
  const clientError: Record<string, unknown> = {
    kind: report.kind,
    message: scrubText(report.message, [], 1000),
    route: scrubPath(report.route),
    browser: describeUserAgent(userAgent).label,
  };
  if (report.source !== undefined) clientError.source = scrubText(report.source, [], 300);
  if (report.stack !== undefined) clientError.stack = scrubText(report.stack, [], 4000);
  if (report.method !== undefined) clientError.method = report.method;
  if (report.apiRoute !== undefined) clientError.apiRoute = scrubPath(report.apiRoute);
  if (report.status !== undefined) clientError.status = report.status;
  if (report.version !== undefined) clientError.version = scrubText(report.version, [], 40);
  logger.warn({ clientError }, 'client error');
}
