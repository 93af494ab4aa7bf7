import type { Locator, Page } from 'playwright-core';
import type { EggAdjustmentResult } from '@hatchworks/shared/schemas/eggs';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import { seedSession } from './accounts';
import type { useBrowser, OpenPageOptions } from './browser';
import { apiData, profileOf } from './features';

type BrowserHandle = ReturnType<typeof useBrowser>;

/** Moves `auth`'s user to exactly `balance` eggs with an admin adjustment. */
export async function setBalance(
  adminToken: string,
  auth: AuthResult,
  balance: number,
): Promise<void> {
  const { egg_balance: current } = await profileOf(auth.token);
  if (current === balance) return;
  await apiData<EggAdjustmentResult>(`/api/admin/users/${encodeURIComponent(auth.user.id)}/eggs`, {
    method: 'POST',
    token: adminToken,
    body: { amount: balance - current, reason: 'browser test balance' },
  });
}

/** /features signed in as `auth` (the session is seeded the way a login stores it). */
export async function openFeaturesAs(
  browser: BrowserHandle,
  auth: AuthResult,
  options: OpenPageOptions = {},
): Promise<Page> {
  const page = await browser.openPage('/', options);
  const { egg_balance, can_claim_daily } = await profileOf(auth.token);
  await seedSession(page, { ...auth, user: { ...auth.user, egg_balance, can_claim_daily } });
  await page.goto('/features');
  return page;
}

/** Opens the create modal from 'Create Request (100 eggs)' and answers the dialog. */
export async function openCreateModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Create Request/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Feature Request' });
  await dialog.waitFor();
  return dialog;
}

/** Opens the vote modal from the card of the feature titled `title`. */
export async function openVoteModal(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `Vote on ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Vote with Eggs' });
  await dialog.waitFor();
  return dialog;
}

/** The create modal's fields, by their labels. */
export function createFields(dialog: Locator) {
  return {
    title: dialog.getByLabel('Title', { exact: true }),
    project: dialog.getByLabel('Project', { exact: true }),
    type: dialog.getByLabel('Feature Type', { exact: true }),
    description: dialog.getByLabel('Description', { exact: true }),
    tags: dialog.getByRole('textbox', { name: 'Tags' }),
    submit: dialog.getByRole('button', { name: /^Create Feature|^Creating/ }),
  };
}

/** The text of the dialog's alert once it shows. */
export async function alertText(dialog: Locator): Promise<string> {
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  return (await alert.innerText()).trim();
}

/** True when `element` lies within the page's width and nothing inside it scrolls sideways. */
export async function fitsWidth(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  const scrolls = await element.evaluate((node) => node.scrollWidth > node.clientWidth);
  return box !== null && box.x >= 0 && box.x + box.width <= width && !scrolls;
}
