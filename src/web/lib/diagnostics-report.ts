import { buildDiagnosticsReport, type DiagnosticsReport } from '../../shared/diagnostics-report.ts';
import { describeUserAgent } from '../../shared/user-agent.ts';
import { diagnosticsSnapshot } from './diagnostics.ts';

/**
 * What "Copy diagnostics" copies (spec 1 §9): the app's version (from the server), this browser and screen, the
 * route, and the buffers. `known`: what the page knows of the user (name, company) to scrub as well.
 */
export async function diagnosticsReport(known: readonly string[] = []): Promise<DiagnosticsReport> {
  let version = 'unknown';
  try {
    const health = await fetch('/api/health', { credentials: 'same-origin' });
    if (health.ok) version = String(((await health.json()) as { version?: unknown }).version ?? version);
  } catch {
    // Offline: the rest of the report still helps.
  }
  const snapshot = diagnosticsSnapshot();
  return buildDiagnosticsReport({
    version,
    generatedAt: new Date().toISOString(),
    userAgent: navigator.userAgent,
    browser: describeUserAgent(navigator.userAgent).label,
    language: navigator.language,
    screen: { width: screen.width, height: screen.height, pixelRatio: window.devicePixelRatio },
    viewport: { width: window.innerWidth, height: window.innerHeight },
    route: window.location.pathname,
    errors: snapshot.errors,
    debug: snapshot.debug,
    vitals: snapshot.vitals,
    known: [...snapshot.known, ...known],
  });
}
