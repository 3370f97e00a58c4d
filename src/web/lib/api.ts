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

/** The message a failed response carries, or spec 1 §8's 'Unexpected error.' when it carries none. */
export async function errorMessage(
  response: Response,
): Promise<{ message: string; code: string | null; details?: unknown }> {
  try {
    const body: unknown = await response.json();
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
  } catch {
    // Not JSON: fall through to the generic text.
  }
  return { message: 'Unexpected error.', code: null };
}

/** JSON request to our API with the session cookie; resolves with the parsed body or throws ApiError. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) {
    const { message, code, details } = await errorMessage(response);
    throw new ApiError(message, response.status, code, details ?? null);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** TanStack Query's `retry`: once for a network or server failure, never for a refusal (4xx) such as a 402. */
export const notRetriedOnRefusal = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);
