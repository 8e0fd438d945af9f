import { expect, test } from './fixtures.ts';
import { createListener, seriousViolations } from './support.ts';

test('signing up in three steps lands home logged in, and the form survives a reload', async ({
  page,
}) => {
  const email = `signup-${Date.now()}@example.com`;
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign up to start listening' })).toBeVisible();
  await expect(page.getByTestId('bot-check-notice')).toBeVisible();

  await page.getByRole('button', { name: 'Use phone number instead.' }).click();
  await expect(page.getByText('Phone number signup not implemented yet')).toBeVisible();
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page.getByText('Google signup not implemented yet')).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#signup-email-error')).toHaveText('Email is required');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#signup-email-error')).toHaveText(
    "This email is invalid. Make sure it's written like name@domain.com",
  );
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/createPass$/);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('abcdefghij');
  const rules = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
  await expect(rules.filter({ hasText: '1 letter' })).toHaveAttribute('data-ok', 'true');
  await expect(rules.filter({ hasText: '1 number or special' })).toHaveAttribute(
    'data-ok',
    'false',
  );
  await expect(rules.filter({ hasText: '10 characters' })).toHaveAttribute('data-ok', 'true');
  await password.fill('abcdefghi#');
  await expect(next).toBeDisabled();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByLabel('Confirm password').fill('abcdefghi#');
  await expect(rules.filter({ hasText: 'Passwords match' })).toHaveAttribute('data-ok', 'true');
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page).toHaveURL(/\/profileinfo$/);
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
  await expect(page.getByText('This name will appear on your profile')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute(
    'aria-valuenow',
    '2',
  );
  // A name of spaces, or one left blank, says why Next stays disabled.
  await page.getByLabel('Name').fill('   ');
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByLabel('Name').fill('Journey Person');
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Journey Person');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByLabel('Date of birth').fill('1991-03-14');
  await page.getByLabel('Non-binary').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/terms&conditions$/);
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(page.getByTestId('bot-check-status')).toHaveText('Check complete.', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  const hints = await page.evaluate(() => ({
    isAuth: localStorage.getItem('isAuth'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    token: localStorage.getItem('token'),
    signup: sessionStorage.getItem('chorus-signup'),
  }));
  expect(hints.isAuth).toBe('true');
  expect(hints.user.email).toBe(email);
  expect(hints.token).toBeNull();
  expect(JSON.parse(hints.signup ?? '{}').state?.form?.email ?? '').toBe('');
});

test('step 1 of sign-up says an address in use is taken and offers to log in instead', async ({
  page,
}) => {
  const user = await createListener();
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(user.email.toUpperCase());
  await page.getByRole('button', { name: 'Next' }).click();
  const error = page.locator('#signup-email-error');
  await expect(error).toContainText('An account with this email already exists');
  await expect(page).toHaveURL(/\/signup$/);
  // Inline only: no toast repeats it.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await error.getByRole('link', { name: 'Log in instead' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email or username')).toHaveValue(user.email.toUpperCase());
});

test('a free address goes on to step 1 after the check, and a wrong one is told inline only', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#signup-email-error')).toContainText('This email is invalid');
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await page.getByLabel('Email address').fill(`free-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/createPass$/);
});

test('an address taken between step 1 and the last step is told in the box there, and only there', async ({
  page,
}) => {
  const email = `raced-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill('a-fine-password-1');
  await page.getByLabel('Confirm password').fill('a-fine-password-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Name').fill('Raced');
  await page.getByLabel('Date of birth').fill('1980-01-01');
  await page.getByLabel('Man', { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  // Someone else signs up with the address meanwhile.
  await createListener({ email });
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('signup-error')).toHaveText(
    'An account with this email already exists',
  );
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await expect(page).toHaveURL(/\/terms&conditions$/);
});
