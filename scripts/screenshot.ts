// Takes screenshots of the running app with Debian's Chromium: npx tsx scripts/screenshot.ts <hash-route> <out.png> [email] [host]
import { chromium } from 'playwright-core';

const [route = 'auth/login', out = '/tmp/shot.png', email, host = 'localhost'] = process.argv.slice(2);
const port = process.env.PORT ?? '3000';
const base = `http://${host}:${port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'pt-BR' });
page.on('console', (message) => message.type() === 'error' && console.error(`console: ${message.text()}`));
if (email) {
  await page.goto(`${base}#/auth/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(process.env.PASSWORD ?? 'demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/#\/(pages|administrador)\//);
}
await page.goto(`${base}#/${route}`);
await page.waitForTimeout(1200);
await page.screenshot({ path: out, fullPage: false });
console.log(`${out} ← ${page.url()}`);
await browser.close();
