/** Money amounts in the words people type (the copilot's commands and its request analysis). */

const MULTIPLIERS: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  m: 1_000_000,
  mm: 1_000_000,
  mil: 1_000_000,
  million: 1_000_000,
  b: 1_000_000_000,
  bn: 1_000_000_000,
  billion: 1_000_000_000,
};

/**
 * The first money amount in the text, in dollars: "$2.5m", "2.5 million", "500k", "$1,200,000", "3 thousand".
 * A bare number counts only with a $ or a multiplier, or when it is the only number in a revenue command.
 */
export function parseAmount(text: string): number | null {
  const money =
    /(\$|usd\s*)?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(k|thousand|mm|m|mil|million|bn|b|billion)?\b/gi;
  let bare: number | null = null;
  for (const match of text.matchAll(money)) {
    const [, dollar, digits = '', suffix] = match;
    const value = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const amount = Math.round(value * (suffix ? (MULTIPLIERS[suffix.toLowerCase()] ?? 1) : 1));
    if (dollar || suffix) return amount;
    bare ??= amount;
  }
  return bare;
}
