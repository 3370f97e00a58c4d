/**
 * A company's news and signals pages (`/company-news/{name}`, `/ai-signals/{name}`), built only from data the
 * user holds: their My Companies entry, their import and the fit against their ICP. Nothing is invented; the
 * user's documents join when the knowledge base exists.
 */
import { TARGET_ACCOUNT_STATUS_LABELS, type TargetAccountStatus } from './companies.ts';
import type { FitScore } from './fit-score.ts';

export type FeedCompany = {
  name: string;
  imported: boolean;
  saved: boolean;
  savedAccount: {
    status: TargetAccountStatus;
    tags: string[];
    notes: string;
    savedAt: string;
    updatedAt: string;
  } | null;
  fit: Pick<FitScore, 'score' | 'tier' | 'reason'> | null;
};

/** One entry; `at` is when it happened, when we know. */
export type FeedItem = { kind: string; at: string | null; title: string; detail: string };

/** An open account whose status has not moved for this long is due a follow-up. */
export const STALE_AFTER_DAYS = 14;
const OPEN: readonly TargetAccountStatus[] = ['new', 'researching', 'engaged'];
const DAY_MS = 86_400_000;

const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What happened to the company in the user's own records, newest first. */
export function companyNews(company: FeedCompany): FeedItem[] {
  const items: FeedItem[] = [];
  const account = company.savedAccount;
  if (account) {
    const changed = Date.parse(account.updatedAt) - Date.parse(account.savedAt) > 60_000;
    if (changed) {
      const parts = [
        `Status: ${TARGET_ACCOUNT_STATUS_LABELS[account.status]}`,
        account.tags.length > 0 ? `Tags: ${account.tags.join(', ')}` : null,
        account.notes ? `Notes: ${clip(account.notes)}` : null,
      ];
      items.push({
        kind: 'updated',
        at: account.updatedAt,
        title: 'You updated its My Companies entry',
        detail: parts.filter(Boolean).join(' · '),
      });
    }
    items.push({
      kind: 'saved',
      at: account.savedAt,
      title: 'You saved it to My Companies',
      detail: changed ? 'Saved as New.' : `Status: ${TARGET_ACCOUNT_STATUS_LABELS[account.status]}`,
    });
  }
  if (company.imported) {
    items.push({
      kind: 'imported',
      at: null,
      title: 'It came from your CSV import',
      detail: 'Only you see this company and its data.',
    });
  }
  return items;
}

/** Next steps that the user's own records suggest, most pressing first. */
export function companySignals(company: FeedCompany, now: Date): FeedItem[] {
  const items: FeedItem[] = [];
  const account = company.savedAccount;
  const fit = company.fit;
  if (account && OPEN.includes(account.status)) {
    const days = Math.floor((now.getTime() - Date.parse(account.updatedAt)) / DAY_MS);
    if (days >= STALE_AFTER_DAYS) {
      items.push({
        kind: 'stale',
        at: account.updatedAt,
        title: `No change for ${days} days`,
        detail: `${company.name} has been ${TARGET_ACCOUNT_STATUS_LABELS[account.status]} since then: a follow-up may be due.`,
      });
    }
  }
  if (fit?.tier === 'A' && !company.saved) {
    items.push({
      kind: 'strong-fit',
      at: null,
      title: `Strong fit (${fit.score}/100), not in My Companies`,
      detail: fit.reason,
    });
  }
  if (fit?.tier === 'C' && account && account.status !== 'disqualified') {
    items.push({
      kind: 'weak-fit',
      at: null,
      title: `Weak fit (${fit.score}/100) for an account you work on`,
      detail: `${fit.reason}. Check that it belongs in My Companies, or change your ICP.`,
    });
  }
  return items;
}
