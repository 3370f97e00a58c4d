import { BookOpen } from 'lucide-react';
import type { ApiKeyResource } from '../../../../shared/api-keys.ts';

/** For each resource, a GET a key with its read scope can try first. */
const EXAMPLE_PATHS: Record<ApiKeyResource, string> = {
  companies: '/api/v1/companies?q=fintech&limit=5',
  people: '/api/v1/people?limit=5',
  prospects: '/api/v1/prospects',
  knowledge: '/api/v1/knowledge/documents',
  answers: '/api/v1/answers/library',
  rfp: '/api/v1/rfp/projects',
  documents: '/api/v1/docgen/documents',
  copilot: '/api/v1/copilot/sessions',
  projects: '/api/v1/projects',
  events: '/api/v1/events',
  agents: '/api/v1/agents',
  credits: '/api/v1/credits',
};

/** A curl command against `baseUrl` with `key`, calling something the key's first scope allows. */
export function curlExample(baseUrl: string, key: string, scopes: readonly string[] = ['companies:read']) {
  const resource = (scopes[0]?.split(':')[0] ?? 'companies') as ApiKeyResource;
  const path = EXAMPLE_PATHS[resource] ?? EXAMPLE_PATHS.companies;
  return `curl -H "Authorization: Bearer ${key}" \\\n  "${baseUrl}${path}"`;
}

/** How to call the REST API with a key, against this server's address, and where its reference is. */
export function ApiTryIt() {
  const base = window.location.origin;
  return (
    <section aria-labelledby="api-try-it" className="flex flex-col gap-3 rounded-xl border p-4">
      <h3 id="api-try-it" className="font-semibold">
        Try it
      </h3>
      <p className="text-sm text-muted-foreground">
        Put the key in an environment variable and call any endpoint its scopes allow. Reading needs{' '}
        <code className="text-xs">resource:read</code>, creating, changing or deleting needs{' '}
        <code className="text-xs">resource:write</code>.
      </p>
      <pre className="rounded-md bg-muted p-3 text-xs break-all whitespace-pre-wrap">
        <code>{`export PROSPECTOR_API_KEY=pk_...\n${curlExample(base, '$PROSPECTOR_API_KEY')}`}</code>
      </pre>
      <a
        href="/api/docs"
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <BookOpen className="size-4" aria-hidden />
        API reference (/api/docs)
      </a>
    </section>
  );
}
