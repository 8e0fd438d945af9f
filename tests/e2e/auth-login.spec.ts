import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createListener, signIn, waitForMail } from './support.ts';

/** The six-digit code in the mail sent to `email` since `since`. */
async function mailedCode(email: string, since: number): Promise<string> {
  return /\b(\d{6})\b/.exec(await waitForMail(email, since))![1]!;
}

/** Asks on /login for a code for `email`, and reads it from the mail; the code page shows. */
async function askForCode(page: Page, email: string): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/otpSection$/);
  return mailedCode(email, since);
}

test('logging in with a code read from the real SMTP server', async ({ page }) => {
  const user = await createListener();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: /og in to Chorus/ })).toBeVisible();
  await page.getByLabel('Email or username').fill(user.email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page).toHaveURL(/\/otpSection$/);
  await expect(page.getByText('Enter the 6-digit code sent to you at')).toBeVisible();
  const [local, domain] = user.email.split('@') as [string, string];
  await expect(page.getByTestId('masked-email')).toHaveText(
    `${local[0]}${'*'.repeat(local.length - 2)}${local.at(-1)}@e*****e.com`,
  );
  expect(domain).toBe('example.com');
  // Too long for one line of the heading, the address wraps before its @, not inside a part.
  const linesOfParts = await page.getByTestId('masked-email').evaluate((span) =>
    [...span.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((rect) => rect.top)).size;
      }),
  );
  expect(linesOfParts).toEqual([1, 1]);
  await expect(page.getByRole('button', { name: /^Resend code \(\d+s\)$/ })).toBeDisabled();
  const mail = await waitForMail(user.email, since);
  const code = /\b(\d{6})\b/.exec(mail)![1]!;

  const login = page.getByRole('button', { name: 'Log in', exact: true });
  await expect(login).toBeDisabled();
  const first = page.getByLabel('Digit 1');
  await first.click();
  await page.keyboard.type('x');
  await expect(first).toHaveValue('');
  await page.keyboard.type(code.slice(0, 3));
  await expect(page.getByLabel('Digit 4')).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(page.getByLabel('Digit 3')).toBeFocused();
  await expect(page.getByLabel('Digit 3')).toHaveValue('');
  await page.keyboard.type(code.slice(2));
  await expect(login).toBeEnabled();
  await login.click();

  await expect(page.getByText('Login successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
});

test('pasting a code fills all six boxes; a wrong code shows the server message', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = await askForCode(page, (await createListener()).email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.evaluate((text) => navigator.clipboard.writeText(text), wrong);
  await page.getByLabel('Digit 1').focus();
  await page.keyboard.press('ControlOrMeta+V');
  for (let i = 1; i <= 6; i++)
    await expect(page.getByLabel(`Digit ${i}`)).toHaveValue(wrong[i - 1]!);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Please check it and try again.',
  );
  await expect(page).toHaveURL(/\/otpSection$/);
});

test('pressing Continue again within the wait leads to the code already mailed', async ({
  page,
}) => {
  const user = await createListener();
  const code = await askForCode(page, user.email);
  // The wait runs on, so the second answer's wait is visibly shorter than a fresh code's.
  await expect(page.getByRole('button', { name: /^Resend code \((1\d|2[0-7])s\)$/ })).toBeVisible({
    timeout: 10_000,
  });
  const since = Date.now();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/otpSection$/);
  await expect(
    page.getByRole('button', { name: /^Resend code \((1\d|2[0-7])s\)$/ }),
  ).toBeDisabled();
  await page.getByLabel('Digit 1').focus();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Login successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // No second mail raced the first.
  await expect(waitForMail(user.email, since, 1_000)).rejects.toThrow();
});

test('the code boxes hold the focus: on arrival, and again after a wrong code', async ({
  page,
}) => {
  const code = await askForCode(page, (await createListener()).email);
  // Wrong in its last digit only: typing the right code over it types five digits the boxes
  // already hold.
  const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

  // Typed straight away, without a click.
  await expect(page.getByLabel('Digit 1')).toBeFocused();
  await page.keyboard.type(wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Please check it and try again.',
  );
  // The boxes were disabled while the code was checked; the focus is back in them, so the
  // right code is typed over the wrong one, each digit moving on to the next box.
  await expect(page.getByLabel('Digit 1')).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Login successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('logging in with a password, staying in after a reload, and logging out', async ({ page }) => {
  const user = await createListener();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Email & Password' }).click();
  await expect(page).toHaveURL(/\/loginWithPass$/);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Please enter both email and password')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(user.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'chorus_session')!;
  expect(session.httpOnly).toBe(true);
  expect(session.expires).toBe(-1); // a browser-session cookie: 'Remember me' was unchecked

  await page.reload();
  const menu = page.getByRole('button', { name: 'Profile menu' });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.mouse.click(5, 700); // an outside click closes the menu
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeHidden();
  await menu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const storage = await page.evaluate(() => [
    localStorage.getItem('user'),
    localStorage.getItem('isAuth'),
    localStorage.getItem('isAdmin'),
  ]);
  expect(storage).toEqual([null, null, null]);
  // The server ended the session: the old cookie no longer works.
  const me = await page.request.get('/api/auth/me', {
    headers: { cookie: `chorus_session=${session.value}` },
  });
  expect(me.status()).toBe(401);
});

test('a remembered login keeps a 30-day cookie', async ({ page }) => {
  const user = await createListener();
  await page.goto('/loginWithPass');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await expect(page.getByLabel('Remember me')).toBeChecked();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  const session = (await page.context().cookies()).find((c) => c.name === 'chorus_session')!;
  expect(session.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
});

test('a wrong password shows the server message', async ({ page }) => {
  const user = await createListener();
  await page.goto('/loginWithPass');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/loginWithPass$/);
  expect(await page.evaluate(() => localStorage.getItem('isAuth'))).toBeNull();
});

test('a blocked account is told it is suspended and sent to /login', async ({ page }) => {
  const user = await createListener({ blocked: true });
  await page.goto('/loginWithPass');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Your account temporerly suspended')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password: a mailed code, a new password, and logged in', async ({ page }) => {
  const user = await createListener();
  await page.goto('/loginWithPass');
  await page.getByRole('button', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await page.getByLabel('Email').fill(user.email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await mailedCode(user.email, since);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByLabel('New password').fill('brand-new-pass-1');
  // The sign-up's checklist, with "Passwords match" ticked only once they do.
  const matches = page
    .getByRole('list', { name: 'Password requirements' })
    .getByRole('listitem')
    .filter({ hasText: 'Passwords match' });
  await page.getByLabel('Confirm password').fill('brand-new-pass-2');
  await expect(matches).toHaveAttribute('data-ok', 'false');
  await page.getByLabel('Confirm password').fill('brand-new-pass-1');
  await expect(matches).toHaveAttribute('data-ok', 'true');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
});

test('a logged-in listener who opens a login or sign-up page goes home, once the server confirms the session', async ({
  page,
  context,
}) => {
  const user = await createListener();
  await signIn(context, user);
  // Whether a login or sign-up form ever showed, however briefly.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('#login-email, #signup-email, [aria-label="Digit 1"]'))
        document.documentElement.dataset.formShown = 'yes';
    }).observe(document, { childList: true, subtree: true });
  });
  const formShown = async () => page.locator('html').getAttribute('data-form-shown');

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  for (const path of ['/login', '/signup', '/otpSection', '/loginWithPass']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    expect(await formShown(), path).toBeNull();
  }
  // The login page left no entry behind: Back goes to the page before it.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);

  // The admin login stays open to anyone.
  await page.goto('/adminLogin');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

  // A session the server no longer knows: the form shows, and the hints go.
  await context.clearCookies();
  await page.goto('/login');
  await expect(page.getByLabel('Email or username')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('isAuth'))).toBeNull();
});

test('a login page whose session check hangs shows its form in time, and the hints stay', async ({
  page,
  context,
}) => {
  const user = await createListener();
  await signIn(context, user);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  // The server takes the call and never answers it.
  await page.route('**/api/auth/me', () => {});
  await page.goto('/login');
  await expect(page.getByLabel('Email or username')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('isAuth'))).not.toBeNull();
  // A slow answer is not an unreachable server.
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
});
