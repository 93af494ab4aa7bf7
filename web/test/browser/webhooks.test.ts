import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanAtWidths,
  screenshot,
  skipBrowserTests,
  useBrowser,
  violationsAtWidths,
} from './support/browser';
import { DEMO, loginUser, registerUser } from './support/accounts';
import { openSignedIn } from './support/features';

/** A receiver on this machine (the test stack lets webhooks reach loopback) answering `status`. */
let receiver: Server;
let status = 200;
/** Path and body of every request the receiver got (other tests' events reach it too). */
const received: { path: string; body: string }[] = [];
const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'thanks' : 'down for maintenance');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const asAdmin = () => loginUser(DEMO.admin.email, DEMO.admin.password);

const card = (page: Page, url: string) => page.getByRole('article', { name: url });

describe.skipIf(skipBrowserTests)('Webhooks (/projects/webhooks)', () => {
  const browser = useBrowser();

  it('tells signed-in non-admins they need to be an administrator', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/projects/webhooks');

    // Act
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();

    // Assess
    expect(
      await page.getByText('You must be an administrator to manage webhooks.').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Endpoint' }).count()).toBe(0);
  });

  it('adds an endpoint, shows its secret once, sends a test event and logs it, switches it off and on, and deletes it', async () => {
    // Prepare
    const page = await openSignedIn(browser, await asAdmin(), '/projects');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    const path = `/hook/${Date.now()}`;
    const url = `${receiverUrl().replace('/hook', '')}${path}`;
    status = 200;

    // Act: add
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('Format').selectOption('slack');
    await form.getByLabel('Description').fill('Studio Slack');
    await form.getByRole('checkbox', { name: 'Egg threshold passed' }).check();
    await form.getByRole('spinbutton', { name: /Egg threshold/ }).fill('250');
    await form.getByRole('button', { name: 'Add Endpoint' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    const notice = await page
      .getByRole('status')
      .filter({ hasText: 'not shown again' })
      .innerText();
    await screenshot(page, 'webhooks-secret');
    await page.getByRole('button', { name: 'Done' }).click();
    const added = card(page, url);
    await added.waitFor();
    const facts = await added.innerText();

    // Act: test event
    await added.getByRole('button', { name: 'Send Test Event' }).click();
    const toast = await page
      .getByTestId('toast')
      .filter({ hasText: 'Test event sent.' })
      .innerText();
    const row = added.getByRole('row').filter({ hasText: 'webhook.test' });
    const logged = await row.innerText();
    await screenshot(page, 'webhooks-list');

    // Act: off, on
    await added.getByRole('button', { name: 'Disable' }).click();
    await added.getByText('Disabled by an admin').waitFor();
    await added.getByRole('button', { name: 'Enable' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Webhook enabled.' }).waitFor();

    // Act: delete
    await added.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Webhook' })
      .getByRole('button', { name: 'Delete Webhook' })
      .click();
    await page.getByTestId('toast').filter({ hasText: 'Webhook deleted.' }).waitFor();
    // The list is read again after the answer: the card goes a moment after the notice.
    await card(page, url).waitFor({ state: 'detached' });

    // Assess
    expect(secret).toMatch(/^whsec_/);
    expect(notice).toContain('Copy its secret now: it is not shown again.');
    expect(facts).toContain('Studio Slack');
    expect(facts).toContain('Slack incoming webhook');
    expect(facts).toContain('Egg threshold passed (250 eggs)');
    expect(facts).toContain(`…${secret.slice(-4)}`);
    expect(facts).not.toContain(secret);
    expect(toast).toContain('The endpoint answered 200.');
    // Slack's shape: the test event's sentence, once.
    expect(
      received.filter((each) => each.path === path && each.body.includes('A test event')),
    ).toHaveLength(1);
    expect(logged).toContain('Delivered 200');
    expect(logged).toContain('thanks');
  });

  it('says why an address is refused and keeps what was typed', async () => {
    // Prepare
    const page = await openSignedIn(browser, await asAdmin(), '/projects/webhooks');
    const form = page.getByRole('form', { name: 'Add an endpoint' });

    // Act
    await form.getByLabel('Endpoint URL').fill('https://169.254.169.254/latest/meta-data');
    await form.getByRole('button', { name: 'Add Endpoint' }).click();
    const error = await form.getByRole('alert').innerText();

    // Assess
    expect(error).toBe(
      'This URL cannot receive webhooks: 169.254.169.254 is a link-local address.',
    );
    expect(await form.getByLabel('Endpoint URL').inputValue()).toBe(
      'https://169.254.169.254/latest/meta-data',
    );
  });

  it("shows a failing endpoint's answer in its log and fits every width with no serious axe violations", async () => {
    // Prepare
    const page = await openSignedIn(browser, await asAdmin(), '/projects/webhooks', {
      bypassCSP: true,
    });
    const url = `${receiverUrl()}/down-${Date.now()}`;
    status = 503;
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByRole('button', { name: 'Add Endpoint' }).click();
    await page.getByRole('button', { name: 'Done' }).click();

    // Act
    await card(page, url).getByRole('button', { name: 'Send Test Event' }).click();
    const toast = await page.getByTestId('toast').filter({ hasText: 'not delivered' }).innerText();
    const failed = await card(page, url)
      .getByRole('row')
      .filter({ hasText: 'Failed 503' })
      .innerText();
    const violations = await violationsAtWidths(page);
    await screenshot(page, 'webhooks-failing');
    status = 200;
    await card(page, url).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Webhook' })
      .getByRole('button', { name: 'Delete Webhook' })
      .click();

    // Assess
    expect(toast).toContain('It was not delivered: 503.');
    expect(failed).toContain('down for maintenance');
    expect(violations).toEqual(cleanAtWidths());
  });
});
