/** The one rule mapping a request to the scope an API key needs (./scopes.ts). */
import { describe, expect, it } from 'vitest';
import { assertKeyMayCall, requiredScope } from './scopes.ts';

describe('the scope an API key needs', () => {
  it('reads with GET and HEAD, writes with every other method, by the path prefix', () => {
    expect(requiredScope('GET', '/api/v1/companies')).toBe('companies:read');
    expect(requiredScope('HEAD', '/api/v1/companies/facets')).toBe('companies:read');
    expect(requiredScope('PUT', '/api/v1/companies/{id}/saved')).toBe('companies:write');
    expect(requiredScope('DELETE', '/api/v1/rfp/projects/abc')).toBe('rfp:write');
    expect(requiredScope('POST', '/api/v1/docgen/documents')).toBe('documents:write');
    expect(requiredScope('GET', '/api/v1/projects/{id}/notes')).toBe('projects:read');
  });

  it('counts asking a question as reading', () => {
    expect(requiredScope('POST', '/api/v1/knowledge/chat')).toBe('knowledge:read');
    expect(requiredScope('POST', '/api/v1/answers/ask')).toBe('answers:read');
    expect(requiredScope('POST', '/api/v1/copilot/analyze')).toBe('copilot:read');
    expect(requiredScope('POST', '/api/v1/companies/match')).toBe('companies:read');
    expect(requiredScope('POST', '/api/v1/copilot/messages')).toBe('copilot:write');
  });

  it('refuses keys where no entry says otherwise, and on writes to read-only resources', () => {
    for (const [method, path] of [
      ['GET', '/api/v1/profile'],
      ['GET', '/api/v1/integrations/api-keys'],
      ['POST', '/api/v1/integrations/webhooks'],
      ['PUT', '/api/v1/integrations/ai-provider'],
      ['POST', '/api/v1/credits/purchases'],
      ['PUT', '/api/v1/credits/plan'],
      ['GET', '/api/v1/workflow'],
      ['GET', '/api/v1/companiesx'],
      ['POST', '/api/v1/events'],
    ]) {
      expect(requiredScope(method as string, path as string), `${method} ${path}`).toBeUndefined();
    }
  });

  it('lets any key follow its jobs, and names the missing scope', () => {
    expect(requiredScope('GET', '/api/v1/jobs/123')).toBeNull();
    expect(() => assertKeyMayCall([], 'GET', '/api/v1/jobs/123')).not.toThrow();
    expect(() => assertKeyMayCall(['companies:read'], 'GET', '/api/v1/people')).toThrow(
      'This API key does not have the scope people:read needed for GET /api/v1/people',
    );
    expect(() => assertKeyMayCall(['credits:read'], 'POST', '/api/v1/credits/purchases')).toThrow(
      'This API key cannot be used for POST /api/v1/credits/purchases: it needs a signed-in session',
    );
  });
});
