// What a first visit downloads: JS and CSS bytes on the wire (as the server compresses them) for the
// sign-in screen, and for home when TOKEN (a session token) is given. Rerun after a build:
//   pnpm start &  BASE=http://localhost:3000 TOKEN=… pnpm --filter @cabinet/e2e bench:first-load
// It counts everything until the network is idle, what a screen starts loading after it shows included (the
// passkey autofill on sign-in). The build's budgets (apps/web/.size-limit.js, decision 0111) count what a
// screen needs before it can show.
import { chromium } from '@playwright/test';

const base = process.env.BASE ?? 'http://localhost:3000';
const screens = [['sign-in', '/app/auth-app', false]];
if (process.env.TOKEN) screens.push(['home', '/app/', true]);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [name, url, signedIn] of screens) {
  const context = await browser.newContext();
  if (signedIn) {
    await context.addInitScript((token) => {
      localStorage.setItem('cabinet.accessToken', token);
      localStorage.setItem('cabinet.isAuthenticated', 'true');
    }, process.env.TOKEN);
  }
  const page = await context.newPage();
  const sizes = [];
  page.on('response', (response) => {
    if (/\.(js|css)$/.test(response.url())) {
      sizes.push(response.headerValue('content-length').then((length) => [response.url(), Number(length)]));
    }
  });
  await page.goto(base + url, { waitUntil: 'networkidle' });
  const files = await Promise.all(sizes);
  const total = (ext) => files.filter(([u]) => u.endsWith(ext)).reduce((sum, [, n]) => sum + n, 0) / 1024;
  console.log(
    `${name}: ${files.length} files, JS ${total('.js').toFixed(1)} kB, CSS ${total('.css').toFixed(1)} kB`,
  );
  await context.close();
}
await browser.close();
