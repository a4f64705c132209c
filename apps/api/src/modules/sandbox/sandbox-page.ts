import fs from 'node:fs/promises';
import { formatPrice } from '../../lib/formats';
import { currentLocale, tr } from '../../lib/i18n';
import { escapeHtml } from '../../lib/mail';

// The test-mode payment page (docs/decisions/0025-test-mode-sandbox.md), made from sandbox-page.html. The
// file sits next to this module in src/, and the build copies it next to the bundle (build.mjs), where
// import.meta.url then points: the same line finds it in both.
const TEMPLATE = new URL('./sandbox-page.html', import.meta.url);

/** Markup made by filling a part: the only text put into a part unescaped. */
class Html {
  constructor(readonly text: string) {}
}

/** Each {{name}} of `part` becomes its value (or the page's word of that name): text escaped, markup as it is. */
function fill(part: string, values: Record<string, string | Html>): Html {
  const said: Record<string, string | Html> = { ...words(), ...values };
  return new Html(
    part.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = said[name];
      if (value === undefined) throw new Error(`sandbox-page.html: no value for {{${name}}}`);
      return value instanceof Html ? value.text : escapeHtml(value);
    }),
  );
}

export interface SandboxOrderView {
  label: string;
  /** The order's short sequential number people read, '№ 1042' (issue 34); the label is the provider's. */
  number: number;
  planName: string;
  period: string;
  sum: string;
  paid: boolean;
}

/** The page's words, in the request's language. */
const words = () => ({
  title: tr('Тестовая оплата'),
  badge: tr('Тестовый режим'),
  planLabel: tr('Тариф'),
  periodLabel: tr('Период'),
  sumLabel: tr('Сумма'),
  numberLabel: tr('Номер заказа'),
  notice: tr(
    'Это тестовый режим: деньги не списываются. Платёжная система не подключена, поэтому сервер сам подтвердит оплату так же, как это сделала бы ЮMoney.',
  ),
  pay: tr('Оплатить'),
  cancelLabel: tr('Отменить'),
  paidNotice: tr('Этот заказ уже оплачен.'),
  backLabel: tr('Вернуться в кабинет'),
});

export interface SandboxPage {
  /** 'Тестовая оплата': the order, a notice that no money moves, 'Оплатить' and 'Отменить'. */
  order(order: SandboxOrderView, urls: { cancel: string; success: string }): string;
  /** An error of the sandbox, as a page (the browser is on it, not the cabinet). */
  error(message: string, backUrl: string): string;
}

/** Reads the template once (at start: a missing file stops the server there, not at a payer's click). */
export async function loadSandboxPage(): Promise<SandboxPage> {
  const parts = new Map<string, string>();
  const layout = (await fs.readFile(TEMPLATE, 'utf8'))
    .replace(/^<!--[\s\S]*?-->\n/, '')
    .replace(/\n<template id="(\w+)">\n([\s\S]*?)\n<\/template>/g, (_, name: string, text: string) => {
      parts.set(name, text);
      return '';
    });
  const part = (name: string) => {
    const text = parts.get(name);
    if (text === undefined) throw new Error(`sandbox-page.html: no <template id="${name}">`);
    return text;
  };
  const details = part('details');
  const unpaid = part('order');
  const paid = part('paid');
  const error = part('error');
  // The template is written in Russian's lang; the page says the request's.
  const page = (content: Html) =>
    fill(layout, { content }).text.replace('<html lang="ru">', `<html lang="${currentLocale()}">`);

  return {
    order(order, urls) {
      const dl = fill(details, {
        planName: order.planName,
        period: order.period,
        sum: formatPrice(order.sum),
        number: String(order.number),
      });
      if (order.paid) return page(fill(paid, { details: dl, success: urls.success }));
      return page(fill(unpaid, { details: dl, label: order.label, cancel: urls.cancel }));
    },
    error: (message, backUrl) => page(fill(error, { message, back: backUrl })),
  };
}
