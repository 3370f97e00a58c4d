/**
 * What the OpenAPI document (`/api/openapi.json`, `/api/docs`) says about authentication: how to get an API key,
 * and for each operation which scope a key needs, from the same table that enforces it (./scopes.ts).
 */
import { API_KEY_SCOPES } from '../../../shared/api-keys.ts';
import { requiredScope } from './scopes.ts';

/** The document's description: what the API is, how to get a key, how scopes apply. */
export const apiDescription = (
  publicUrl: string,
) => `The HTTP API of Prospector, the open-source AI sales-agent platform.

Authentication: create an API key in the app under Integrations > API keys (/integrations?tab=api), choose its scopes, and copy it when it is shown: it is shown once. Send it on every request as \`Authorization: Bearer pk_...\`, for example \`curl -H "Authorization: Bearer $PROSPECTOR_API_KEY" "${publicUrl.replace(/\/$/, '')}/api/v1/companies?q=fintech"\`.

Scopes apply to every route: reading (GET) needs \`<resource>:read\`, changing (POST, PUT, PATCH, DELETE) needs \`<resource>:write\`; asking the knowledge chat, Sales Q&A or the copilot's analysis counts as reading. Each operation names the scope it needs; one that names none accepts only a signed-in session (sign-in, profile, credit purchases, API keys and webhooks). A missing scope is answered with 403, an unknown or revoked key with 401. Scopes: ${API_KEY_SCOPES.join(', ')}.

Errors come as \`{ "error": { "code", "message", "details"? } }\`. Paid activities charge the key owner's credits as in the app.`;

const SESSION_COOKIE = 'better-auth.session_token';

type Operation = {
  description?: string;
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
};
type Document = {
  paths?: Record<string, Record<string, Operation | unknown>>;
  components?: Record<string, unknown> & { securitySchemes?: Record<string, unknown> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * Adds the two ways in (an API key as a bearer token, the app's session cookie) and, on every operation that
 * answers 401 (it needs a caller), the security it accepts: the key with the scope it needs, or a session.
 */
export function withApiKeyAccess<T extends object>(document: T): T {
  const doc = document as Document;
  doc.components = {
    ...doc.components,
    securitySchemes: {
      ...doc.components?.securitySchemes,
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'pk_...',
        description:
          'An API key from Integrations > API keys, held to its scopes (an operation lists the scope it needs).',
      },
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The session of a user signed in to the app (the web app uses it).',
      },
    },
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op?.responses?.['401'] || op.security) continue;
      const scope = requiredScope(method, path);
      const keyNote =
        scope === undefined
          ? 'API keys: not accepted (a signed-in session only).'
          : `API keys: ${scope === null ? 'any key' : `scope \`${scope}\``}.`;
      op.description = op.description ? `${op.description}\n\n${keyNote}` : keyNote;
      op.security =
        scope === undefined
          ? [{ session: [] }]
          : [{ apiKey: scope === null ? [] : [scope] }, { session: [] }];
    }
  }
  return document;
}
