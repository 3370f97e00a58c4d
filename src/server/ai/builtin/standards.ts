/**
 * Security and privacy standards and regulations as people write them ("SOC 2", "ISO 27001", "PCI DSS"): the
 * words a security review turns on. The knowledge graph keeps them as terms; the copilot must not take their
 * capitalised acronyms for company names ("search my files for SOC 2 policy").
 */
export type Standard = { name: string; aliases: readonly string[] };

export const STANDARDS: readonly Standard[] = [
  { name: 'SOC 2', aliases: ['SOC2', 'SOC 2 Type II', 'SOC 2 Type 2'] },
  { name: 'ISO 27001', aliases: ['ISO/IEC 27001', 'ISO 27001:2013', 'ISO 27001:2022'] },
  { name: 'ISO 27002', aliases: ['ISO/IEC 27002'] },
  { name: 'HIPAA', aliases: [] },
  { name: 'HITRUST', aliases: [] },
  { name: 'GDPR', aliases: ['General Data Protection Regulation'] },
  { name: 'CCPA', aliases: ['California Consumer Privacy Act'] },
  { name: 'PCI DSS', aliases: ['PCI-DSS', 'PCI'] },
  { name: 'NIST', aliases: [] },
  { name: 'NIST 800-53', aliases: ['NIST SP 800-53'] },
  { name: 'FedRAMP', aliases: [] },
  { name: 'FISMA', aliases: [] },
  { name: 'OWASP', aliases: ['OWASP Top 10'] },
  { name: 'CIS Controls', aliases: [] },
  { name: 'Section 508', aliases: [] },
];

/** A form as a pattern: its spaces and dashes may be written as either, or left out ("SOC2", "PCI-DSS"). */
const formPattern = (text: string) =>
  text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/[\s-]+/g, '[\\s-]*');
const FORMS = [...STANDARDS.flatMap((s) => [s.name, ...s.aliases])].sort((a, b) => b.length - a.length);
/** Any form of the list, any numbered ISO standard ("ISO 9001") or ISO alone, and "SOC 1" or "SOC 3"; any case. */
const STANDARD_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${FORMS.map(formPattern).join('|')}|ISO(?:/IEC)?(?:\\s*\\d{4,5}(?::\\d{4})?)?|SOC\\s*[123])(?![\\p{L}\\p{N}])`,
  'giu',
);

/** The spans of the standards a text names, in text order. */
export function standardSpans(text: string): { start: number; end: number; text: string }[] {
  return [...text.matchAll(STANDARD_PATTERN)].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    text: m[0],
  }));
}
