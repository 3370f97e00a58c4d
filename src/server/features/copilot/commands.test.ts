import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../shared/money.ts';
import { parseCommand } from './commands.ts';

/** Spec 3 §4, in its order. */
const STATUSES = [
  'expansion-upsell',
  'new-logo',
  'renewal-risk',
  'qualified',
  'champion-accounts',
  'high-engagement',
  'at-risk',
  'dormant',
];
const parse = (text: string) => parseCommand(text, STATUSES);

describe('copilot commands (spec 3 §5, §9)', () => {
  it('reads amounts with $, m/million, k/thousand and thousands separators', () => {
    expect(parseAmount('$2.5m')).toBe(2_500_000);
    expect(parseAmount('2.5 million')).toBe(2_500_000);
    expect(parseAmount('500k')).toBe(500_000);
    expect(parseAmount('3 thousand dollars')).toBe(3_000);
    expect(parseAmount('$1,200,000')).toBe(1_200_000);
    expect(parseAmount('USD 750')).toBe(750);
    expect(parseAmount('no number')).toBeNull();
  });

  it('puts a revenue amount into the scenario the text names, realistic by default (confidence 0.9)', () => {
    expect(parse('Set the realistic forecast to $2.5m')).toEqual({
      action: 'revenue',
      confidence: 0.9,
      scenario: 'realistic',
      amount: 2_500_000,
    });
    expect(parse('update conservative revenue to 500k')).toMatchObject({
      scenario: 'conservative',
      amount: 500_000,
    });
    expect(parse('forecast optimistic 3 million')).toMatchObject({
      scenario: 'optimistic',
      amount: 3_000_000,
    });
    expect(parse('change the deal value to $1,200,000')).toMatchObject({
      scenario: 'realistic',
      amount: 1_200_000,
    });
    // A scenario without an amount is still a revenue command (the amount is stored as 0).
    expect(parse('set the optimistic forecast')).toMatchObject({ action: 'revenue', amount: null });
  });

  it('reads the eight statuses in the words people use (confidence 0.8), and a status command without one', () => {
    expect(parse('mark as at risk')).toEqual({ action: 'status', confidence: 0.8, status: 'at-risk' });
    expect(parse('change status to champion')).toMatchObject({ status: 'champion-accounts' });
    expect(parse('set it to new logo')).toMatchObject({ status: 'new-logo' });
    expect(parse('move this to renewal-risk')).toMatchObject({ status: 'renewal-risk' });
    expect(parse('mark the account as dormant')).toMatchObject({ status: 'dormant' });
    expect(parse('update the status')).toEqual({ action: 'status', confidence: 0.8, status: null });
  });

  it('creates prospects, navigates and refreshes', () => {
    expect(parse('create a prospect for Acme Corp')).toEqual({
      action: 'prospect',
      confidence: 0.7,
      name: 'Acme Corp',
    });
    expect(parse('add Stripe as a prospect')).toMatchObject({ action: 'prospect', name: 'Stripe' });
    expect(parse('create new prospect')).toMatchObject({ action: 'prospect', name: null });
    expect(parse('go to my companies')).toMatchObject({
      action: 'navigation',
      confidence: 0.7,
      path: '/sales-account-development/research?myCompanies=true',
    });
    expect(parse('open the knowledge graph')).toMatchObject({ path: '/knowledge-graph' });
    expect(parse('take me to credits')).toMatchObject({ path: '/credits' });
    expect(parse('show me the pipeline page')).toMatchObject({ path: '/account-management' });
    expect(parse('refresh')).toEqual({ action: 'refresh', confidence: 0.8 });
  });

  it('leaves searches and questions to the AI engine (general, confidence 0.5)', () => {
    for (const text of [
      'fintech companies in Germany with 50-200 employees',
      'companies with revenue over $10m',
      "what's the forecast for Q3?",
      'what is the status of the Acme deal',
      'open fintech companies in germany',
      'how do I handle the pricing objection',
      'CTOs at healthcare companies in Boston',
    ]) {
      expect([text, parse(text)]).toEqual([text, { action: 'general', confidence: 0.5 }]);
    }
  });
});
