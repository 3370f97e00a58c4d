/**
 * Research input over the API: a list of names, domains or tickers matched to companies (free). Shapes:
 * src/shared/company-match.ts.
 */
import { useMutation } from '@tanstack/react-query';
import type { MatchRequest, MatchResult } from '../../../shared/company-match.ts';
import { apiFetch } from '../../lib/api.ts';

export const matchCompanies = (lines: string[]) =>
  apiFetch<MatchResult>('/api/v1/companies/match', {
    method: 'POST',
    body: { lines } satisfies MatchRequest,
  });

export const useMatchCompanies = () => useMutation({ mutationFn: matchCompanies });
