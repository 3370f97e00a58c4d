/** How the agent pages show measured figures. */
import { NONE } from '../../lib/format.ts';

/** 850 ms, 2.4 s, 1 min 12 s. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return NONE;
  // Each unit up to where its rounding would read as the next one ("1000 ms", "10.0 s", "60 s", "1 min 60 s").
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  if (ms < 9950) return `${(ms / 1000).toFixed(1)} s`;
  const total = Math.round(ms / 1000);
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

export const formatRate = (rate: number | null) => (rate === null ? NONE : `${Math.round(rate * 100)}%`);

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const WHEN = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => WHEN.format(new Date(iso));
