import { describe, expect, it, vi } from 'vitest';
import { submitPaymentForm } from './create-checkout';

describe('submitPaymentForm', () => {
  it('posts a hidden form with the quickpay fields to the action, not test_mode', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const form = submitPaymentForm({
      action: 'http://localhost/api/subscribe/sandbox',
      receiver: 'test',
      'quickpay-form': 'button',
      sum: '990.00',
      label: 'abc123',
      paymentType: 'AC',
      targets: 'Тариф «Про» на 1 месяц',
      successURL: 'http://localhost/app/subscription?payment=success',
      test_mode: true,
    });
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://localhost/api/subscribe/sandbox');
    const fields = Object.fromEntries(
      [...form.querySelectorAll('input')].map((input) => [input.name, input.value]),
    );
    expect(fields).toEqual({
      receiver: 'test',
      'quickpay-form': 'button',
      sum: '990.00',
      label: 'abc123',
      paymentType: 'AC',
      targets: 'Тариф «Про» на 1 месяц',
      successURL: 'http://localhost/app/subscription?payment=success',
    });
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
    form.remove();
  });
});
