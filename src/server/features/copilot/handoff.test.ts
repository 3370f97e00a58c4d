import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../shared/copilot.ts';
import type { ValidFilters } from '../../../shared/filter-validator.ts';
import { handoffFor } from './handoff.ts';

const analysis = (over: Partial<Analysis>): Analysis => ({
  intent: 'company_search',
  entities: {},
  suggestedAgent: 'account',
  completeness: 80,
  followUpQuestions: [],
  filterSuggestions: [],
  confidence: 80,
  ...over,
});
const NONE: ValidFilters = { industries: [], companySizes: [], countries: [], cities: [], regions: [] };

describe('the copilot hand-off (spec 3 §2 route table)', () => {
  it('takes a company search with filters to the research table, filtered by the stored values', () => {
    const handoff = handoffFor(
      analysis({}),
      { ...NONE, industries: ['Fintech'], companySizes: ['51-200'], countries: ['Germany'] },
      'fintech companies in germany with 50-200 employees',
    );
    expect(handoff).toEqual({
      agent: 'account',
      route: '/sales-account-development/research',
      params: [
        ['industry', 'Fintech'],
        ['size', '51-200'],
        ['country', 'Germany'],
        ['about', 'fintech'],
      ],
      href: '/sales-account-development/research?industry=Fintech&size=51-200&country=Germany&about=fintech',
    });
  });

  it("orders the research table by the request's own words, without its places, sizes and filler", () => {
    const handoff = handoffFor(
      analysis({ entities: { region: ['German'], companySize: ['startups'] } }),
      { ...NONE, industries: ['Fintech', 'Software'], countries: ['Germany'], companySizes: ['1-10'] },
      'Show me German payments software startups with 10 employees',
    );
    expect(new URLSearchParams(handoff?.href.split('?')[1]).get('about')).toBe('payments software');
  });

  it('takes account agents without filters or companies to the Company Finder itself', () => {
    for (const agent of ['account', 'prospect_management', 'account_planning', 'forecast'] as const) {
      expect(handoffFor(analysis({ suggestedAgent: agent }), NONE, 'pipeline')?.href).toBe(
        '/sales-account-development',
      );
    }
  });

  it('carries named companies as the company context, with the session and the way back', () => {
    const handoff = handoffFor(
      analysis({
        intent: 'account_research',
        suggestedAgent: 'research',
        entities: { companyNames: ['Stripe'] },
      }),
      NONE,
      'tell me about stripe',
      { sessionId: 's-1', returnRoute: '/chat' },
    );
    expect(handoff?.route).toBe('/sales-account-development/research');
    const params = new URLSearchParams(handoff?.href.split('?')[1]);
    expect(JSON.parse(params.get('companies') ?? '')).toEqual([{ name: 'Stripe' }]);
    expect([params.get('source'), params.get('session'), params.get('returnRoute')]).toEqual([
      'copilot',
      's-1',
      '/chat',
    ]);
  });

  it('takes a people search to the people table with the title, companies and company filters', () => {
    const handoff = handoffFor(
      analysis({
        intent: 'people_search',
        suggestedAgent: 'people',
        entities: { jobTitles: ['CTO'], companyNames: ['Snowflake'] },
      }),
      { ...NONE, industries: ['Healthcare'], cities: ['Boston'] },
      'ctos at healthcare companies in boston',
    );
    expect(handoff?.href).toBe(
      '/people-finder-master/research?title=CTO&company=Snowflake&industry=Healthcare&region=Boston',
    );
    expect(handoffFor(analysis({ suggestedAgent: 'people' }), NONE, 'find people')?.href).toBe(
      '/people-finder-master',
    );
  });

  it('sends questions, RFPs, documents and file searches to their agents, and keeps small talk here', () => {
    const to = (agent: Analysis['suggestedAgent'], query = 'x') =>
      handoffFor(analysis({ suggestedAgent: agent }), NONE, query)?.href ?? null;
    expect(to('sales_qa', 'how do I answer the pricing objection?')).toBe(
      '/instant-sales-answers?q=how+do+I+answer+the+pricing+objection%3F',
    );
    expect(to('rfp')).toBe('/automated-rfp-responses');
    expect(to('document')).toBe('/sales-document-generation');
    expect(to('document_generation')).toBe('/sales-document-generation');
    expect(to('file', 'soc 2 report')).toBe('/enterprise-file-search?q=soc+2+report');
    // The file search looks for the subject, not for the asking.
    expect(to('file', 'search my files for SOC 2 policy')).toBe('/enterprise-file-search?q=SOC+2+policy');
    expect(to('file', 'find the pricing deck in our documents')).toBe(
      '/enterprise-file-search?q=the+pricing+deck',
    );
    expect(to('copilot')).toBeNull();
  });
});
