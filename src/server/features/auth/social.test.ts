import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { authClient } from '../../../../tests/helpers/auth.ts';
import { backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { loadConfig } from '../../config.ts';
import type { App } from '../../http/app.ts';

// A local OpenID Connect provider speaking the real protocol (discovery, authorize, token, JWKS, userinfo).
describe('single sign-on with an OpenID Connect issuer (oauth2-mock-server)', () => {
  const issuer = new OAuth2Server();
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    await issuer.issuer.keys.generate('RS256');
    await issuer.start(0, '127.0.0.1');
    issuer.service.on('beforeTokenSigning', (token) => {
      token.payload.email = 'grace@navy.example';
      token.payload.email_verified = true;
      token.payload.name = 'Grace Hopper';
    });
    issuer.service.on('beforeUserinfo', (response) => {
      response.body = {
        sub: 'grace',
        email: 'grace@navy.example',
        email_verified: true,
        name: 'Grace Hopper',
      };
    });
    const [pglite] = backends();
    database = await (pglite?.create() ?? Promise.reject(new Error('no PGlite')));
    app = (
      await createTestApp(database, {
        env: {
          OIDC_ISSUER: issuer.issuer.url ?? '',
          OIDC_CLIENT_ID: 'prospector',
          OIDC_CLIENT_SECRET: 'prospector-secret',
          OIDC_NAME: 'Navy SSO',
        },
      })
    ).app;
  });
  afterAll(async () => {
    await issuer.stop();
    await database.destroy();
  });

  it('lists only the configured providers', async () => {
    const response = await app.request('/api/v1/auth/providers');
    expect(await response.json()).toEqual({ providers: [{ id: 'oidc', name: 'Navy SSO' }] });
  });

  it('signs a new user in through the issuer and lands on /oauth/callback', async () => {
    const client = authClient(app);
    const start = await client.request('POST', '/api/auth/sign-in/social', {
      provider: 'oidc',
      callbackURL: 'http://localhost:3000/oauth/callback',
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(issuer.issuer.url ?? '-')).toBe(true);

    // The issuer authenticates at once and sends the browser back to our callback with a code.
    const authorize = await fetch(url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') ?? '');
    expect(back.pathname).toBe('/api/auth/callback/oidc');

    const callback = await client.request('GET', back.pathname + back.search);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('http://localhost:3000/oauth/callback');
    const session = await client.session();
    expect(session?.user.email).toBe('grace@navy.example');
  });

  it('refuses a callback whose state it did not issue', async () => {
    const client = authClient(app);
    const response = await client.request('GET', '/api/auth/callback/oidc?code=forged&state=forged');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/error=/);
    expect(await client.session()).toBeNull();
  });
});

describe('sign-in provider configuration', () => {
  it('needs the secret with the id, naming the missing variable', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'Invalid configuration: GOOGLE_CLIENT_SECRET must be set together with GOOGLE_CLIENT_ID',
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' })).toThrow(
      /OIDC_ISSUER must be set/,
    );
    expect(
      loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }).auth.providers.map((p) => p.id),
    ).toEqual(['github']);
  });
});
