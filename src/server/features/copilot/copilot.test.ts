/**
 * The copilot API (issue 7 §2, §6, §7): analysis with the built-in engine, filter validation against the
 * company data, the hand-off, charging, chat sessions stored per user, and commands that change a prospect.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { AnalyzeResponse, SendMessageResponse } from '../../../shared/copilot.ts';
import { readServerEvents, type ServerEvent } from '../../../shared/sse.ts';
import { queryRows } from '../../db/client.ts';
import { companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';

const real = { source: 'sp500', license: 'ODC-PDDL-1.0' } as const;
const COMPANIES: (typeof companyMaster.$inferInsert)[] = [
  {
    ...real,
    name: 'Berlin Ledger',
    primaryIndustry: 'Fintech',
    size: '51-200',
    country: 'Germany',
    countryCode: 'DE',
    city: 'Berlin',
  },
  {
    ...real,
    name: 'Stripe, Inc.',
    primaryIndustry: 'Fintech',
    size: '5001-10000',
    country: 'United States',
    countryCode: 'US',
    region: 'California',
    city: 'San Francisco',
  },
  {
    ...real,
    name: 'Boston Care Partners',
    primaryIndustry: 'Healthcare',
    size: '1001-5000',
    country: 'United States',
    countryCode: 'US',
    region: 'Massachusetts',
    city: 'Boston',
  },
];

describe.each(backends())('the copilot on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        await database.db.insert(companyMaster).values(COMPANIES);
      },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
  });
  afterAll(() => close?.());

  const remaining = async (client: AuthClient) =>
    ((await (await client.request('GET', '/api/v1/credits')).json()) as { remainingCredits: number })
      .remainingCredits;
  const analyze = async (client: AuthClient, query: string) => {
    const response = await client.request('POST', '/api/v1/copilot/analyze', { query });
    return { status: response.status, body: (await response.json()) as AnalyzeResponse };
  };
  const send = async (client: AuthClient, text: string, extra: object = {}) => {
    const response = await client.request('POST', '/api/v1/copilot/messages', { text, ...extra });
    return { status: response.status, body: (await response.json()) as SendMessageResponse };
  };

  it('asks for a session and refuses bad input with clear messages', async () => {
    expect((await app.request('/api/v1/copilot/analyze', { method: 'POST' })).status).toBe(401);
    for (const body of [{ query: '   ' }, { query: 'x'.repeat(2001) }, { query: 'hi', extra: 1 }, {}]) {
      const response = await ada.request('POST', '/api/v1/copilot/analyze', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBeTruthy();
    }
  });

  it('hands a company search to the research table with the filters validated against the data, for 1 credit', async () => {
    const before = await remaining(ada);
    const { status, body } = await analyze(ada, 'fintech companies in Germany with 50-200 employees');
    expect(status).toBe(200);
    expect(body.analysis).toMatchObject({ intent: 'company_search', suggestedAgent: 'account' });
    expect(body.analysis.confidence).toBeGreaterThanOrEqual(70);
    expect(body.filterValidation.validFilters).toMatchObject({
      industries: ['Fintech'],
      companySizes: ['51-200'],
      countries: ['Germany'],
    });
    expect(body.handoff?.href).toBe(
      '/sales-account-development/research?industry=Fintech&size=51-200&country=Germany&about=fintech',
    );
    expect([body.creditsCharged, await remaining(ada)]).toEqual([1, before - 1]);
  });

  it('refuses an analysis with 402 and the spec message when no credits remain, and shows nothing of it', async () => {
    const eve = authClient(app);
    await eve.signUp('eve@example.com', 'violet-harbor-42', 'Eve');
    await leaveCredits(database, eve);
    const response = await eve.request('POST', '/api/v1/copilot/analyze', { query: 'fintech in germany' });
    expect(response.status).toBe(402);
    const body = await response.json();
    expect(body).not.toHaveProperty('analysis');
    expect(body.error.message).toBe('Insufficient credits. Required: 1, Available: 0');
    expect(await remaining(eve)).toBe(0);
  });

  it('reports a place our data does not hold as an invalid filter, with the spec suggestion', async () => {
    const { body } = await analyze(ada, 'cybersecurity vendors in Israel');
    expect(body.filterValidation.invalidFilters).toContain('region: Israel');
    expect(body.filterValidation.suggestions).toContain(
      'No companies found in region "Israel". Try: United States, United Kingdom, Germany, Canada, Australia.',
    );
  });

  it('sends "search my files for SOC 2 policy" to the file search for the standard, naming no company', async () => {
    const { body } = await analyze(ada, 'search my files for SOC 2 policy');
    expect(body.analysis).toMatchObject({ intent: 'file_search', suggestedAgent: 'file' });
    expect(body.analysis.entities.companyNames).toBeUndefined();
    expect(body.handoff?.href).toBe('/enterprise-file-search?q=SOC+2+policy');
    for (const query of [
      'search my files for the ISO 27001 certificate',
      'look through our documents for the HIPAA policy',
      'search our files for the PCI DSS attestation',
      'find our GDPR policy in my files',
    ]) {
      const { body: other } = await analyze(ada, query);
      expect(other.analysis.suggestedAgent, query).toBe('file');
      expect(other.analysis.entities.companyNames, query).toBeUndefined();
    }
  });

  it('finds people, named accounts, and keeps small talk here with a follow-up question', async () => {
    const people = await analyze(ada, 'CTOs at healthcare companies in Boston');
    expect(people.body.handoff?.href).toBe(
      '/people-finder-master/research?title=CTOs&industry=Healthcare&region=Boston',
    );
    const research = await analyze(ada, 'tell me about Stripe');
    expect(research.body.analysis.entities.companyNames).toEqual(['Stripe, Inc.']);
    expect(research.body.handoff?.route).toBe('/sales-account-development/research');
    const hello = await analyze(ada, 'hello!');
    expect(hello.body.analysis).toMatchObject({ intent: 'general_query', suggestedAgent: 'copilot' });
    expect(hello.body.analysis.confidence).toBeLessThan(50);
    expect(hello.body.handoff).toBeNull();
    expect(hello.body.analysis.followUpQuestions.length).toBeGreaterThan(0);
  });

  it('answers the chat as server-sent events when asked: the one message event, stored and charged', async () => {
    const before = await remaining(ada);
    const response = await ada.request(
      'POST',
      '/api/v1/copilot/messages',
      { text: 'fintech firms in germany' },
      { accept: 'text/event-stream' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events: ServerEvent[] = [];
    for await (const event of readServerEvents(response.body ?? new ReadableStream())) events.push(event);
    // The built-in engine answers at once: no reply text before the message.
    expect(events.map((e) => e.event)).toEqual(['message']);
    const sent = JSON.parse(events[0]?.data ?? '') as SendMessageResponse;
    expect(sent.reply.analysis).toMatchObject({ analysis: { intent: 'company_search' }, creditsCharged: 1 });
    expect(await remaining(ada)).toBe(before - 1);
    const session = await (await ada.request('GET', `/api/v1/copilot/sessions/${sent.sessionId}`)).json();
    expect(session.messages.map((m: { id: string }) => m.id)).toEqual([sent.message.id, sent.reply.id]);
    expect(session.messages[1].content).toBe(sent.reply.content);
    // Later tests count every stored message.
    expect((await ada.request('DELETE', `/api/v1/copilot/sessions/${sent.sessionId}`)).status).toBe(204);
  });

  it('refuses a streamed chat request without credits with a plain 402, storing nothing', async () => {
    const zed = authClient(app);
    await zed.signUp('zed@example.com', 'violet-harbor-42', 'Zed');
    await leaveCredits(database, zed);
    const response = await zed.request(
      'POST',
      '/api/v1/copilot/messages',
      { text: 'fintech firms in germany' },
      { accept: 'text/event-stream' },
    );
    expect(response.status).toBe(402);
    expect((await response.json()).error.message).toBe('Insufficient credits. Required: 1, Available: 0');
    expect((await (await zed.request('GET', '/api/v1/copilot/sessions')).json()).sessions).toEqual([]);
  });

  /** A storage fault for one user's rows of a table, as a full disk or a lost connection would cause. */
  const failInserts = async (table: string, userId: string) => {
    await database.db.execute(
      sql.raw(`create or replace function fail_insert() returns trigger language plpgsql as $$
        begin raise exception 'simulated storage failure'; end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger fail_insert before insert on ${table} for each row
        when (new.user_id = '${userId}') execute function fail_insert()`),
    );
    return () => database.db.execute(sql.raw(`drop trigger fail_insert on ${table}`));
  };
  const userIdOf = async (client: AuthClient) => (await client.session())?.user.id ?? '';
  const sessionsOf = async (client: AuthClient) =>
    ((await (await client.request('GET', '/api/v1/copilot/sessions')).json()) as { sessions: unknown[] })
      .sessions;

  it('refuses a message with a NUL character with a clear 400, charging and storing nothing', async () => {
    const nul = authClient(app);
    await nul.signUp('nul@example.com', 'violet-harbor-42', 'Nul');
    const before = await remaining(nul);
    const response = await nul.request('POST', '/api/v1/copilot/messages', {
      text: 'fintech\u0000 in germany',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      code: 'INVALID_TEXT',
      message: 'Field "text" may not contain the NUL character (\\u0000)',
    });
    expect(await remaining(nul)).toBe(before);
    expect(await sessionsOf(nul)).toEqual([]);
  });

  it('takes no credit when the exchange cannot be stored', async () => {
    const kim = authClient(app);
    await kim.signUp('kim@example.com', 'violet-harbor-42', 'Kim');
    const before = await remaining(kim);
    const restore = await failInserts('copilot_messages', await userIdOf(kim));
    try {
      const response = await kim.request('POST', '/api/v1/copilot/messages', {
        text: 'fintech firms in germany',
      });
      expect(response.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await remaining(kim)).toBe(before);
    expect(await sessionsOf(kim)).toEqual([]);
  });

  it('keeps nothing of an exchange whose charge failed after it was stored', async () => {
    const lou = authClient(app);
    await lou.signUp('lou@example.com', 'violet-harbor-42', 'Lou');
    const first = await send(lou, 'thanks');
    expect(first.status).toBe(200);
    const before = await remaining(lou);
    const restore = await failInserts('credit_transactions', await userIdOf(lou));
    try {
      const fresh = await lou.request('POST', '/api/v1/copilot/messages', {
        text: 'fintech firms in germany',
      });
      expect(fresh.status).toBe(500);
      const followUp = await lou.request('POST', '/api/v1/copilot/messages', {
        text: 'fintech firms in germany',
        sessionId: first.body.sessionId,
      });
      expect(followUp.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await remaining(lou)).toBe(before);
    expect(await sessionsOf(lou)).toHaveLength(1);
    const session = await (
      await lou.request('GET', `/api/v1/copilot/sessions/${first.body.sessionId}`)
    ).json();
    expect(session.messages).toHaveLength(2);
    // Later tests count every stored message.
    expect((await lou.request('DELETE', `/api/v1/copilot/sessions/${first.body.sessionId}`)).status).toBe(
      204,
    );
  });

  it('keeps the conversation on the server, for its owner only', async () => {
    const first = await send(ada, 'fintech firms in germany');
    expect(first.status).toBe(200);
    expect(first.body.reply.analysis?.analysis.intent).toBe('company_search');
    const second = await send(ada, 'thanks', { sessionId: first.body.sessionId });
    expect(second.body.sessionId).toBe(first.body.sessionId);

    const sessions = await (await ada.request('GET', '/api/v1/copilot/sessions')).json();
    expect(sessions.sessions[0]).toMatchObject({
      id: first.body.sessionId,
      title: 'fintech firms in germany',
    });
    const session = await (
      await ada.request('GET', `/api/v1/copilot/sessions/${first.body.sessionId}`)
    ).json();
    expect(
      session.messages.map((m: { role: string; content: string }) => [m.role, m.content.slice(0, 12)]),
    ).toEqual([
      ['user', 'fintech firm'],
      ['assistant', first.body.reply.content.slice(0, 12)],
      ['user', 'thanks'],
      ['assistant', second.body.reply.content.slice(0, 12)],
    ]);
    expect(session.messages[1].analysis.handoff.route).toBe('/sales-account-development/research');

    // Bob sees none of it and cannot write into it.
    expect((await (await bob.request('GET', '/api/v1/copilot/sessions')).json()).sessions).toEqual([]);
    expect((await bob.request('GET', `/api/v1/copilot/sessions/${first.body.sessionId}`)).status).toBe(404);
    expect((await send(bob, 'hi', { sessionId: first.body.sessionId })).status).toBe(404);
    expect((await bob.request('DELETE', `/api/v1/copilot/sessions/${first.body.sessionId}`)).status).toBe(
      404,
    );

    expect((await ada.request('DELETE', `/api/v1/copilot/sessions/${first.body.sessionId}`)).status).toBe(
      204,
    );
    expect((await ada.request('GET', `/api/v1/copilot/sessions/${first.body.sessionId}`)).status).toBe(404);
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from copilot_messages`,
    );
    expect(left?.n).toBe(0);
  });

  it('carries out commands on the prospect in context, free, with the spec messages', async () => {
    const before = await remaining(ada);
    const created = await send(ada, 'create a prospect for Berlin Ledger');
    const command = created.body.reply.command;
    expect(command).toMatchObject({ action: 'prospect', confidence: 0.7, ok: true });
    const prospectId = command?.prospectId ?? '';
    expect(command?.navigateTo).toBe(`/prospect/${prospectId}`);
    // The same name again finds it instead of making a second one.
    expect((await send(ada, 'add berlin ledger as a prospect')).body.reply.command?.prospectId).toBe(
      prospectId,
    );

    const context = { context: { prospectId } };
    const revenue = await send(ada, 'set the realistic forecast to $2.5m', context);
    expect(revenue.body.reply.command).toMatchObject({ action: 'revenue', confidence: 0.9, ok: true });
    expect(revenue.body.reply.content).toBe('Updated the realistic forecast to $2.5M.');
    await send(ada, 'optimistic forecast 3 million', context);
    const [forecast] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select timeline_days, realistic_amount::int as realistic_amount, optimistic_amount::int as optimistic_amount,
          conservative_amount::int as conservative_amount, confidence_percentage, is_user_edited
        from revenue_forecasts where prospect_id = ${prospectId}::uuid`,
    );
    expect(forecast).toEqual({
      timeline_days: 120,
      realistic_amount: 2_500_000,
      optimistic_amount: 3_000_000,
      conservative_amount: 0,
      confidence_percentage: 75,
      is_user_edited: true,
    });

    expect((await send(ada, 'mark as at risk', context)).body.reply.command).toMatchObject({
      action: 'status',
      ok: true,
    });
    const [row] = await queryRows<{ status: string }>(
      database.db,
      sql`select status from saved_prospects where id = ${prospectId}::uuid`,
    );
    expect(row?.status).toBe('at-risk');

    const said = async (text: string, extra: object = {}) =>
      (await send(ada, text, extra)).body.reply.content;
    expect(await said('update the status', context)).toBe('No status value provided');
    expect(await said('mark as champion')).toBe('No prospect context available');
    expect(await said('set the conservative forecast to 1m')).toBe(
      'No prospect context available for forecast update',
    );
    // Without a prospect, the chat is told to ask which one.
    const unaimed = await send(ada, 'set the realistic forecast to $2.5m');
    expect(unaimed.body.reply.command).toMatchObject({ ok: false, needsProspect: true });

    // The copilot keeps the form's rule: optimistic below realistic is refused, and nothing changes.
    const below = await send(ada, 'update optimistic forecast to 800k', context);
    expect(below.body.reply.command).toMatchObject({ action: 'revenue', ok: false });
    expect(below.body.reply.content).toBe(
      'Forecast amounts must be in order: conservative ≤ realistic ≤ optimistic. It would have been ' +
        'conservative $0.0M, realistic $2.5M, optimistic $0.8M: nothing was changed.',
    );
    const [kept] = await queryRows<{ optimistic_amount: number }>(
      database.db,
      sql`select optimistic_amount::int as optimistic_amount from revenue_forecasts
        where prospect_id = ${prospectId}::uuid and timeline_days = 120`,
    );
    expect(kept?.optimistic_amount).toBe(3_000_000);
    // Another user's prospect is no context at all.
    expect((await send(bob, 'mark as dormant', context)).body.reply.content).toBe(
      'Failed to update status: Prospect not found',
    );
    expect((await send(ada, 'go to my companies')).body.reply.command?.navigateTo).toBe(
      '/sales-account-development/research?myCompanies=true',
    );
    expect(await remaining(ada)).toBe(before);
  });
});
