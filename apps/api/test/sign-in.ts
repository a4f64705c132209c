import type { LoginResult } from '@cabinet/contracts';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app';

/** A desktop browser, as the sessions list names it: 'Chrome 142, Windows'. */
export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
/** A phone: 'Safari 17, iOS'. */
export const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export interface Client {
  userAgent?: string;
  ip?: string;
  loginKey?: string;
}

/**
 * A real sign-in by e-mail code from `client` (its User-Agent and connecting address). The code row is
 * dropped afterwards, so the same address may sign in again at once (the once-a-minute rule is auth's test).
 */
export async function codeSignIn(t: TestApp, email: string, client: Client = {}): Promise<LoginResult> {
  const loginKey = client.loginKey ?? 'web';
  const request = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload,
      remoteAddress: client.ip ?? '127.0.0.1',
      headers: client.userAgent ? { 'user-agent': client.userAgent } : {},
    });
  const before = t.smtp.mailsTo(email).length;
  const sent = await request({ loginKey, email });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await t.smtp.nextCode(email, before);
  const res = await request({ loginKey, email, code });
  expect(res.statusCode, res.body).toBe(200);
  await t.prisma.loginCode.deleteMany({ where: { email } });
  return res.json().data as LoginResult;
}

export const sessionHeaders = (token: string) => ({ 'x-session-id': token });
