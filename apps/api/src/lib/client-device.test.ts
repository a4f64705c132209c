import { describe, expect, it } from 'vitest';
import { clientUserAgent, describeDevice, USER_AGENT_MAX } from './client-device';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
      'Chrome 142, Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari 17, macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128, Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
      'Chrome 142, Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 YaBrowser/25.10.0.0 Safari/537.36',
      'Yandex Browser 25, Windows',
    ],
  ])('%s → %s', (userAgent, words) => {
    expect(describeDevice(userAgent)).toBe(words);
  });

  it('says nothing for an empty or unreadable user agent', () => {
    expect(describeDevice('')).toBeNull();
    expect(describeDevice('   ')).toBeNull();
    expect(describeDevice('curl/8.5.0')).toBeNull();
  });
});

describe('clientUserAgent', () => {
  it('keeps the header, cut to the column, and an empty string when there is none', () => {
    expect(clientUserAgent(undefined)).toBe('');
    expect(clientUserAgent('x'.repeat(1000))).toHaveLength(USER_AGENT_MAX);
    expect(clientUserAgent(['a', 'b'])).toBe('a b');
  });
});
