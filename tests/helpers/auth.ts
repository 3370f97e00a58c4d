import type { App } from '../../src/server/http/app.ts';

/** A browser-like client for the app under test: keeps the session cookie between requests. */
export function authClient(app: App) {
  let cookie = '';
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.request(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie) {
      const [pair] = line.split(';');
      if (!pair) continue;
      const [name] = pair.split('=');
      const rest = cookie.split('; ').filter((c) => c && !c.startsWith(`${name}=`));
      // An expired cookie (sign-out) is removed, any other replaces the old value.
      cookie = (/max-age=0|expires=thu, 01 jan 1970/i.test(line) ? rest : [...rest, pair]).join('; ');
    }
    return response;
  };
  return {
    request,
    get cookie() {
      return cookie;
    },
    signUp: (email: string, password: string, name = email.split('@')[0] ?? 'user') =>
      request('POST', '/api/auth/sign-up/email', { email, password, name }),
    signIn: (email: string, password: string) =>
      request('POST', '/api/auth/sign-in/email', { email, password }),
    session: async () => {
      const response = await request('GET', '/api/auth/get-session');
      return (await response.json()) as { user: { id: string; email: string } } | null;
    },
  };
}

export type AuthClient = ReturnType<typeof authClient>;

/** A request whose answer is read as JSON (null for an empty body), with its status. */
export async function callJson<T>(client: AuthClient, method: string, path: string, body?: unknown) {
  const response = await client.request(method, path, body);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
