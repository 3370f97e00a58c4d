/** How the agent pages show measured figures. */
import { NONE } from '../../lib/format.ts';

/** 850 ms, 2.4 s, 1 min 12 s. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return NONE;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

export const formatRate = (rate: number | null) => (rate === null ? NONE : `${Math.round(rate * 100)}%`);

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const WHEN = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => WHEN.format(new Date(iso));
