import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { checkout, deliver, signedNotification } from '../../test/payments';
import { codeSignIn } from '../../test/sign-in';
import { SoftwareAuthenticator } from '../../test/webauthn';
import { loadOrCreatePaymentSecret } from '../modules/payments/payments.config';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The Prometheus text format (0.0.4), strictly: every line a comment or `name{labels} value`. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (\S+)$/;
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const m = line.match(sample);
    if (!m) throw new Error(`not the Prometheus text format: ${line}`);
    // Prometheus reads values with Go's ParseFloat: NaN in any case (prom-client writes 'Nan'), ±Inf.
    const raw = m[3] ?? '';
    const value = /^nan$/i.test(raw)
      ? Number.NaN
      : /^[+-]Inf$/.test(raw)
        ? Number.parseFloat(`${raw[0]}Infinity`)
        : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`bad value: ${line}`);
    samples.set(`${m[1]}${m[2] ?? ''}`, value);
  }
  return samples;
}

describe('GET /metrics (issue 31)', () => {
  let t: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' } });
    plain = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });

  async function scrape(): Promise<Map<string, number>> {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(res.body);
  }

  it('is 404 with neither METRICS_TOKEN nor METRICS_PORT, and without the right token', async () => {
    const none = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ success: false, message: 'Адрес не найден' });
    expect(plain.app.metrics.listenerAddress()).toBeNull();
    for (const authorization of [
      undefined,
      'Bearer wrong-token-wrong-token-wrong',
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('cabinet_');
    }
  });

  it('parses, and has the process, event-loop, pool, outbox and backlog metrics', async () => {
    const samples = await scrape();
    for (const name of [
      'cabinet_process_cpu_user_seconds_total',
      'cabinet_process_resident_memory_bytes',
      'cabinet_nodejs_eventloop_lag_p99_seconds',
      'cabinet_db_pool_connections{state="in_use"}',
      'cabinet_db_pool_connections{state="idle"}',
      'cabinet_db_pool_connections{state="waiting"}',
      'cabinet_mail_outbox_backlog',
      'cabinet_mail_outbox_oldest_age_seconds',
      'cabinet_webhook_backlog',
    ])
      expect(samples.has(name), name).toBe(true);
  });

  it('moves after traffic: request durations by method, route template and status, never raw paths', async () => {
    const before = await scrape();
    const health =
      'cabinet_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await t.app.inject({ url: '/api/v1/no/such/place/12345' });
    const after = await scrape();
    expect((after.get(health) ?? 0) - (before.get(health) ?? 0)).toBe(3);
    expect(
      after.get('cabinet_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThan(0);
    expect([...after.keys()].some((key) => key.includes('12345'))).toBe(false);
  });

  it('counts sign-ins by method and result', async () => {
    const success = 'cabinet_sign_ins_total{method="code",result="success"}';
    const failure = 'cabinet_sign_ins_total{method="code",result="failure"}';
    const before = await scrape();
    await codeSignIn(t, 'metrics-person@example.com');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { loginKey: 'web', email: 'nobody-here@example.com', code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const after = await scrape();
    expect((after.get(success) ?? 0) - (before.get(success) ?? 0)).toBe(1);
    expect((after.get(failure) ?? 0) - (before.get(failure) ?? 0)).toBe(1);
  });

  it('counts a desktop hand-off as the method desktop', async () => {
    const desktop = 'cabinet_sign_ins_total{method="desktop",result="success"}';
    const before = await scrape();
    await codeSignIn(t, 'metrics-desktop@example.com', { loginKey: randomBytes(32).toString('base64') });
    const after = await scrape();
    expect((after.get(desktop) ?? 0) - (before.get(desktop) ?? 0)).toBe(1);
  });

  it('counts passkey sign-ins by result', async () => {
    const key = (result: string) => `cabinet_sign_ins_total{method="passkey",result="${result}"}`;
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/passkey/${url}`, payload, headers });
    const user = await createUser(t);
    const device = new SoftwareAuthenticator('http://cabinet.test');
    const options = (await post('register/options', {}, user.headers)).json().data;
    const registered = await post(
      'register/verify',
      { response: device.register(options), name: 'Ключ' },
      user.headers,
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const signIn = async (authenticator: SoftwareAuthenticator) =>
      post('login/verify', {
        response: authenticator.authenticate((await post('login/options', {})).json().data),
      });
    const before = await scrape();
    expect((await signIn(device)).statusCode).toBe(200);
    const stranger = new SoftwareAuthenticator('http://cabinet.test');
    stranger.register((await post('register/options', {}, (await createUser(t)).headers)).json().data);
    expect((await signIn(stranger)).statusCode).toBe(400);
    const after = await scrape();
    for (const result of ['success', 'failure'])
      expect((after.get(key(result)) ?? 0) - (before.get(key(result)) ?? 0), result).toBe(1);
  });

  it('counts payment notifications by provider and result', async () => {
    const key = (result: string) => `cabinet_payments_total{provider="yoomoney",result="${result}"}`;
    const secret = await loadOrCreatePaymentSecret(t.env.DATA_DIR);
    const before = await scrape();
    const { label, sum } = await checkout(t, await createUser(t));
    const fields = signedNotification(secret, label, sum);
    expect((await deliver(t, fields)).statusCode).toBe(200);
    expect((await deliver(t, fields)).statusCode).toBe(200);
    expect((await deliver(t, { ...fields, sha1_hash: '0'.repeat(40) })).statusCode).toBe(400);
    const after = await scrape();
    for (const result of ['succeeded', 'duplicate', 'refused'])
      expect((after.get(key(result)) ?? 0) - (before.get(key(result)) ?? 0), result).toBe(1);
  });

  it('counts test-mode sandbox payments: the first pay succeeds, a second click is a duplicate', async () => {
    const key = (result: string) => `cabinet_payments_total{provider="test",result="${result}"}`;
    const before = await scrape();
    const { label } = await checkout(t, await createUser(t), { subscribe_id: 3 });
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscribe/sandbox/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ label }).toString(),
      });
    expect((await pay()).statusCode).toBe(303);
    expect((await pay()).statusCode).toBe(303);
    const after = await scrape();
    for (const result of ['succeeded', 'duplicate'])
      expect((after.get(key(result)) ?? 0) - (before.get(key(result)) ?? 0), result).toBe(1);
  });

  it('shows the mail outbox backlog and the age of its oldest mail', async () => {
    await t.prisma.mailOutbox.create({
      data: {
        key: 'metrics-test',
        to: 'someone@example.com',
        subject: 'S',
        text: 'T',
        html: '<p>T</p>',
        createdAt: new Date(Date.now() - 120_000),
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      },
    });
    const samples = await scrape();
    expect(samples.get('cabinet_mail_outbox_backlog')).toBeGreaterThanOrEqual(1);
    expect(samples.get('cabinet_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(119);
  });

  it('shows pg-boss queue sizes once the job queue runs', async () => {
    expect(await t.app.jobs.start()).toBe(true);
    await t.app.jobs.request('mail-outbox', { afterSeconds: 3600 });
    const samples = await scrape();
    expect(samples.get('cabinet_job_queue_size{queue="mail-outbox",state="created"}')).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('answers without a token on METRICS_PORT, bound to 127.0.0.1; other paths there are 404', async () => {
    const address = t.app.metrics.listenerAddress();
    expect(address?.address).toBe('127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${address?.port}/metrics`);
    expect(res.status).toBe(200);
    expect(parseExposition(await res.text()).has('cabinet_mail_outbox_backlog')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${address?.port}/api/health`)).status).toBe(404);
  });

  it("the Grafana dashboard's queries name only metrics /metrics has", async () => {
    const dashboard = readFileSync(
      new URL('../../../../deploy/grafana/cabinet-dashboard.json', import.meta.url),
      'utf8',
    );
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const declared = new Set([...res.body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const used = new Set(
      [...dashboard.matchAll(/cabinet_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')),
    );
    expect(used.size).toBeGreaterThan(8);
    expect([...used].filter((name) => !declared.has(name))).toEqual([]);
  });
});
