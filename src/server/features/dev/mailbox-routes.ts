import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppDeps, AppEnv } from '../../context.ts';
import { mailOutbox } from '../../db/schema.ts';

const LIMIT = 50;

/** Turns the URLs in a plain-text mail into links (the text itself is escaped by `html`). */
function linkify(text: string) {
  const escaped = text.replace(
    /[&<>"]/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch,
  );
  return raw(escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`));
}

/**
 * The embedded outbox, for development and tests without SMTP: `/dev/mailbox` (HTML, newest first) and
 * `/api/dev/mailbox?to=` (JSON). Not mounted in production: mails hold single-use sign-in links.
 */
export function devMailboxRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const latest = (to: string | undefined) =>
    deps.database.db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.trim().toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(LIMIT);

  app.get('/api/dev/mailbox', async (c) => {
    const mails = await latest(c.req.query('to'));
    return c.json({
      mails: mails.map(({ id, to, subject, text, kind, createdAt }) => ({
        id,
        to,
        subject,
        text,
        kind,
        createdAt,
      })),
    });
  });

  app.get('/dev/mailbox', async (c) => {
    const mails = await latest(c.req.query('to'));
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox — Prospector (development)</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1rem;margin:0}.meta{color:#6b7280;font-size:.85rem}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Mailbox</h1>
<p class="meta">Mails the server would have sent (no SMTP_URL configured). Newest first, at most ${LIMIT}.</p>
${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
${mails.map(
  (mail) => html`<article data-mail-id="${mail.id}"><h2>${mail.subject}</h2>
<p class="meta">To ${mail.to} · ${mail.createdAt.toISOString()}</p><pre>${linkify(mail.text)}</pre></article>`,
)}
</body></html>`);
  });
  return app;
}
