import { COMPANY_SOURCES } from '../../../shared/companies.ts';
import { formatNumber } from '../../lib/format.ts';
import type { Company } from './api.ts';

export function sourceLabel(source: string): string {
  return (COMPANY_SOURCES as Record<string, { label: string } | undefined>)[source]?.label ?? source;
}

/** 'Redmond, Washington, United States'; the stored `location` when the parts are missing. */
export function locationOf(
  company: Pick<Company, 'city' | 'region' | 'country' | 'location'>,
): string | null {
  const parts = [company.city, company.region, company.country].filter(
    (part, i, all): part is string => Boolean(part) && all.indexOf(part) === i,
  );
  return parts.length > 0 ? parts.join(', ') : company.location;
}

/** 'MSFT · NASDAQ', 'MSFT', or null. */
export function listingOf(company: Pick<Company, 'ticker' | 'exchange'>): string | null {
  return [company.ticker, company.exchange].filter(Boolean).join(' · ') || null;
}

/** '10000+ employees' as a band, with the head count when it is known. */
export function sizeOf(company: Pick<Company, 'size' | 'employees'>): string | null {
  if (company.employees !== null) return `${formatNumber(company.employees)} employees`;
  return company.size ? `${company.size} employees` : null;
}

/** A website as a link target: only http(s), never a `javascript:` address from imported data. */
export function websiteUrl(company: Pick<Company, 'website' | 'domain'>): string | null {
  const raw = company.website ?? (company.domain ? `https://${company.domain}` : null);
  if (!raw) return null;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : `https://${raw}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
