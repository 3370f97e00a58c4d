/**
 * API keys for the public REST API (issue 10 point 4): created with scopes, shown once, stored as a SHA-256
 * hash, revoked, with the time of last use. A key is sent as `Authorization: Bearer pk_...`.
 */
import { z } from 'zod';

/** What a key can be given access to: one resource per group of API routes (`/api/v1/<resource>/...`). */
export const API_KEY_RESOURCES = [
  'companies',
  'people',
  'prospects',
  'knowledge',
  'answers',
  'rfp',
  'documents',
  'copilot',
  'projects',
  'events',
  'agents',
  'credits',
] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

/** Every scope a key can hold. Credits have no write scope: buying credits and changing the plan need a sign-in. */
export const API_KEY_SCOPES = [
  'companies:read',
  'companies:write',
  'people:read',
  'people:write',
  'prospects:read',
  'prospects:write',
  'knowledge:read',
  'knowledge:write',
  'answers:read',
  'answers:write',
  'rfp:read',
  'rfp:write',
  'documents:read',
  'documents:write',
  'copilot:read',
  'copilot:write',
  'projects:read',
  'projects:write',
  'events:read',
  'agents:read',
  'credits:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_READ_SCOPES = API_KEY_SCOPES.filter((scope) => scope.endsWith(':read'));

export const scopeOf = (resource: ApiKeyResource, access: 'read' | 'write'): string =>
  `${resource}:${access}`;

export const isApiKeyScope = (text: string): text is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(text);

/** The resources as the create dialog lists them, with what read and write allow. */
export const API_KEY_RESOURCE_LABELS: Record<
  ApiKeyResource,
  { label: string; read: string; write?: string }
> = {
  companies: {
    label: 'Companies',
    read: 'Search companies, facets, a company, import status',
    write: 'Import companies, save and unsave companies',
  },
  people: {
    label: 'People',
    read: 'Search people and facets',
    write: 'Reveal e-mails and phones, enrich, save people (uses credits)',
  },
  prospects: {
    label: 'Prospects',
    read: 'List prospects, forecasts and momentum',
    write: 'Create, update and delete prospects, forecasts and momentum',
  },
  knowledge: {
    label: 'Knowledge base',
    read: 'Documents, stats, file search, the graph, and asking the knowledge chat',
    write: 'Upload, reprocess and delete documents',
  },
  answers: {
    label: 'Sales Q&A',
    read: 'Ask questions, read the answer library and the review queue',
    write: 'Feedback, edit the library, review answers',
  },
  rfp: {
    label: 'RFP responses',
    read: 'RFP projects, questions, comments and exports',
    write: 'Create projects, draft answers, edit, approve and comment',
  },
  documents: {
    label: 'Generated documents',
    read: 'Templates, generated documents and their exports',
    write: 'Generate, edit and delete documents',
  },
  copilot: {
    label: 'AI copilot',
    read: 'Analyze a request, read chat sessions',
    write: 'Send chat messages, delete sessions',
  },
  projects: {
    label: 'Sales projects',
    read: 'Sales projects, their items and notes',
    write: 'Create projects, add items and notes',
  },
  events: { label: 'Events', read: 'The activity timeline and buyer intent' },
  agents: { label: 'Agents', read: 'The agent catalogue and your recent runs' },
  credits: { label: 'Credits', read: 'Balance, prices and the ledger' },
};

/** A key is `pk_` and 32 random bytes in base64url (43 characters). */
export const API_KEY_PREFIX = 'pk_';
export const API_KEY_PATTERN = /^pk_[A-Za-z0-9_-]{43}$/;
/** How much of a key the list shows (`pk_` and 8 characters), enough to tell keys apart, useless to guess one. */
export const API_KEY_DISPLAY_LENGTH = 11;
export const API_KEY_NAME_MAX = 80;
/** Active (not revoked) keys a user can have at once. */
export const API_KEYS_MAX = 25;
/** `last_used_at` is written at most this often per key, not on every request. */
export const API_KEY_LAST_USED_PRECISION_MS = 60_000;

export const API_KEY_INVALID = 'Invalid API key';
export const API_KEY_REVOKED = 'This API key has been revoked';
export const API_KEY_NOT_FOUND = 'API key not found';
export const API_KEY_LIMIT_REACHED = `You can have at most ${API_KEYS_MAX} active API keys. Revoke one you no longer use first.`;
export const apiKeyRouteRefused = (method: string, path: string) =>
  `This API key cannot be used for ${method} ${path}: it needs a signed-in session`;
export const apiKeyScopeMissing = (scope: string, method: string, path: string) =>
  `This API key does not have the scope ${scope} needed for ${method} ${path}`;

export const apiKeyCreateSchema = z
  .object({
    name: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(API_KEY_NAME_MAX, `must be at most ${API_KEY_NAME_MAX} characters`),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: `must be one of ${API_KEY_SCOPES.join(', ')}` }), {
        error: 'must be a list of scopes',
      })
      .min(1, 'choose at least one scope')
      .max(API_KEY_SCOPES.length)
      .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  })
  .strict();
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`pk_AbCd1234`). */
  prefix: z.string(),
  scopes: z.array(z.string()),
  status: z.enum(['active', 'revoked']),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the whole key is sent. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
