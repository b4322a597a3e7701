import { expect, test } from '@playwright/test';

test('the server answers an unknown route with the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
