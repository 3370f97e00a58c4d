/**
 * Spec 1 §3 "Company context": the companies an agent hands to another through the address
 * (`?companies=<URL-encoded JSON>&source=…&session=…&returnRoute=…`).
 */
export type ContextCompany = { name: string } & Record<string, unknown>;

export type CompanyContext = {
  companies: ContextCompany[];
  enrichmentData: Record<string, unknown>;
  sourceAgent: string | null;
  sessionId: string | null;
  /** True when the companies were picked for document generation. */
  selectedForGeneration: boolean;
  returnRoute: string | null;
};

/** The query parameters that clearing the context removes from the address (spec 1 §4). */
export const COMPANY_CONTEXT_PARAMS = ['companies', 'source', 'session'] as const;

const isCompany = (value: unknown): value is ContextCompany =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';

/**
 * The context carried by a query string, or null when there is no `companies` parameter. A value that is not
 * a JSON list of companies throws, with a message saying why (the caller logs it; spec 1 §5).
 */
export function parseCompanyContext(search: string): CompanyContext | null {
  const params = new URLSearchParams(search);
  const raw = params.get('companies');
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`companies is not valid JSON: ${raw.slice(0, 80)}`);
  }
  if (!Array.isArray(parsed) || !parsed.every(isCompany)) {
    throw new Error('companies must be a JSON list of companies, each with a name');
  }
  const source = params.get('source');
  // Only same-site paths: a return route is navigated to, and must never lead off the product.
  const returnRoute = params.get('returnRoute');
  return {
    companies: parsed,
    enrichmentData: {},
    sourceAgent: source,
    sessionId: params.get('session'),
    selectedForGeneration: source === 'document-generation',
    returnRoute: returnRoute?.startsWith('/') && !returnRoute.startsWith('//') ? returnRoute : null,
  };
}

/** The query string with the context's parameters removed (other parameters kept). */
export function withoutCompanyContext(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of COMPANY_CONTEXT_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The path that hands `companies` to document generation, selected for it (spec 3 §3 "Company context"). */
export function documentGenerationPath(
  companies: readonly { id: string; name: string }[],
  returnRoute?: string,
): string {
  const params = new URLSearchParams({
    companies: JSON.stringify(companies.map(({ id, name }) => ({ id, name }))),
    source: 'document-generation',
  });
  if (returnRoute) params.set('returnRoute', returnRoute);
  return `/intelligent-sales-document-generation?${params}`;
}
