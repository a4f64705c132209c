import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signInAsAdmin } from './admin-helpers';
import { expect, test } from './support/fixtures';
import { findings } from './support/inspect';

// Issue 31: a site admin adds an install-wide webhook endpoint, sends 'Тест' and sees the delivery with its
// status; a real HTTP receiver on this machine answers it.

let receiver: Server;
const received: { headers: Record<string, unknown>; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test.describe('webhooks', () => {
  test("add an endpoint, send 'Тест', see the delivery with its status", async ({ page }) => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook-${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto('/app/admin/webhooks');
    await expect(page.getByRole('heading', { name: 'Вебхуки', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Добавить вебхук' }).click();
    const form = page.getByRole('dialog', { name: 'Добавить вебхук' });
    await form.getByLabel('Адрес').fill(url);
    await form.getByLabel('Описание').fill('CRM');
    await form.getByRole('checkbox', { name: 'member.added' }).check();
    await form.getByRole('checkbox', { name: 'user.created' }).check();
    await form.getByRole('button', { name: 'Сохранить' }).click();

    const secret = page.getByRole('dialog', { name: 'Секрет вебхука' });
    await expect(secret).toContainText('whsec_');
    await secret.getByRole('button', { name: 'Закрыть' }).click();

    const card = page.getByRole('article', { name: url });
    await expect(card).toContainText('member.added, user.created');
    await card.getByRole('button', { name: 'Тест' }).click();
    const deliveries = card.getByRole('table', { name: 'Доставки' });
    // The test's own row: flows running beside this one create users, and the endpoint takes user.created.
    const testDelivery = deliveries.getByRole('row', { name: /webhook\.test/ });
    await expect(testDelivery).toBeVisible();
    await expect(testDelivery.getByText('Доставлено')).toBeVisible();
    await expect(testDelivery).toContainText('200');
    expect(await findings(page, 'admin-webhooks')).toEqual([]);
    expect(
      received.some((r) => r.body.includes('"type":"webhook.test"') && r.headers['webhook-signature']),
    ).toBe(true);
  });
});
