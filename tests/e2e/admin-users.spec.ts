import { expect, test } from './fixtures.ts';
import {
  createListener,
  expectListLoadRetried,
  expectOneRequestPerDoubleClick,
  holdRequests,
  newAdminPage,
  signIn,
} from './support.ts';

test('blocking a listener refuses their open session and their next login', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const listener = await createListener({ name: `Blockable ${stamp}` });
  const admin = await createListener({ role: 'admin' });

  const listenerContext = await browser.newContext();
  await signIn(listenerContext, listener);
  const listenerPage = await listenerContext.newPage();
  await listenerPage.goto('/');
  expect((await listenerPage.request.get('/api/user/getPlaylist')).status()).toBe(200);

  const adminContext = await browser.newContext();
  await signIn(adminContext, admin, { isAdmin: true });
  const page = await adminContext.newPage();
  await page.goto('/admin_users');
  await page.getByLabel('Search users').fill(listener.email);
  const row = page.getByTestId('user-row').filter({ hasText: listener.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: 'Block' })).toHaveAccessibleName(
    `Block Blockable ${stamp}`,
  );
  await row.getByRole('button', { name: 'Block' }).click();
  await expect(row).toContainText('Blocked');
  await expect(row.getByRole('button', { name: 'Unblock' })).toBeVisible();

  // The open session is gone at once, and the open tab says so at its next call: it shows the
  // listener logged out rather than pages that fail.
  expect((await listenerPage.request.get('/api/user/getPlaylist')).status()).toBe(401);
  await listenerPage
    .getByRole('complementary', { name: 'Your Library' })
    .getByRole('link', { name: /Liked Songs/ })
    .click();
  await expect(
    listenerPage.getByText('Your session has expired. Please log in again.'),
  ).toBeVisible();
  await expect(
    listenerPage.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }),
  ).toBeVisible();

  // Logging in again is refused with the suspension message.
  await listenerPage.goto('/loginWithPass');
  await listenerPage.getByLabel('Email').fill(listener.email);
  await listenerPage.getByLabel('Password', { exact: true }).fill(listener.password);
  await listenerPage.getByRole('button', { name: 'Log In' }).click();
  await expect(listenerPage.getByText(/suspended/).first()).toBeVisible();

  // Unblocking lets them back in.
  await row.getByRole('button', { name: 'Unblock' }).click();
  await expect(row).toContainText('Active');
  await adminContext.close();
  await listenerContext.close();
});

test('the users search and status filter work on the server, and the plan switches', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const active = await createListener({ name: `Filterable ${stamp} One` });
  const blocked = await createListener({ name: `Filterable ${stamp} Two`, blocked: true });
  const admin = await createListener({ role: 'admin' });
  const context = await browser.newContext();
  await signIn(context, admin, { isAdmin: true });
  const page = await context.newPage();
  await page.goto('/admin_users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByTestId('stat-Total Users')).not.toContainText('…');

  await page.getByLabel('Search users').fill(`filterable ${stamp}`);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Filter by status').selectOption('blocked');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(blocked.email);
  await page.getByLabel('Filter by status').selectOption('active');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(active.email);

  await rows
    .first()
    .getByLabel(/^Plan of/)
    .selectOption('premium');
  await expect(rows.first().getByLabel(/^Plan of/)).toHaveValue('premium');

  await page.getByLabel('Search users').fill(`nobody-${stamp}`);
  await expect(page.getByText('No users found')).toBeVisible();
  // A paste longer than the server searches is cut to what it searches, never refused.
  await page.getByLabel('Search users').fill(`nobody-${stamp}`.padEnd(3000, 'x'));
  await expect(page.getByLabel('Search users')).toHaveValue(
    `nobody-${stamp}`.padEnd(3000, 'x').slice(0, 200),
  );
  await expect(page.getByText('No users found')).toBeVisible();
  await context.close();
});

test('blocking the only user of the last page under the Active filter goes back a page', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  // 21 active listeners: a full page and a page of one.
  for (let i = 0; i < 21; i++) await createListener({ name: `Paged ${stamp} ${i}` });
  const { context, page } = await newAdminPage(browser);
  await page.goto('/admin_users');
  await page.getByLabel('Search users').fill(`paged ${stamp}`);
  await page.getByLabel('Filter by status').selectOption('active');
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(20);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows).toHaveCount(1);

  await rows
    .first()
    .getByRole('button', { name: /^Block / })
    .click();
  await expect(rows).toHaveCount(20);
  await expect(page.getByText('No users found')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await context.close();
});

test('Next at the foot of a long users list opens the next page at its top', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  // Two full pages, each taller than the window.
  for (let i = 0; i < 40; i++) await createListener({ name: `Scrolled ${stamp} ${i}` });
  const { context, page } = await newAdminPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto('/admin_users');
  await page.getByLabel('Search users').fill(`scrolled ${stamp}`);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toBeInViewport();
  const firstName = (await rows.first().locator('td').first().textContent()) ?? '';
  // Clicking scrolls the pager into view, at the foot of the list.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows.first()).not.toContainText(firstName);
  await expect(rows.first()).toBeInViewport();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(rows.first()).toBeInViewport();
  await context.close();
});

test('a users list that fails to load says so, not "No users found", and loads on Try Again', async ({
  browser,
}) => {
  const listener = await createListener({ name: `Unloaded ${Date.now().toString(36)}` });
  const { context, page } = await newAdminPage(browser);
  await expectListLoadRetried(page, {
    path: '/admin_users',
    call: /\/api\/admin\/getAllUser/,
    message: 'The database is not answering',
    banner: 'Error: The database is not answering',
    emptyText: 'No users found',
  });
  await page.getByLabel('Search users').fill(listener.email);
  await expect(page.getByTestId('user-row').filter({ hasText: listener.email })).toBeVisible();
  await context.close();
});

test('a double click on Block sends one request, and the button shows it pending', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const listener = await createListener({ name: `Double ${stamp}` });
  const { context, page } = await newAdminPage(browser);
  await page.goto('/admin_users');
  await page.getByLabel('Search users').fill(listener.email);
  const row = page.getByTestId('user-row').filter({ hasText: listener.email });
  await expectOneRequestPerDoubleClick(
    page,
    row.getByRole('button', { name: 'Block' }),
    { method: 'PATCH', url: /\/api\/admin\/toggleBlockUser\// },
    row.getByRole('button', { name: 'Unblock' }),
  );
  await expect(row).toContainText('Blocked');
  await expect(row.getByRole('button', { name: 'Unblock' })).toHaveAttribute('aria-busy', 'false');
  await context.close();
});

test("while a user's Block or plan change is pending, the row's other control is disabled", async ({
  browser,
}) => {
  const listener = await createListener({ name: `Racing ${Date.now().toString(36)}` });
  const { context, page } = await newAdminPage(browser);
  await page.goto('/admin_users');
  await page.getByLabel('Search users').fill(listener.email);
  const row = page.getByTestId('user-row').filter({ hasText: listener.email });
  const plan = row.getByLabel(`Plan of ${listener.name}`);
  const block = row.getByRole('button', { name: `Block ${listener.name}` });
  const unblock = row.getByRole('button', { name: `Unblock ${listener.name}` });
  await expect(plan).toHaveValue('free');

  // Each write of the row is held until released, so the journey sees the row while it is pending.
  const writes = await holdRequests(page, /\/api\/admin\/(toggleBlockUser|users)\//, 'PATCH');

  // Disabled outright: a select only marked aria-disabled still opens and takes a choice, which
  // the page then drops.
  await block.click();
  await expect(block).toHaveAttribute('aria-busy', 'true');
  await expect(plan).toHaveJSProperty('disabled', true);
  await plan.focus();
  await expect(plan).not.toBeFocused();
  await expect.poll(() => writes.sent.length).toBe(1);
  writes.release();
  await expect(row).toContainText('Blocked');
  await expect(plan).toHaveJSProperty('disabled', false);

  // The other way round: a plan chosen from the keyboard keeps its focus while pending, and
  // Unblock cannot be pressed until the plan is saved.
  await plan.focus();
  await page.keyboard.press('ArrowDown');
  await expect(plan).toHaveAttribute('aria-busy', 'true');
  await expect(plan).toBeFocused();
  await expect(unblock).toHaveJSProperty('disabled', true);
  await expect.poll(() => writes.sent.length).toBe(2);
  writes.release();
  await expect(plan).toHaveAttribute('aria-busy', 'false');
  await expect(plan).toHaveValue('premium');
  await expect(unblock).toHaveJSProperty('disabled', false);
  await expect(row).toContainText('Blocked');
  expect(writes.sent).toEqual([
    expect.stringMatching(/\/toggleBlockUser\//),
    expect.stringMatching(/\/users\/\d+\/plan$/),
  ]);
  await writes.stop();
  await context.close();
});
