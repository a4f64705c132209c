import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityHeaders, { helmetHeaders } from './security-headers';

describe('security headers', () => {
  it("are helmet's, with our CSP, computed once", () => {
    const headers = helmetHeaders();
    expect(headers['content-security-policy']).toContain("form-action 'self' https://yoomoney.ru");
    expect(headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('are on every answer: a route, an error, a route that does not exist', async () => {
    const app = Fastify();
    await app.register(securityHeaders);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    const expected = helmetHeaders();
    for (const url of ['/ok', '/fails', '/missing']) {
      const response = await app.inject({ url });
      for (const [name, value] of Object.entries(expected))
        expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
    await app.close();
  });

  it('a route may still set its own policy (a file download does)', async () => {
    const app = Fastify();
    await app.register(securityHeaders);
    app.get('/file', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      return 'x';
    });
    const response = await app.inject({ url: '/file' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    await app.close();
  });
});
