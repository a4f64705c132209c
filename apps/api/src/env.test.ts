import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('configuration', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      TRUST_PROXY: false,
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_EMAILS: [],
      DESKTOP_APP_SCHEME: 'insomnia',
      PAYMENT_COMMISSION: 0.03,
      LOG_LEVEL: 'info',
    });
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.LOGIN_CODE_SECRET).toBeUndefined();
  });

  it('normalises ADMIN_EMAILS and PUBLIC_URL; empty values mean unset', () => {
    const env = loadEnv({
      ADMIN_EMAILS: ' A@x.ru, ,b@Y.ru ',
      PUBLIC_URL: 'https://cab.example.com/',
      SMTP_URL: '',
    });
    expect(env.ADMIN_EMAILS).toEqual(['a@x.ru', 'b@y.ru']);
    expect(env.PUBLIC_URL).toBe('https://cab.example.com');
    expect(env.SMTP_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://x'],
    ['PAYMENT_COMMISSION', '2'],
    ['LOG_LEVEL', 'loud'],
    ['DESKTOP_APP_SCHEME', 'Bad Scheme'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_KEY_PREFIX', 'has space'],
    ['S3_FORCE_PATH_STYLE', 'maybe'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '*'],
    ['TRUST_PROXY', '17'],
    ['TRUST_PROXY', 'balancer.internal'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, nonsense'],
    ['LOGIN_CODE_SECRET', 'too-short'],
    ['PAYMENTS_MODE', 'sandbox'],
  ])('a bad %s stops the server naming the variable', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 172.16.0.0/12,fd00::/8', ['10.0.0.5', '172.16.0.0/12', 'fd00::/8']],
    ['loopback', ['loopback']],
  ])('reads TRUST_PROXY %j as %j', (value, expected) => {
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('names the bad TRUST_PROXY entry and refuses trusting everyone', () => {
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.1, nonsense' })).toThrow(
      /TRUST_PROXY: not an address or CIDR: nonsense/,
    );
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: trusting every address/);
  });

  it('has no S3 or Redis by default; path-style S3 in us-east-1', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      REDIS_KEY_PREFIX: 'cabinet:',
    });
    expect(env.S3_ENDPOINT).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  const s3 = {
    S3_ENDPOINT: 'http://minio:9000',
    S3_BUCKET: 'cabinet',
    S3_ACCESS_KEY: 'key',
    S3_SECRET_KEY: 'secret',
  };

  it('reads a complete S3 setting and Redis', () => {
    const env = loadEnv({
      ...s3,
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'false',
      REDIS_URL: 'rediss://:pw@redis.example.com:6380/2',
      REDIS_KEY_PREFIX: 'cab-prod:',
    });
    expect(env).toMatchObject({ ...s3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: false });
    expect(env).toMatchObject({
      REDIS_URL: 'rediss://:pw@redis.example.com:6380/2',
      REDIS_KEY_PREFIX: 'cab-prod:',
    });
  });

  it('a partial S3 setting stops the server naming each missing variable', () => {
    const attempt = () =>
      loadEnv({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: s3.S3_BUCKET, S3_ACCESS_KEY: ' ' });
    expect(attempt).toThrow(
      /^Invalid configuration:\n {2}S3_ACCESS_KEY: required with S3_ENDPOINT, S3_BUCKET/,
    );
    expect(attempt).toThrow(/\n {2}S3_SECRET_KEY: required with S3_ENDPOINT, S3_BUCKET \(S3 storage\)$/);
  });

  it('a bad S3_ENDPOINT is named', () => {
    expect(() => loadEnv({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /^Invalid configuration:\n {2}S3_ENDPOINT:/,
    );
  });

  describe('PAYMENTS_MODE', () => {
    const yoomoney = { YOOMONEY_RECEIVER: '4100118000000000', YOOMONEY_SECRET: 's3cr3t' };

    it('unset: test without YooMoney settings, live with both', () => {
      expect(loadEnv({}).PAYMENTS_MODE).toBe('test');
      expect(loadEnv({ PAYMENTS_MODE: '' }).PAYMENTS_MODE).toBe('test');
      expect(loadEnv(yoomoney).PAYMENTS_MODE).toBe('live');
    });

    it('may be said explicitly when it agrees with the settings', () => {
      expect(loadEnv({ PAYMENTS_MODE: 'test' }).PAYMENTS_MODE).toBe('test');
      expect(loadEnv({ ...yoomoney, PAYMENTS_MODE: 'live' }).PAYMENTS_MODE).toBe('live');
    });

    it.each([
      ['YOOMONEY_SECRET', { YOOMONEY_RECEIVER: '4100118000000000' }],
      ['YOOMONEY_RECEIVER', { YOOMONEY_SECRET: 's3cr3t' }],
      ['YOOMONEY_SECRET', { YOOMONEY_RECEIVER: '4100118000000000', YOOMONEY_SECRET: ' ' }],
      ['YOOMONEY_SECRET', { YOOMONEY_RECEIVER: '4100118000000000', PAYMENTS_MODE: 'live' }],
      ['YOOMONEY_RECEIVER', { YOOMONEY_SECRET: 's3cr3t', PAYMENTS_MODE: 'test' }],
    ])('one YooMoney setting without the other stops the server naming %s', (name, source) => {
      expect(() => loadEnv(source)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: required with`));
    });

    it('live without YooMoney settings stops the server naming both', () => {
      const attempt = () => loadEnv({ PAYMENTS_MODE: 'live' });
      expect(attempt).toThrow(
        /^Invalid configuration:\n {2}YOOMONEY_RECEIVER: required when PAYMENTS_MODE=live/,
      );
      expect(attempt).toThrow(/\n {2}YOOMONEY_SECRET: required when PAYMENTS_MODE=live/);
    });

    it('test with YooMoney settings stops the server naming PAYMENTS_MODE', () => {
      expect(() => loadEnv({ ...yoomoney, PAYMENTS_MODE: 'test' })).toThrow(
        /^Invalid configuration:\n {2}PAYMENTS_MODE: test mode takes no YOOMONEY_RECEIVER and YOOMONEY_SECRET/,
      );
    });

    it('anything else is named', () => {
      expect(() => loadEnv({ PAYMENTS_MODE: 'real' })).toThrow(/^Invalid configuration:\n {2}PAYMENTS_MODE:/);
    });
  });

  it('FILES_QUOTA_BYTES is 1 GB by default, a positive whole number of bytes otherwise', () => {
    expect(loadEnv({}).FILES_QUOTA_BYTES).toBe(1_000_000_000);
    expect(loadEnv({ FILES_QUOTA_BYTES: '5000000' }).FILES_QUOTA_BYTES).toBe(5_000_000);
    for (const value of ['0', '-1', '1.5', 'abc', '1e400']) {
      expect(() => loadEnv({ FILES_QUOTA_BYTES: value }), value).toThrow(
        /^Invalid configuration:\n {2}FILES_QUOTA_BYTES:/,
      );
    }
  });

  it('header links: http(s) addresses and an e-mail, unset by default, anything else named', () => {
    const none = loadEnv({});
    expect([none.ABOUT_URL, none.FAQ_URL, none.SUPPORT_URL, none.SUPPORT_EMAIL]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const set = loadEnv({
      ABOUT_URL: 'https://example.com/about',
      FAQ_URL: 'http://example.com/faq',
      SUPPORT_URL: '',
      SUPPORT_EMAIL: 'help@example.com',
    });
    expect(set).toMatchObject({
      ABOUT_URL: 'https://example.com/about',
      FAQ_URL: 'http://example.com/faq',
      SUPPORT_EMAIL: 'help@example.com',
    });
    expect(set.SUPPORT_URL).toBeUndefined();
    for (const [name, value] of [
      ['ABOUT_URL', 'javascript:alert(1)'],
      ['FAQ_URL', 'example.com/faq'],
      ['SUPPORT_URL', 'ftp://example.com'],
      ['SUPPORT_EMAIL', 'help at example.com'],
    ] as const) {
      expect(() => loadEnv({ [name]: value }), name).toThrow(
        new RegExp(`^Invalid configuration:\\n {2}${name}:`),
      );
    }
  });
});

describe('YooKassa settings (issue 28, decision 0200)', () => {
  const keys = { YOOKASSA_SHOP_ID: '123456' };
  it.each([
    [{ YOOKASSA_SHOP_ID: '123456' }, 'YOOKASSA_SECRET_KEY: required with YOOKASSA_SHOP_ID'],
    [{ YOOKASSA_SECRET_KEY: 'test_abc' }, 'YOOKASSA_SHOP_ID: required with YOOKASSA_SECRET_KEY'],
    [
      { ...keys, YOOKASSA_SECRET_KEY: 'live_abc', PAYMENTS_MODE: 'test' },
      'YOOKASSA_SECRET_KEY: test mode needs',
    ],
    [
      { ...keys, YOOKASSA_SECRET_KEY: 'test_abc', PAYMENTS_MODE: 'live' },
      'YOOKASSA_SECRET_KEY: live mode refuses',
    ],
    [{ YOOKASSA_NOTIFY_IPS: '10.0.0.0/40' }, 'YOOKASSA_NOTIFY_IPS: not an address or CIDR'],
    [{ YOOKASSA_VAT_CODE: '13' }, 'YOOKASSA_VAT_CODE:'],
    [{ YOOKASSA_API_URL: 'ftp://x' }, 'YOOKASSA_API_URL:'],
    [{ AUTO_RENEW_DAYS_BEFORE: '-1' }, 'AUTO_RENEW_DAYS_BEFORE:'],
  ])('%o stops the server: %s', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('defaults, and the mode follows the key', () => {
    const none = loadEnv({});
    expect(none).toMatchObject({
      YOOKASSA_API_URL: 'https://api.yookassa.ru/v3',
      YOOKASSA_VAT_CODE: 1,
      AUTO_RENEW_DAYS_BEFORE: 1,
      PAYMENTS_MODE: 'test',
    });
    expect(none.YOOKASSA_TAX_SYSTEM_CODE).toBeUndefined();
    expect(none.YOOKASSA_NOTIFY_IPS).toContain('185.71.76.0/27');
    expect(loadEnv({ ...keys, YOOKASSA_SECRET_KEY: 'test_abc' }).PAYMENTS_MODE).toBe('test');
    expect(loadEnv({ ...keys, YOOKASSA_SECRET_KEY: 'live_abc' }).PAYMENTS_MODE).toBe('live');
    expect(loadEnv({ ...keys, YOOKASSA_SECRET_KEY: 'live_abc', PAYMENTS_MODE: 'live' }).PAYMENTS_MODE).toBe(
      'live',
    );
    expect(loadEnv({ YOOKASSA_NOTIFY_IPS: ' 127.0.0.1, ::1 ' }).YOOKASSA_NOTIFY_IPS).toEqual([
      '127.0.0.1',
      '::1',
    ]);
  });
});

describe('identity settings (issue 30)', () => {
  it.each([
    [{ YANDEX_CLIENT_ID: 'abc' }, 'YANDEX_CLIENT_SECRET: required with YANDEX_CLIENT_ID'],
    [{ YANDEX_CLIENT_SECRET: 'abc' }, 'YANDEX_CLIENT_ID: required with YANDEX_CLIENT_SECRET'],
    [{ DNS_SERVERS: 'dns.example.com' }, 'DNS_SERVERS: not a DNS server address'],
    [{ DNS_SERVERS: '127.0.0.1:70000' }, 'DNS_SERVERS: not a DNS server address'],
    [{ SSO_ALLOW_PRIVATE: 'maybe' }, 'SSO_ALLOW_PRIVATE:'],
    [{ YANDEX_OAUTH_URL: 'ftp://x' }, 'YANDEX_OAUTH_URL:'],
  ])('%o stops the server: %s', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('defaults, and DNS servers as node:dns takes them', () => {
    const none = loadEnv({});
    expect(none.DNS_SERVERS).toBeUndefined();
    expect(none).toMatchObject({
      SSO_ALLOW_PRIVATE: false,
      YANDEX_OAUTH_URL: 'https://oauth.yandex.ru',
      YANDEX_LOGIN_URL: 'https://login.yandex.ru',
    });
    expect(loadEnv({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53' }).DNS_SERVERS).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
    ]);
  });
});
