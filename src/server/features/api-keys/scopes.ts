/**
 * The one rule that says which scope an API key needs for a request, used by `requireCaller` on every
 * signed-in route: the path's prefix names the resource, GET/HEAD read and every other method writes. A path
 * without an entry here (auth, profile, api keys, webhooks, the AI provider, credit purchases, ...) refuses API
 * keys, so a new route is closed to keys until it is added to this table on purpose.
 */
import {
  type ApiKeyResource,
  apiKeyRouteRefused,
  apiKeyScopeMissing,
  isApiKeyScope,
} from '../../../shared/api-keys.ts';
import { AppError } from '../../http/errors.ts';

type Access = 'read' | 'write';

/** `resource: null`: any valid key may read it (the caller's own job progress, whichever call started the job). */
type ApiRoute = { prefix: string; resource: ApiKeyResource | null; writable: boolean };

const API_ROUTES: readonly ApiRoute[] = [
  { prefix: '/api/v1/companies', resource: 'companies', writable: true },
  { prefix: '/api/v1/people', resource: 'people', writable: true },
  { prefix: '/api/v1/prospects', resource: 'prospects', writable: true },
  { prefix: '/api/v1/knowledge', resource: 'knowledge', writable: true },
  { prefix: '/api/v1/answers', resource: 'answers', writable: true },
  { prefix: '/api/v1/rfp', resource: 'rfp', writable: true },
  { prefix: '/api/v1/docgen', resource: 'documents', writable: true },
  { prefix: '/api/v1/copilot', resource: 'copilot', writable: true },
  { prefix: '/api/v1/projects', resource: 'projects', writable: true },
  { prefix: '/api/v1/events', resource: 'events', writable: false },
  { prefix: '/api/v1/buyer-intent', resource: 'events', writable: false },
  { prefix: '/api/v1/agents', resource: 'agents', writable: false },
  // Purchases, plan changes, auto top-up and usage spend money or credits: a session only.
  { prefix: '/api/v1/credits', resource: 'credits', writable: false },
  { prefix: '/api/v1/jobs', resource: null, writable: false },
];

/** POSTs that only ask (a question, an analysis): they need the read scope, as a search would. */
const ASKING = new Set([
  'POST /api/v1/knowledge/chat',
  'POST /api/v1/answers/ask',
  'POST /api/v1/copilot/analyze',
  'POST /api/v1/companies/match',
]);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const routeOf = (path: string) =>
  API_ROUTES.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));

/**
 * The scope a key needs for `method path`: `null` when any valid key may call it, `undefined` when no key may
 * (only a signed-in session). Works on concrete paths and on OpenAPI templates (`/api/v1/rfp/projects/{id}`).
 */
export function requiredScope(method: string, path: string): string | null | undefined {
  const route = routeOf(path);
  if (!route) return undefined;
  const verb = method.toUpperCase();
  const access: Access = READ_METHODS.has(verb) || ASKING.has(`${verb} ${path}`) ? 'read' : 'write';
  if (access === 'write' && !route.writable) return undefined;
  if (route.resource === null) return null;
  const scope = `${route.resource}:${access}`;
  return isApiKeyScope(scope) ? scope : undefined;
}

/** Throws the 403 an API key with `scopes` gets for `method path` when it may not call it. */
export function assertKeyMayCall(scopes: readonly string[], method: string, path: string): void {
  const scope = requiredScope(method, path);
  if (scope === undefined) throw new AppError('FORBIDDEN', 403, apiKeyRouteRefused(method, path));
  if (scope !== null && !scopes.includes(scope)) {
    throw new AppError('FORBIDDEN', 403, apiKeyScopeMissing(scope, method, path));
  }
}
