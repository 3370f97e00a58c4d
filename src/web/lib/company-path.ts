/**
 * The address of a company page: its name, as spec 1 §2.1 has it, unless the name cannot be one path segment
 * (a slash, or the word 'research', which is the research table's own address): then its id.
 */
export function companyPath(
  company: { id: string; name: string },
  base = '/sales-account-development',
): string {
  const byName = !company.name.includes('/') && company.name.trim().toLowerCase() !== 'research';
  return `${base}/${encodeURIComponent(byName ? company.name : company.id)}`;
}
