/**
 * The agent workflow API (spec 3 §3-§4, issue 7 point 9): the state is kept per user on the server, read back
 * only while under 24 hours old, validated and bounded, and only for a signed-in caller.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import {
  emptyWorkflowState,
  recommendationsFor,
  recordStep,
  WORKFLOW_TOO_LARGE,
  type WorkflowResponse,
  type WorkflowState,
} from '../../../shared/workflow.ts';
import { queryRows } from '../../db/client.ts';
import { withUser } from '../../db/user-scope.ts';
import type { App } from '../../http/app.ts';

type ErrorBody = { error: { code: string; message: string } };

/** A state as the web app saves it on a company page. */
function companyState(company: string): WorkflowState {
  const path = `/sales-account-development/${encodeURIComponent(company)}`;
  const state = recordStep(
    { ...emptyWorkflowState(crypto.randomUUID()), companyName: company },
    'alex',
    new Date().toISOString(),
  );
  return { ...state, recommendations: recommendationsFor(state, path) };
}

describe.each(backends())('the workflow API on $name', (backend: Backend) => {
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
    } = await signedInApp(backend, { users: { ada: 'Ada', bob: 'Bob' } }));
  });
  afterAll(() => close?.());

  const read = async (client: AuthClient) => {
    const response = await client.request('GET', '/api/v1/workflow');
    expect(response.status).toBe(200);
    return (await response.json()) as WorkflowResponse;
  };
  const save = (client: AuthClient, state: unknown) => client.request('PUT', '/api/v1/workflow', state);

  it('keeps each user their own state, and replaces it whole on each save', async () => {
    expect(await read(ada)).toEqual({ state: null, updatedAt: null });

    const stripe = companyState('Stripe');
    const saved = await save(ada, stripe);
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as WorkflowResponse;
    expect(body.state).toEqual(stripe);
    expect(Date.now() - Date.parse(body.updatedAt ?? '')).toBeLessThan(60_000);

    // Bob sees none of it, and his save does not touch Ada's.
    expect((await read(bob)).state).toBeNull();
    const acme = companyState('Acme');
    expect((await save(bob, acme)).status).toBe(200);
    expect((await read(ada)).state).toEqual(stripe);
    expect((await read(bob)).state).toEqual(acme);
    expect(stripe.recommendations.map((r) => r.agentId)).toEqual(['jim', 'maya', 'david']);

    const moved = recordStep(stripe, 'jim', new Date().toISOString());
    expect((await save(ada, moved)).status).toBe(200);
    const again = await read(ada);
    expect(again.state?.workflowHistory.map((s) => s.agentId)).toEqual(['alex', 'jim']);
    expect(again.state?.lastAgent).toBe('jim');

    // Row-level security: a statement without a WHERE, run as Ada, still sees her row alone.
    const adaId = (await ada.session())?.user.id ?? '';
    const visible = await withUser(database.db, adaId, (tx) =>
      queryRows<{ user_id: string }>(tx, sql`select user_id from agent_workflow_state`),
    );
    expect(visible).toEqual([{ user_id: adaId }]);
  });

  it('starting over forgets the state (for that user only)', async () => {
    const response = await ada.request('DELETE', '/api/v1/workflow');
    expect(response.status).toBe(204);
    expect((await read(ada)).state).toBeNull();
    expect((await read(bob)).state?.companyName).toBe('Acme');
    // Forgetting what is not there is no error.
    expect((await ada.request('DELETE', '/api/v1/workflow')).status).toBe(204);
  });

  it('does not restore a state 24 hours old; a new save starts the clock again', async () => {
    const state = companyState('Globex');
    expect((await save(ada, state)).status).toBe(200);
    const ageBy = (interval: string) =>
      database.db.execute(
        sql`update agent_workflow_state set updated_at = now() - ${interval}::interval
            where user_id = (select id from users where email = 'ada@example.com')`,
      );
    await ageBy('23 hours 59 minutes');
    expect((await read(ada)).state?.companyName).toBe('Globex');
    await ageBy('24 hours 1 minute');
    expect(await read(ada)).toEqual({ state: null, updatedAt: null });
    expect((await save(ada, state)).status).toBe(200);
    expect((await read(ada)).state?.companyName).toBe('Globex');
  });

  it('refuses invalid and oversize input with 400 and the reason, and keeps what was saved', async () => {
    const good = companyState('Initech');
    expect((await save(ada, good)).status).toBe(200);
    const refused = async (body: unknown, status = 400) => {
      const response = await save(ada, body);
      expect(response.status).toBe(status);
      return ((await response.json()) as ErrorBody).error;
    };
    const eleven = Array.from({ length: 11 }, () => ({
      agentId: 'jim',
      timestamp: new Date().toISOString(),
    }));
    expect(await refused({ ...good, workflowHistory: eleven })).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid request: workflowHistory: must have at most 10 steps',
    });
    expect((await refused({ ...good, rfpData: { text: 'x'.repeat(40_000) } })).message).toBe(
      'Invalid request: rfpData: must be at most 32 KB as JSON',
    );
    const tooMuch = { text: 'x'.repeat(30_000) };
    expect(
      (
        await refused({
          ...good,
          rfpData: tooMuch,
          workflowData: tooMuch,
          searchContext: null,
          handoffData: {
            targetAgent: 'jim',
            contextData: tooMuch,
            sourceAgent: null,
            timestamp: new Date().toISOString(),
          },
        })
      ).message,
    ).toBe(`Invalid request: ${WORKFLOW_TOO_LARGE}`);
    const [first] = good.recommendations;
    expect(
      (await refused({ ...good, recommendations: [{ ...first, path: 'https://evil.example' }] })).message,
    ).toBe('Invalid request: recommendations.0.path: must be a path of this app');
    expect((await refused({ ...good, lastAgent: 'bond' })).message).toMatch(/^Invalid request: lastAgent: /);
    expect((await refused({ ...good, workflowId: 7 })).message).toMatch(/^Invalid request: workflowId: /);
    expect((await refused({ workflowId: good.workflowId })).code).toBe('VALIDATION_ERROR');
    expect((await refused([])).code).toBe('VALIDATION_ERROR');

    // A body that is not JSON at all.
    const malformed = await app.request('/api/v1/workflow', {
      method: 'PUT',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      body: '{"workflowId": ',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.message).toBe('Malformed JSON in request body');
    // A body far beyond the limit is refused before it is read.
    expect(await refused({ ...good, rfpData: { text: 'x'.repeat(200_000) } }, 413)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: WORKFLOW_TOO_LARGE,
    });

    expect((await read(ada)).state).toEqual(good);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const stranger = authClient(app);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', companyState('Stripe')],
      ['DELETE', undefined],
    ] as const) {
      const response = await stranger.request(method, '/api/v1/workflow', body);
      expect(response.status).toBe(401);
      expect(((await response.json()) as ErrorBody).error.message).toBe('User not authenticated');
    }
  });
});
