import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
  Route,
} from '@playwright/test';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';
import { SessionsRepository } from '../../server/modules/sessions/sessions.repository.ts';
import { SessionsService } from '../../server/modules/sessions/sessions.service.ts';
import { createUser, type Deps, type TestUser } from '../helpers/factories.ts';
import { latestMail } from '../helpers/smtp-sink.ts';
import { expect } from './fixtures.ts';

export const E2E_ADMIN = { email: 'admin@e2e.chorus.test', password: 'admin-password-123' };

let handle: DatabaseHandle | null = null;

/**
 * The running server's own database and media, opened from the journey's process (SQLite in WAL
 * mode takes a second connection), so journeys can arrange data the way factories do in API tests.
 */
export async function serverDeps(): Promise<Deps> {
  const dataDir = process.env.CHORUS_DATA_DIR;
  if (!dataDir)
    throw new Error('CHORUS_DATA_DIR is not set: run the journeys through playwright.config.ts');
  handle ??= await openDatabase({ url: null, dataDir });
  return {
    db: handle.db,
    sessions: new SessionsService(new SessionsRepository(handle.db)),
    media: new LocalMediaStore(path.join(dataDir, 'media')),
  };
}

/** A listener made directly in the database (no sign-up journey), with a live session. */
export async function createListener(
  options: Parameters<typeof createUser>[1] = {},
): Promise<TestUser> {
  return createUser(await serverDeps(), options);
}

/**
 * Signs the browser in as `user` the way a login does: the session cookie and the UI hints in
 * storage. The XSRF cookie holds a token only the server can make; the app's first
 * `GET /api/auth/me` sets it.
 */
export async function signIn(
  context: BrowserContext,
  user: TestUser,
  options: { isAdmin?: boolean } = {},
): Promise<void> {
  const url = process.env.CHORUS_URL!;
  await context.addCookies([
    { name: 'chorus_session', value: user.token, url, httpOnly: true, sameSite: 'Lax' },
  ]);
  const hints = {
    user: JSON.stringify({
      _id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: Boolean(options.isAdmin),
    }),
    isAdmin: options.isAdmin ? 'true' : null,
  };
  await context.addInitScript((stored) => {
    if (localStorage.getItem('e2e-signed-in')) return;
    localStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('user', stored.user);
    localStorage.setItem('isAuth', 'true');
    if (stored.isAdmin) localStorage.setItem('isAdmin', 'true');
  }, hints);
}

/** A new window signed in as a new administrator, with its first page. */
export async function newAdminPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const admin = await createListener({ role: 'admin' });
  const context = await browser.newContext(options);
  await signIn(context, admin, { isAdmin: true });
  return { context, page: await context.newPage() };
}

/**
 * Opens the admin list at `path` while its call (`call`) answers a 500 saying `message`: the
 * banner reads `banner` and no row says `emptyText`. The call is then let through, and Try Again
 * takes the banner away.
 */
export async function expectListLoadRetried(
  page: Page,
  list: { path: string; call: RegExp; message: string; banner: string; emptyText: string },
): Promise<void> {
  await page.route(list.call, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: list.message }),
    }),
  );
  await page.goto(list.path);
  const banner = page.getByRole('alert').filter({ hasText: list.banner });
  await expect(banner).toBeVisible();
  await expect(page.getByText(list.emptyText)).toHaveCount(0);
  await page.unroute(list.call);
  await banner.getByRole('button', { name: 'Try Again' }).click();
  await expect(banner).toHaveCount(0);
}

/**
 * Records the text of every error toast the page shows from its next load on, however briefly,
 * and answers a reader of them: a check that no toast is on screen can pass before one appears.
 */
export async function recordErrorToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.Toastify__toast--error:not([data-seen])')) {
        toast.setAttribute('data-seen', '');
        shown.push(toast.textContent ?? '');
        document.documentElement.dataset.errorToasts = JSON.stringify(shown);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return async () =>
    JSON.parse((await page.locator('html').getAttribute('data-error-toasts')) ?? '[]');
}

/** The newest e-mail the real SMTP server received for `to` since `since` (ms). */
export function mailTo(to: string, since = 0): string | null {
  return latestMail(process.env.CHORUS_MAIL_DIR!, to, since);
}

export async function waitForMail(to: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = mailTo(to, since);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
}

export async function clearStorage(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
}

/**
 * Errors the page reports from now on (console errors and uncaught exceptions), for a journey to
 * expect none: React reports a server-rendered page it could not take over as drawn this way.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Axe's serious and critical findings on the page (or inside `include`, a selector), as text. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Holds the requests `page` sends to a URL matching `url` (with `method`, when given) until
 * `release`, so a journey sees the page while they are pending. `sent` lists their paths as they
 * come.
 */
export async function holdRequests(page: Page, url: RegExp, method?: string) {
  const sent: string[] = [];
  let held: (() => void)[] = [];
  const hold = async (route: Route) => {
    if (method && route.request().method() !== method) return route.fallback();
    sent.push(new URL(route.request().url()).pathname);
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  };
  await page.route(url, hold);
  return {
    sent,
    /** Lets the requests held so far go on; later ones are held in their turn. */
    release() {
      for (const resolve of held) resolve();
      held = [];
    },
    stop: () => page.unroute(url, hold),
  };
}

/**
 * Double-clicks `button` while the request it sends (`method` to a URL matching `url`) is held
 * back: the button shows it pending and takes no second press, and once `settled` is ready (the
 * outcome on screen) exactly one request has gone.
 */
export async function expectOneRequestPerDoubleClick(
  page: Page,
  button: Locator,
  request: { method: string; url: RegExp },
  settled: Locator,
): Promise<void> {
  const requests = await holdRequests(page, request.url, request.method);
  await button.dblclick();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button).toBeDisabled();
  await expect.poll(() => requests.sent.length).toBe(1);
  requests.release();
  await expect(settled).toBeEnabled();
  expect(requests.sent.length).toBe(1);
  await requests.stop();
}
