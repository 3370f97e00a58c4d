import { useEffect } from 'react';
import { BRAND_NAME } from '../../shared/marketing.ts';

/** The browser tab says which page (and which company) is open. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — ${BRAND_NAME}`;
  }, [title]);
}
