import {
  PAYMENT_FORM_FIELDS,
  type PaymentMethod,
  type PaymentPeriod,
  paymentsEndpoints,
  type SubscribeInfo,
} from '@cabinet/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

type CheckoutInput = {
  planId: number;
  period: PaymentPeriod;
  method: PaymentMethod;
  userId: number;
  /** 'Продлевать автоматически' (YooKassa only; decision 0205). */
  autoRenew?: boolean;
};

/** A pending order and what pays it: the payment form, or YooKassa's confirmation page. */
export async function createCheckout({ planId, period, method, userId, autoRenew = false }: CheckoutInput) {
  const { data } = await callEndpoint(paymentsEndpoints.checkout, {
    body: {
      subscribe_id: planId,
      type: period,
      options: [{ id: 'method', value: method }],
      user_id: userId,
      ...(autoRenew ? { auto_renew: true } : {}),
    },
  });
  return data;
}

/**
 * Posts the payment form the way a browser would (YooMoney's quickpay takes a form POST, not a fetch):
 * a hidden <form method="POST" action> with the fields of PAYMENT_FORM_FIELDS, submitted at once. The
 * browser leaves the cabinet for YooMoney or the test-mode sandbox page.
 */
export function submitPaymentForm(info: SubscribeInfo, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = info.action;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const name of PAYMENT_FORM_FIELDS) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(info[name]);
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  return form;
}

export function useCheckout() {
  return useMutation({
    mutationFn: createCheckout,
    onSuccess: (info) => {
      // YooKassa: the person goes to its confirmation page (a GET); YooMoney and the sandbox take a form POST.
      if (info.confirmation_url) window.location.assign(info.confirmation_url);
      else submitPaymentForm(info);
    },
  });
}
