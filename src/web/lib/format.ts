/** What a table or a page shows for a value the data does not have. */
export const NONE = '—';

const NUMBER = new Intl.NumberFormat('en');
export const formatNumber = (n: number) => NUMBER.format(n);

const DAY = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });
export const formatDate = (iso: string) => DAY.format(new Date(iso));
