import { describe, expect, it } from 'vitest';
import { boxed } from '../adapters/smtp';
import { emailChangeMail } from '../modules/profile/email-change.mail';
import { loginCodeMail } from './mail';

// Without SMTP_URL the mail goes to the log: whatever it asks the reader to type must be there.

describe('a mail printed to the log', () => {
  it('shows the sign-in code, as README says (a box reading "Код для входа: 123456")', () => {
    const box = boxed(loginCodeMail('anna@example.com', '123456', 10));
    expect(box).toContain('Письмо для anna@example.com');
    expect(box).toContain('Код для входа: 123456');
  });

  it('shows the code of an e-mail change, so the quick start can confirm a new address', () => {
    const box = boxed(emailChangeMail('new@example.com', '654321', 10));
    expect(box).toContain('Письмо для new@example.com');
    expect(box).toContain('Подтверждение адреса эл. почты');
    expect(box).toContain('Код подтверждения: 654321');
  });

  it('keeps every line inside the box', () => {
    const lines = boxed(emailChangeMail('new@example.com', '654321', 10)).split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[0]).toMatch(/^╔═+╗$/);
    expect(lines.at(-1)).toMatch(/^╚═+╝$/);
  });
});
