import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { jobs as jobsTable } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import { createJobQueue, type JobQueue, type JobView } from '../../jobs/queue.ts';
import { createLogger } from '../../logger.ts';

type SseEvent = { event: string; data: string };

/** Reads a whole server-sent event stream; resolves when the server closes it. */
async function readEvents(res: Response, onEvent?: (event: SseEvent) => void): Promise<SseEvent[]> {
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  const events: SseEvent[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const lines = block.split('\n').filter((line) => !line.startsWith(':'));
      if (lines.length === 0) continue;
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      events.push({ event, data });
      onEvent?.({ event, data });
    }
  }
}

const parse = (events: SseEvent[]) => events.map((e) => JSON.parse(e.data) as JobView);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe.each(backends())('jobs routes on $name', (backend: Backend) => {
  let database: TestDatabase;
  let queue: JobQueue;
  let app: App;
  let gate = deferred();
  let owner: AuthClient;
  let ownerId: string;

  beforeAll(async () => {
    database = await backend.create();
    const logger = createLogger('silent');
    queue = createJobQueue({ db: database.db, logger, pollIntervalMs: 20 });
    queue.register<{ rows: number }>('export', async (job, ctx) => {
      await ctx.progress(50, 'half way');
      await gate.promise;
      return { exported: job.payload.rows };
    });
    app = (await createTestApp(database, { jobs: queue })).app;
    owner = authClient(app);
    await owner.signUp('owner@example.com', 'violet-harbor-42', 'Owner');
    ownerId = (await owner.session())?.user.id ?? '';
  });
  afterAll(async () => {
    await queue.stop();
    await database.destroy();
  });

  it('answers a job by id with its public shape', async () => {
    const userId = ownerId;
    const job = await queue.enqueue('export', { rows: 3 }, { userId });

    const res = await owner.request('GET', `/api/v1/jobs/${job.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      id: job.id,
      type: 'export',
      status: 'queued',
      progress: 0,
      message: null,
      result: null,
      error: null,
      attempts: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      finishedAt: null,
      userId,
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    gate.resolve();
    await queue.runOnce();
    gate = deferred();
    const done = await (await owner.request('GET', `/api/v1/jobs/${job.id}`)).json();
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      message: 'half way',
      result: { exported: 3 },
    });
    expect(done.finishedAt).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown job and 400 for an id that is not a UUID', async () => {
    const missing = await owner.request('GET', `/api/v1/jobs/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Job not found' } });

    const invalid = await owner.request('GET', '/api/v1/jobs/not-a-uuid');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });

    const missingEvents = await owner.request('GET', `/api/v1/jobs/${crypto.randomUUID()}/events`);
    expect(missingEvents.status).toBe(404);
    expect((await owner.request('GET', '/api/v1/jobs/123/events')).status).toBe(400);
  });

  it("keeps jobs private: 401 without a session, 404 for another user's job", async () => {
    const job = await queue.enqueue('export', { rows: 2 }, { userId: ownerId });
    expect((await app.request(`/api/v1/jobs/${job.id}`)).status).toBe(401);
    const stranger = authClient(app);
    await stranger.signUp('stranger@example.com', 'amber-lantern-77', 'Stranger');
    expect((await stranger.request('GET', `/api/v1/jobs/${job.id}`)).status).toBe(404);
    expect((await stranger.request('GET', `/api/v1/jobs/${job.id}/events`)).status).toBe(404);
    gate.resolve();
  });

  it('streams progress events until the job succeeds, then closes', async () => {
    const job = await queue.enqueue('export', { rows: 7 }, { userId: ownerId });
    const res = await owner.request('GET', `/api/v1/jobs/${job.id}/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');

    let run: Promise<void> | null = null;
    const events = parse(
      await readEvents(res, (event) => {
        const view = JSON.parse(event.data) as JobView;
        // Start the work only once the stream has sent the queued state, then let it finish at half way.
        if (view.status === 'queued' && !run) run = queue.runOnce();
        if (view.progress === 50) gate.resolve();
      }),
    );
    await run;
    gate = deferred();

    expect(events[0]).toMatchObject({ id: job.id, status: 'queued', progress: 0 });
    expect(events).toContainEqual(
      expect.objectContaining({ status: 'running', progress: 50, message: 'half way' }),
    );
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', progress: 100, result: { exported: 7 } });
    expect(events.filter((e) => e.status === 'succeeded')).toHaveLength(1);
  });

  it('sees changes made by another server instance through the database', async () => {
    const job = await queue.enqueue('export', { rows: 1 }, { userId: ownerId });
    const res = await owner.request('GET', `/api/v1/jobs/${job.id}/events`);
    const started = Date.now();
    const events = parse(
      await readEvents(res, (event) => {
        if ((JSON.parse(event.data) as JobView).status !== 'queued') return;
        // Another server finished it: no in-process event, only the row changes.
        void database.db
          .update(jobsTable)
          .set({
            status: 'failed',
            error: 'disk full',
            attempts: 3,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(jobsTable.id, job.id))
          .execute();
      }),
    );
    expect(events.map((e) => e.status)).toEqual(['queued', 'failed']);
    expect(events[1]).toMatchObject({ error: 'disk full' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('documents the job routes and the Job schema in the OpenAPI document', async () => {
    const doc = await (await app.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/jobs/{id}', '/api/v1/jobs/{id}/events']),
    );
    expect(doc.components.schemas.Job.properties.status.enum).toEqual([
      'queued',
      'running',
      'succeeded',
      'failed',
    ]);
    expect(Object.keys(doc.paths['/api/v1/jobs/{id}/events'].get.responses['200'].content)).toEqual([
      'text/event-stream',
    ]);
  });
});
