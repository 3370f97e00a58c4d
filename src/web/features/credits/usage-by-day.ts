import { ACTIVITY_PRICES } from '../../../shared/credits.ts';
import type { CreditTransaction } from '../../lib/credits.ts';

/** One bar of the chart: the day's label and the credits used per activity type. */
export type UsageDay = { date: string; label: string } & Record<string, number | string>;

export type ActivityTotal = { activityType: string; credits: number };

export type CycleUsage = { days: UsageDay[]; activities: ActivityTotal[]; total: number };

const LABEL = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' });

/** The local calendar date as YYYY-MM-DD (toISOString would give the UTC date). */
const localDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Known activities first, in the price list's order, so each keeps its colour; others after, by name. */
const ORDER = new Map<string, number>(ACTIVITY_PRICES.map((price, i) => [price.activityType, i]));
const byPriceOrder = (a: string, b: string) =>
  (ORDER.get(a) ?? ORDER.size) - (ORDER.get(b) ?? ORDER.size) || a.localeCompare(b);

/**
 * Credits used per local day of the cycle and per activity, from the cycle's 'usage' rows. Every day of the
 * cycle is kept, the days to come too, so the axis shows how far into the cycle the usage is.
 */
export function usageByDay(
  rows: readonly CreditTransaction[],
  cycleStart: string,
  cycleEnd: string,
): CycleUsage {
  const end = new Date(new Date(cycleEnd).getTime() - 1);
  const days = new Map<string, UsageDay>();
  const cursor = new Date(cycleStart);
  cursor.setHours(0, 0, 0, 0);
  while (cursor <= end) {
    const date = localDate(cursor);
    days.set(date, { date, label: LABEL.format(cursor) });
    cursor.setDate(cursor.getDate() + 1);
  }
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.transactionType !== 'usage') continue;
    const activity = row.activityType ?? 'other';
    const day = days.get(localDate(new Date(row.createdAt)));
    if (!day) continue;
    day[activity] = Number(day[activity] ?? 0) + row.creditsAmount;
    totals.set(activity, (totals.get(activity) ?? 0) + row.creditsAmount);
  }
  const activities = [...totals.keys()]
    .sort(byPriceOrder)
    .map((activityType) => ({ activityType, credits: totals.get(activityType) ?? 0 }));
  return {
    days: [...days.values()],
    activities,
    total: activities.reduce((sum, a) => sum + a.credits, 0),
  };
}

/** One colour per activity (readable on light and dark cards), stable across days and reloads. */
const PALETTE = [
  '#6366f1',
  '#0ea5e9',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#a855f7',
  '#14b8a6',
  '#ec4899',
  '#84cc16',
  '#f97316',
  '#64748b',
];

export function activityColor(activityType: string): string {
  const index = ORDER.get(activityType);
  if (index !== undefined) return PALETTE[index % PALETTE.length] ?? '#64748b';
  let hash = 0;
  for (const ch of activityType) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#64748b';
}
