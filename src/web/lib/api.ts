import { readServerEvents, type ServerEvent } from '../../shared/sse.ts';
import { recordApiCall } from './diagnostics.ts';
import { track } from './in-flight.ts';

/** An API failure with the server's message (our `{ error: { message } }` or Better Auth's `{ message }`). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    /** Our error's `details` (e.g. 402's `{ required, available }`), when it has them. */
    readonly details: unknown = null,
  ) {
    super(message);
  }
}

type ErrorInfo = { message: string; code: string | null; details?: unknown };

/** The message an error body carries (our `{ error: { message } }` or Better Auth's `{ message }`), if any. */
function errorInBody(body: unknown): ErrorInfo | null {
  if (body && typeof body === 'object') {
    const { error, message, code } = body as { error?: unknown; message?: unknown; code?: unknown };
    if (error && typeof error === 'object') {
      const nested = error as { message?: unknown; code?: unknown; details?: unknown };
      if (typeof nested.message === 'string' && nested.message) {
        return {
          message: nested.message,
          code: typeof nested.code === 'string' ? nested.code : null,
          details: nested.details,
        };
      }
    }
    if (typeof error === 'string' && error) return { message: error, code: null };
    if (typeof message === 'string' && message) {
      return { message, code: typeof code === 'string' ? code : null };
    }
  }
  return null;
}

const UNEXPECTED: ErrorInfo = { message: 'Unexpected error.', code: null };

/** The message a failed response carries, or spec 1 §8's 'Unexpected error.' when it carries none. */
export async function errorMessage(response: Response): Promise<ErrorInfo> {
  try {
    return errorInBody(await response.json()) ?? UNEXPECTED;
  } catch {
    // Not JSON: the generic text.
    return UNEXPECTED;
  }
}

type ApiRequest = { method?: string; body?: unknown };

/** A request to our API with the session cookie; throws ApiError unless the answer is a success. */
async function send(path: string, init: ApiRequest, accept?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (accept) headers.accept = accept;
  const method = init.method ?? 'GET';
  const started = performance.now();
  let response: Response;
  try {
    response = await track(
      fetch(path, {
        method,
        credentials: 'include',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    );
  } catch (err) {
    // A request the page itself called off (it navigated away) is no failure to report.
    if (!(err instanceof DOMException && err.name === 'AbortError')) {
      recordApiCall(method, path, 0, performance.now() - started);
    }
    throw err;
  }
  return checked(method, path, response, started);
}

/** The response when it is a success, else its ApiError; the diagnostics keep its status and timing either way. */
async function checked(method: string, path: string, response: Response, started: number) {
  if (!response.ok) {
    const { message, code, details } = await errorMessage(response);
    recordApiCall(method, path, response.status, performance.now() - started, message);
    throw new ApiError(message, response.status, code, details ?? null);
  }
  recordApiCall(method, path, response.status, performance.now() - started);
  return response;
}

/** JSON request to our API with the session cookie; resolves with the parsed body or throws ApiError. */
export async function apiFetch<T>(path: string, init: ApiRequest = {}): Promise<T> {
  const response = await send(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * A multipart POST (file uploads) with the session cookie; resolves with the parsed body or throws ApiError.
 * A connection the server closed on a body it refused (too large) is reported as such, with status 0.
 */
export async function apiPostForm<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  const started = performance.now();
  try {
    response = await track(fetch(path, { method: 'POST', credentials: 'include', body: form }));
  } catch {
    recordApiCall('POST', path, 0, performance.now() - started);
    // The server may close the connection on a body it refuses before it is all sent.
    throw new ApiError('The file could not be sent. Check your connection and try again.', 0, null);
  }
  return (await (await checked('POST', path, response, started)).json()) as T;
}

/**
 * A request answered with server-sent events: the events as they arrive. A refusal before the stream starts
 * throws ApiError with its status, as `apiFetch` does.
 */
export async function* apiEvents(path: string, init: ApiRequest = {}): AsyncGenerator<ServerEvent> {
  const response = await send(path, init, 'text/event-stream');
  if (!response.body) throw new ApiError(UNEXPECTED.message, response.status, null);
  yield* readServerEvents(response.body);
}

/**
 * The ApiError an `error` event carries (`{ error: { code, message } }`). It has no HTTP status of its own: a
 * lack of credits keeps its 402 so it is reported as one; anything else counts as a server failure.
 */
export function eventError(data: string): ApiError {
  let info = UNEXPECTED;
  try {
    info = errorInBody(JSON.parse(data)) ?? UNEXPECTED;
  } catch {
    // Not JSON: the generic text.
  }
  const status = info.code === 'INSUFFICIENT_CREDITS' ? 402 : 500;
  return new ApiError(info.message, status, info.code, info.details ?? null);
}

/** TanStack Query's `retry`: once for a network or server failure, never for a refusal (4xx) such as a 402. */
export const notRetriedOnRefusal = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);
