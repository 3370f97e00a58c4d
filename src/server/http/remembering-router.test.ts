import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RememberingRouter } from './remembering-router.ts';

/** An app shaped like ours: middleware on patterns, a literal beside a parameter at the same level. */
function app() {
  const hono = new Hono({ router: new RememberingRouter() });
  hono.use('/api/*', async (c, next) => {
    await next();
    c.header('x-api', 'yes');
  });
  hono.get('/api/companies/imports/:id', (c) => c.text(`import ${c.req.param('id')}`));
  hono.put('/api/companies/:id/saved', (c) => c.text(`saved ${c.req.param('id')}`));
  hono.get('/api/companies/:idOrName', (c) => c.text(`company ${c.req.param('idOrName')}`));
  return hono;
}

describe('RememberingRouter', () => {
  it('answers a repeated address as the first time, with its own parameters', async () => {
    const hono = app();
    for (let round = 0; round < 2; round++) {
      const stripe = await hono.request('/api/companies/Stripe');
      expect(await stripe.text()).toBe('company Stripe');
      expect(stripe.headers.get('x-api')).toBe('yes');
      expect(await (await hono.request('/api/companies/imports/7')).text()).toBe('import 7');
      expect(await (await hono.request('/api/companies/9/saved', { method: 'PUT' })).text()).toBe('saved 9');
      expect((await hono.request('/api/companies/9/saved')).status).toBe(404);
    }
  });

  it('keeps answering correctly past the number of addresses it remembers', async () => {
    const hono = app();
    for (let i = 0; i < 1500; i++) {
      expect(await (await hono.request(`/api/companies/c${i}`)).text()).toBe(`company c${i}`);
    }
    expect(await (await hono.request('/api/companies/c0')).text()).toBe('company c0');
  });

  it('forgets its answers when a route is added', async () => {
    const hono = app();
    expect((await hono.request('/api/health')).status).toBe(404);
    hono.get('/api/health', (c) => c.text('ok'));
    expect(await (await hono.request('/api/health')).text()).toBe('ok');
  });
});
