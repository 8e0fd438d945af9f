import { expect, test } from './fixtures.ts';
import { createListener, E2E_ADMIN } from './support.ts';

test('the first letter of the login heading opens the admin login, which lands on the dashboard', async ({
  page,
}) => {
  await page.goto('/login');
  await page
    .getByRole('heading', { name: /og in to Chorus/ })
    .getByRole('button', { name: 'L' })
    .click();
  await expect(page).toHaveURL(/\/adminLogin$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Email and password are required')).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin_dashboard$/);
  await expect(page.getByRole('complementary', { name: 'Admin' })).toBeVisible();

  // Administrators get only the admin area and no top bar.
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin_dashboard$/);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/adminLogin$/);
  expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBeNull();
  await page.goto('/admin_users');
  await expect(page).toHaveURL(/\/adminLogin$/);
});

test('an administrator using the user login lands on the dashboard too', async ({ page }) => {
  await page.goto('/loginWithPass');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin_dashboard$/);
});

test('a listener at the admin login is told not allowed', async ({ page }) => {
  const user = await createListener();
  await page.goto('/adminLogin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('not allowed')).toBeVisible();
  await expect(page).toHaveURL(/\/adminLogin$/);
});
