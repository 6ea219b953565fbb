import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ORIGIN, apiSession, uniqueEmail } from './helpers.ts';

/**
 * Issue 15, item 1, in a real browser: a page on another port of the same host is same-site (the
 * victim's SameSite=Lax cookie goes along) but another origin. Its form posts to the server through
 * spellings of the upload path the router accepts; none may plant a file in the victim's account.
 */
const SPELLINGS = ['/%61pi/documents', '/api/%64ocuments', '/api/documents'];

function attackerPage(target: string) {
  return `<!doctype html><meta charset="utf-8"><title>Oferta</title>
<script>
  const sends = ${JSON.stringify(SPELLINGS)}.map((path) => {
    const body = new FormData();
    body.append('files', new File(['ESCRITURA PLANTADA POR OUTRA ORIGEM'], 'plantado.txt', { type: 'text/plain' }));
    return fetch(${JSON.stringify(target)} + path, { method: 'POST', body, mode: 'no-cors', credentials: 'include' }).catch(() => null);
  });
  Promise.all(sends).then(() => { document.title = 'enviado'; });
</script>`;
}

let attacker: Server;
let attackerOrigin: string;

test.beforeAll(async () => {
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(attackerPage(ORIGIN));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  // localhost like the server: same site, another port.
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

test('a same-site page on another port cannot upload into a signed-in victim\'s account', async ({ page }) => {
  // The victim is signed in: the browser context holds the session cookie for the server.
  await apiSession(page.request, uniqueEmail('vitima'), 'Vítima E2E');
  expect((await page.context().cookies(ORIGIN)).some((c) => c.name.includes('session_token'))).toBe(true);

  // The server's answers never reach the page (Cross-Origin-Resource-Policy blocks them), so they
  // are read from the browser's network layer: what was sent, with which cookie, and the status.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const cookies = new Map<string, string>();
  const statuses = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.method === 'POST') urls.set(e.requestId, new URL(e.request.url).pathname);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const cookie = Object.entries(e.headers).find(([name]) => name.toLowerCase() === 'cookie')?.[1];
    if (cookie) cookies.set(e.requestId, String(cookie));
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => statuses.set(e.requestId, e.statusCode));

  await page.goto(attackerOrigin);
  await expect(page).toHaveTitle('enviado');
  const answered = () => [...urls].filter(([id]) => statuses.has(id)).length;
  await expect.poll(answered).toBe(SPELLINGS.length);

  // Every spelling reached the server with the victim's cookie and was refused as cross-origin.
  for (const path of SPELLINGS) {
    const id = [...urls].find(([, p]) => p === path)?.[0];
    expect(id, path).toBeDefined();
    expect(cookies.get(id!), path).toContain('session_token');
    expect(statuses.get(id!), path).toBe(403);
  }
  const list = await page.request.get(`${ORIGIN}/api/documents`);
  expect(list.status()).toBe(200);
  expect((await list.json()).documents).toEqual([]);
});
