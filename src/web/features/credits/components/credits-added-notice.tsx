import { useEffect, useRef } from 'react';
import { CREDIT_TOASTS } from '../../../../shared/credits.ts';
import { isAnnouncedTotal, useCredits } from '../../../lib/credits.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * Spec 2 §8 'Credits Added' ('{n} credits added to your account'): credits that arrive without the user's
 * purchase on this page (the automatic top-up, a payment confirmed in another tab, a new cycle's grant) are
 * announced when the account is next read. A purchase or an upgrade made here has its own toast.
 */
export function CreditsAddedNotice() {
  const { data: account } = useCredits();
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!account) return;
    const before = seen.current;
    seen.current = account.totalCredits;
    if (before === null || account.totalCredits <= before || isAnnouncedTotal(account.totalCredits)) return;
    toast(CREDIT_TOASTS.added(account.totalCredits - before));
  }, [account]);
  return null;
}
