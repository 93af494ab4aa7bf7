import { describe, expect, it } from 'vitest';
import { skipBrowserTests, useBrowser } from './support/browser';
import { registerUser } from './support/accounts';
import { openSignedIn } from './support/features';

describe.skipIf(skipBrowserTests)('Claim Daily in a stale tab', () => {
  const browser = useBrowser();

  it("shows the server's refusal, refreshes the balance and hides the button", async () => {
    // Prepare: two tabs of one session, both offering the claim
    const first = await openSignedIn(browser, await registerUser(), '/');
    const stale = await first.context().newPage();
    await stale.goto('/');
    const firstBar = first.locator('.account--bar');
    const staleBar = stale.locator('.account--bar');
    await firstBar.getByRole('button', { name: 'Claim Daily' }).waitFor();
    await staleBar.getByRole('button', { name: 'Claim Daily' }).waitFor();
    await firstBar.getByRole('button', { name: 'Claim Daily' }).click();
    const toast = await first.getByTestId('toast').innerText();
    expect(await staleBar.locator('.egg-balance').innerText()).toContain('500');

    // Act
    await staleBar.getByRole('button', { name: 'Claim Daily' }).click();

    // Assess
    expect(toast).toContain(
      'Claimed 100 eggs! Balance: 600 eggs. The next claim opens at midnight UTC.',
    );
    const alert = staleBar.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Daily eggs already claimed today');
    expect(await alert.innerText()).not.toContain('Failed to claim daily eggs');
    await staleBar.locator('.egg-balance', { hasText: '600' }).waitFor();
    await staleBar.getByRole('button', { name: 'Claim Daily' }).waitFor({ state: 'detached' });
    expect(await stale.getByRole('button', { name: 'Claim Daily' }).count()).toBe(0);
  });
});
