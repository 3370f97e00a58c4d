import { describe, expect, it } from 'vitest';
import {
  activeTemplate,
  addressContext,
  agentForPath,
  dismissStep,
  emptyWorkflowState,
  isDismissed,
  isWorkflowExpired,
  PICK_A_COMPANY,
  recommendationsFor,
  recordStep,
  templateSteps,
  WORKFLOW_EXPIRY_MS,
  WORKFLOW_HISTORY_MAX,
  type WorkflowState,
  workflowStateSchema,
} from './workflow.ts';

const ID = '7d3c2a8e-4f0b-4c1e-9a57-2b9d6f1e8c40';
const state = (extra: Partial<WorkflowState> = {}): WorkflowState => ({
  ...emptyWorkflowState(ID),
  ...extra,
});
const summary = (path: string, extra: Partial<WorkflowState> = {}) =>
  recommendationsFor(state(extra), path).map((r) => [r.agentId, r.priority]);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

describe('the agent pages', () => {
  it('knows whose page each path is, with or without a query', () => {
    expect(agentForPath('/sales-account-development')).toBe('alex');
    expect(agentForPath('/sales-account-development/research?industry=Fintech')).toBe('alex');
    expect(agentForPath('/sales-account-development/Stripe')).toBe('alex');
    expect(agentForPath('/people-finder-master/research?title=cto')).toBe('jim');
    expect(agentForPath('/automated-rfp-responses/')).toBe('maya');
    expect(agentForPath('/sales-document-generation')).toBe('david');
    expect(agentForPath('/enterprise-file-search?q=pricing')).toBe('sofia');
    expect(agentForPath('/instant-sales-answers')).toBe('emma');
    expect(agentForPath('/chat')).toBe('copilot');
    expect(agentForPath('/credits')).toBeNull();
    expect(agentForPath('/app')).toBeNull();
  });

  it('reads the company and the search from the address', () => {
    expect(addressContext('/sales-account-development/Stripe%2C%20Inc.')).toEqual({
      companyName: 'Stripe, Inc.',
    });
    // The research table's own address and a company addressed by id name no company.
    expect(addressContext('/sales-account-development/research?q=fintech')).toEqual({
      searchContext: 'fintech',
    });
    expect(addressContext(`/sales-account-development/${ID}`)).toEqual({});
    const companies = encodeURIComponent(JSON.stringify([{ name: 'Acme' }, { name: 'Globex' }]));
    expect(addressContext(`/automated-rfp-responses?companies=${companies}&source=copilot`)).toEqual({
      companyName: 'Acme',
    });
    expect(addressContext('/people-finder-master/research?company=Stripe&title=cto')).toEqual({
      companyName: 'Stripe',
    });
    expect(addressContext('/enterprise-file-search?q=%20security%20policy%20')).toEqual({
      searchContext: 'security policy',
    });
    // Not an agent page, or a companies parameter that is not JSON: nothing.
    expect(addressContext('/credits?q=x')).toEqual({});
    expect(addressContext('/automated-rfp-responses?companies=%7Bnope')).toEqual({});
  });
});

describe('the rules of spec 3 §4', () => {
  it('account development with a company suggests People Finder, RFP responses and document generation', () => {
    const recommendations = recommendationsFor(
      state({ companyName: 'Stripe' }),
      '/sales-account-development/Stripe',
    );
    expect(recommendations.map((r) => [r.agentId, r.agentName, r.priority])).toEqual([
      ['jim', 'People Finder', 'high'],
      ['maya', 'RFP Responses', 'medium'],
      ['david', 'Document Generation', 'medium'],
    ]);
    const [people, rfp] = recommendations;
    // Each link carries the company: People Finder's own filter, the company context for the others.
    expect(people?.path).toBe('/people-finder-master/research?company=Stripe');
    expect(people?.reason).toContain('Stripe');
    const rfpUrl = new URL(rfp?.path ?? '', 'http://x');
    expect(rfpUrl.pathname).toBe('/automated-rfp-responses');
    expect(JSON.parse(rfpUrl.searchParams.get('companies') ?? '')).toEqual([{ name: 'Stripe' }]);
    expect(rfpUrl.searchParams.get('source')).toBe('workflow');
    expect(rfpUrl.searchParams.get('returnRoute')).toBe('/sales-account-development/Stripe');
    expect(rfp?.contextData).toEqual({ companyName: 'Stripe' });
  });

  it('People Finder with a company suggests account development and RFP', () => {
    const recommendations = recommendationsFor(
      state({ companyName: 'Stripe' }),
      '/people-finder-master/research?company=Stripe',
    );
    expect(recommendations.map((r) => [r.agentId, r.priority])).toEqual([
      ['alex', 'high'],
      ['maya', 'medium'],
    ]);
    expect(recommendations[0]?.path).toBe('/sales-account-development/Stripe');
  });

  it('RFP with rfpData suggests document generation', () => {
    const rfpData = { projectId: 'p1', questions: 12 };
    const [docs, ...rest] = recommendationsFor(state({ rfpData }), '/automated-rfp-responses');
    expect(rest).toEqual([]);
    expect([docs?.agentId, docs?.priority]).toEqual(['david', 'high']);
    expect(docs?.contextData).toEqual({ rfpData });
    expect(docs?.reason).toBe('Turn the RFP answers into a proposal.');
  });

  it('file search with a search context suggests instant answers', () => {
    const [answers, ...rest] = recommendationsFor(
      state({ searchContext: 'SOC 2 report' }),
      '/enterprise-file-search?q=SOC%202%20report',
    );
    expect(rest).toEqual([]);
    expect([answers?.agentId, answers?.priority]).toEqual(['emma', 'high']);
    expect(answers?.path).toBe('/instant-sales-answers?q=SOC+2+report');
    expect(answers?.contextData).toEqual({ searchContext: 'SOC 2 report' });
  });

  it('follows the page open now, not a company or search the user has moved away from', () => {
    const earlier = { companyName: 'Microsoft', searchContext: 'SOC 2 report' };
    for (const path of [
      '/instant-sales-answers',
      '/sales-document-generation',
      '/sales-account-development/research?industry=Fintech',
      '/people-finder-master/research?title=cto',
      '/enterprise-file-search',
    ]) {
      for (const recommendation of recommendationsFor(state(earlier), path)) {
        expect(recommendation.reason, path).not.toMatch(/Microsoft|SOC 2/);
        expect(recommendation.path, path).not.toMatch(/Microsoft|SOC/);
      }
    }
    // The company the address names is the subject again.
    const [people] = recommendationsFor(state(earlier), '/sales-account-development/Stripe');
    expect(people?.reason).toBe('Find the decision-makers at Stripe and how to reach them.');
  });

  it('a dismissed next step stays dismissed until the next step is another one', () => {
    const [first] = recommendationsFor(state(), '/instant-sales-answers');
    if (!first) throw new Error('no recommendation');
    const dismissed = dismissStep(state(), first);
    expect(isDismissed(dismissed, first)).toBe(true);
    const [same] = recommendationsFor(dismissed, '/enterprise-file-search');
    expect(same && isDismissed(dismissed, same)).toBe(true);
    const [other] = recommendationsFor(dismissed, '/sales-account-development/Stripe');
    expect(other && isDismissed(dismissed, other)).toBe(false);
    expect(workflowStateSchema.safeParse(dismissed).success).toBe(true);
  });

  it('otherwise suggests starting with prospect research', () => {
    const start = [['alex', 'high']];
    // The same agents without their context, other agents, and pages that are not an agent's.
    expect(summary('/sales-account-development')).toEqual(start);
    expect(summary('/people-finder-master')).toEqual(start);
    expect(summary('/automated-rfp-responses', { companyName: 'Stripe' })).toEqual(start);
    expect(summary('/enterprise-file-search')).toEqual(start);
    expect(summary('/instant-sales-answers', { searchContext: 'pricing' })).toEqual(start);
    expect(summary('/chat', { companyName: 'Stripe' }).slice(0, 1)).toEqual(start);
    expect(summary('/credits')).toEqual(start);
    const [research] = recommendationsFor(state(), '/chat');
    expect(research?.reason).toMatch(/^Start with prospect research/);
    expect(research?.path).toBe('/sales-account-development');
    // In prospect research already, the research is where to pick a company.
    const [pick] = recommendationsFor(state(), '/sales-account-development');
    expect([pick?.reason, pick?.path]).toEqual([PICK_A_COMPANY, '/sales-account-development/research']);
  });
});

describe('templates', () => {
  it('have their steps in order, the first high priority and the rest medium', () => {
    const steps = (id: Parameters<typeof templateSteps>[0]) =>
      templateSteps(id).map((r) => [r.agentId, r.priority]);
    expect(steps('full-prospect-analysis')).toEqual([
      ['alex', 'high'],
      ['maya', 'medium'],
      ['david', 'medium'],
    ]);
    expect(steps('quick-research')).toEqual([
      ['sofia', 'high'],
      ['emma', 'medium'],
    ]);
    expect(steps('document-workflow')).toEqual([
      ['maya', 'high'],
      ['david', 'medium'],
    ]);
  });

  it('a started template leads through the steps not taken yet, then the rules take over', () => {
    let s = state({
      companyName: 'Stripe',
      workflowData: { template: { id: 'full-prospect-analysis', startedAt: at(10) } },
    });
    expect(activeTemplate(s)?.id).toBe('full-prospect-analysis');
    // A visit before the template started does not count as its step.
    s = recordStep(s, 'maya', at(5));
    s = recordStep(s, 'alex', at(11));
    const onCompany = '/sales-account-development/Stripe';
    expect(recommendationsFor(s, onCompany).map((r) => [r.agentId, r.priority])).toEqual([
      ['maya', 'high'],
      ['david', 'medium'],
    ]);
    s = recordStep(s, 'maya', at(12));
    expect(recommendationsFor(s, '/automated-rfp-responses').map((r) => r.agentId)).toEqual(['david']);
    // The last step is the page the user is on: nothing of the template is left, so the rules apply.
    s = recordStep(s, 'david', at(13));
    expect(recommendationsFor(s, onCompany).map((r) => r.agentId)).toEqual(['jim', 'maya', 'david']);
    // workflowData that is not a template is ignored.
    expect(activeTemplate(state({ workflowData: { template: { id: 'nope' } } }))).toBeNull();
  });
});

describe('the history', () => {
  it('keeps the last 10 steps, the newest last, and the last agent', () => {
    const agents = ['alex', 'jim', 'maya', 'david', 'sofia', 'emma', 'copilot'] as const;
    let s = state();
    for (let i = 0; i < 14; i++) s = recordStep(s, agents[i % agents.length] ?? 'alex', at(i));
    expect(s.workflowHistory).toHaveLength(WORKFLOW_HISTORY_MAX);
    expect(s.workflowHistory[0]).toEqual({ agentId: 'sofia', timestamp: at(4) });
    expect(s.workflowHistory.at(-1)).toEqual({ agentId: 'copilot', timestamp: at(13) });
    expect(s.lastAgent).toBe('copilot');
    expect(workflowStateSchema.safeParse(s).success).toBe(true);
  });

  it('moves the time of a step forward when the same agent is entered again', () => {
    let s = recordStep(state(), 'alex', at(1));
    s = recordStep(s, 'alex', at(2));
    expect(s.workflowHistory).toEqual([{ agentId: 'alex', timestamp: at(2) }]);
    s = recordStep(s, 'jim', at(3));
    s = recordStep(s, 'alex', at(4));
    expect(s.workflowHistory.map((h) => h.agentId)).toEqual(['alex', 'jim', 'alex']);
  });

  it('a saved state is restored only while it is under 24 hours old', () => {
    const saved = Date.UTC(2026, 0, 5);
    expect(isWorkflowExpired(saved, saved + WORKFLOW_EXPIRY_MS - 1)).toBe(false);
    expect(isWorkflowExpired(saved, saved + WORKFLOW_EXPIRY_MS)).toBe(true);
  });
});

describe('the state schema', () => {
  const issues = (value: unknown) =>
    workflowStateSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('accepts a full state and refuses what is out of bounds, with the reason', () => {
    const full = recordStep(
      state({
        companyName: 'Stripe',
        recommendations: recommendationsFor(state({ companyName: 'Stripe' }), '/sales-account-development/x'),
        handoffData: {
          targetAgent: 'jim',
          contextData: { companyName: 'Stripe' },
          sourceAgent: 'alex',
          timestamp: at(1),
        },
      }),
      'alex',
      at(1),
    );
    expect(issues(full)).toEqual([]);

    const eleven = Array.from({ length: 11 }, (_, i) => ({ agentId: 'alex', timestamp: at(i) }));
    expect(issues({ ...full, workflowHistory: eleven })).toEqual([
      'workflowHistory: must have at most 10 steps',
    ]);
    expect(issues({ ...full, companyName: 'x'.repeat(301) })).toEqual([
      'companyName: must be at most 300 characters',
    ]);
    expect(issues({ ...full, rfpData: { text: 'x'.repeat(33 * 1024) } })).toEqual([
      'rfpData: must be at most 32 KB as JSON',
    ]);
    const offsite = { ...full.recommendations[0], path: '//evil.example/phish' };
    expect(issues({ ...full, recommendations: [offsite] })).toEqual([
      'recommendations.0.path: must be a path of this app',
    ]);
    expect(issues({ ...full, lastAgent: 'bond' })[0]).toMatch(/^lastAgent: must be one of alex/);
    expect(issues({ ...full, workflowId: 'abc' })).toEqual(['workflowId: must be a UUID']);
    expect(issues({ ...full, surprise: true })[0]).toMatch(/surprise/);
    // Each payload within its limit, but together more than the state may hold.
    const big = { text: 'x'.repeat(30 * 1024) };
    expect(
      issues({
        ...full,
        rfpData: big,
        workflowData: big,
        handoffData: { ...full.handoffData, contextData: big },
      }),
    ).toEqual([': The workflow state must be at most 64 KB as JSON']);
  });
});
