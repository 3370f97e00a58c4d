import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { AppShellSkeleton } from './features/shell/components/app-shell-skeleton.tsx';

/** Renders one public page to HTML at build time; waits for its lazy chunk so the markup is complete. */
export async function renderPage(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // One chunk: otherwise React streams Suspense boundaries out of order and the page shifts as it patches them in.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** The signed-in frame's skeleton, sent as the HTML of the app's addresses until the app has loaded. */
export function renderAppShell(): string {
  return renderToStaticMarkup(<AppShellSkeleton />);
}
