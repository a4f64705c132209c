// The test-mode payment page (docs/decisions/0025-test-mode-sandbox.md): self-contained HTML, inline CSS
// only (the CSP allows inline styles and forms to 'self', never scripts); everything printed is escaped.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f4f9;color:#1b2430}
main{width:100%;max-width:460px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 8px 32px rgba(27,36,48,.12)}
h1{margin:0 0 8px;font-size:24px}
.badge{display:inline-block;margin-bottom:16px;padding:2px 10px;border-radius:999px;background:#fff4cc;color:#7a5b00;font-size:13px;font-weight:600}
.notice{margin:0 0 24px;padding:12px 14px;border-radius:10px;background:#eef4ff;color:#24427a;font-size:14px}
.error{background:#fdecec;color:#8a1c1c}
dl{margin:0 0 24px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
dt{color:#5b6777}dd{margin:0;font-weight:600;word-break:break-all}
.sum{font-size:22px}
.actions{display:flex;gap:12px;flex-wrap:wrap}
button,.button{flex:1;min-width:140px;padding:12px 20px;border-radius:10px;border:0;font:inherit;font-weight:600;
text-align:center;text-decoration:none;cursor:pointer}
button{background:#ffd54a;color:#1b2430}button:hover{background:#ffcb1f}
.button{background:#e8ecf2;color:#1b2430}.button:hover{background:#dde2ea}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SandboxOrderView {
  label: string;
  planName: string;
  period: string;
  sum: string;
  paid: boolean;
}

const formatRubles = (sum: string) => {
  const [whole = '0', fraction = '00'] = sum.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${fraction}\u00a0₽`;
};

/** 'Тестовая оплата': the order, a notice that no money moves, 'Оплатить' and 'Отменить'. */
export function renderSandboxPage(
  order: SandboxOrderView,
  urls: { cancel: string; success: string },
): string {
  const details = `
<dl>
<dt>Тариф</dt><dd>${escapeHtml(order.planName)}</dd>
<dt>Период</dt><dd>${escapeHtml(order.period)}</dd>
<dt>Сумма</dt><dd class="sum">${escapeHtml(formatRubles(order.sum))}</dd>
<dt>Номер заказа</dt><dd>${escapeHtml(order.label)}</dd>
</dl>`;
  if (order.paid) {
    return layout(
      'Тестовая оплата',
      `<span class="badge">Тестовый режим</span>
<h1>Тестовая оплата</h1>
<p class="notice">Этот заказ уже оплачен.</p>
${details}
<div class="actions"><a class="button" href="${escapeHtml(urls.success)}">Вернуться в кабинет</a></div>`,
    );
  }
  return layout(
    'Тестовая оплата',
    `<span class="badge">Тестовый режим</span>
<h1>Тестовая оплата</h1>
<p class="notice">Это тестовый режим: деньги не списываются. Платёжная система не подключена, поэтому
сервер сам подтвердит оплату так же, как это сделала бы ЮMoney.</p>
${details}
<form class="actions" method="post" action="sandbox/pay">
<input type="hidden" name="label" value="${escapeHtml(order.label)}">
<button type="submit">Оплатить</button>
<a class="button" href="${escapeHtml(urls.cancel)}">Отменить</a>
</form>`,
  );
}

/** An error of the sandbox, as a page (the browser is on it, not the cabinet). */
export function renderSandboxError(message: string, backUrl: string): string {
  return layout(
    'Тестовая оплата',
    `<span class="badge">Тестовый режим</span>
<h1>Тестовая оплата</h1>
<p class="notice error">${escapeHtml(message)}</p>
<div class="actions"><a class="button" href="${escapeHtml(backUrl)}">Вернуться в кабинет</a></div>`,
  );
}
