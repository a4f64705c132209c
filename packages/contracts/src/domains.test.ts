import { describe, expect, it } from 'vitest';
import { DOMAIN_MAX, DOMAIN_MESSAGES, isPublicMailDomain, normalizeDomain } from './domains';

// What a verified domain may be (decision 0271), the same check in the API and in the cabinet's form.

describe('normalizeDomain', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['  corp.example.com.  ', 'corp.example.com'],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
    ['Bücher.example', 'xn--bcher-kva.example'],
    ['xn--e1afmkfd.xn--p1ai', 'xn--e1afmkfd.xn--p1ai'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
  ])('%s → %s', (input, domain) => expect(normalizeDomain(input)).toEqual({ domain }));

  it.each([
    ['', DOMAIN_MESSAGES.required],
    ['example', DOMAIN_MESSAGES.format],
    ['example..com', DOMAIN_MESSAGES.format],
    ['example.com..', DOMAIN_MESSAGES.format],
    ['http://example.com', DOMAIN_MESSAGES.format],
    ['10.0.0.1', DOMAIN_MESSAGES.format],
    ['0x7f.1', DOMAIN_MESSAGES.format],
    ['[::1]', DOMAIN_MESSAGES.format],
    ['ex ample.com', DOMAIN_MESSAGES.format],
    ['example-.com', DOMAIN_MESSAGES.format],
    [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}`, DOMAIN_MESSAGES.tooLong],
    ['googlemail.com', DOMAIN_MESSAGES.publicMail],
    ['YA.RU', DOMAIN_MESSAGES.publicMail],
  ])('%s is refused', (input, error) => expect(normalizeDomain(input)).toEqual({ error }));

  it(`takes a name of exactly ${DOMAIN_MAX} characters`, () => {
    const name = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(DOMAIN_MAX - 192)}`;
    expect(name).toHaveLength(DOMAIN_MAX);
    expect(normalizeDomain(name)).toEqual({ domain: name });
  });
});

describe('isPublicMailDomain', () => {
  it('knows the public mail domains, their country versions and names under them', () => {
    for (const domain of [
      'gmail.com',
      'yandex.ru',
      'mail.ru',
      'proton.me',
      'gmx.net',
      'yahoo.co.jp',
      'x.icloud.com',
    ])
      expect(isPublicMailDomain(domain), domain).toBe(true);
  });

  it('leaves companies alone, even ones whose names look alike', () => {
    for (const domain of [
      'example.com',
      'gmail.company.example',
      'mymail.ru',
      'live.company',
      'notgmail.com',
    ])
      expect(isPublicMailDomain(domain), domain).toBe(false);
  });
});
