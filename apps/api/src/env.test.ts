import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('configuration', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_EMAILS: [],
      DESKTOP_APP_SCHEME: 'insomnia',
      PAYMENT_COMMISSION: 0.03,
      LOG_LEVEL: 'info',
    });
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
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
  ])('a bad %s stops the server naming the variable', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
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

  it('FILES_QUOTA_BYTES is 1 GB by default, a positive whole number of bytes otherwise', () => {
    expect(loadEnv({}).FILES_QUOTA_BYTES).toBe(1_000_000_000);
    expect(loadEnv({ FILES_QUOTA_BYTES: '5000000' }).FILES_QUOTA_BYTES).toBe(5_000_000);
    for (const value of ['0', '-1', '1.5', 'abc', '1e400']) {
      expect(() => loadEnv({ FILES_QUOTA_BYTES: value }), value).toThrow(
        /^Invalid configuration:\n {2}FILES_QUOTA_BYTES:/,
      );
    }
  });
});
