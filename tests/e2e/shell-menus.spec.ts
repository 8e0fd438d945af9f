import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { createListener, signIn } from './support.ts';

test('the profile menu works from the keyboard: arrows, Home/End, Escape gives focus back', async ({
  page,
  context,
}) => {
  const user = await createListener();
  await signIn(context, user);
  await page.goto('/');
  const trigger = page.getByRole('button', { name: 'Profile menu' });
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Profile menu' });
  await expect(menu).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('ArrowDown'); // wraps around
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  const violations = (await new AxeBuilder({ page }).include('[role="menu"]').analyze()).violations;
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // ArrowUp opens on the last item; Enter chooses it.
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(menu).toBeHidden();
});

test("at 375 px the top bar's menu opens by click, closes outside, and its items act", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/AllArtist');
  const trigger = page.getByRole('button', { name: 'Menu', exact: true });
  await trigger.click();
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Home',
    'Explore Premium',
    'Install App',
    'Support',
  ]);
  // The menu sits under its button, inside the screen.
  const box = (await menu.boundingBox())!;
  const button = (await trigger.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(button.y + button.height);
  expect(box.x + box.width).toBeLessThanOrEqual(375);

  await page.mouse.click(300, 600);
  await expect(menu).toBeHidden();

  await trigger.click();
  await menu.getByRole('menuitem', { name: 'Support' }).click();
  await expect(
    page.getByText('For help, ask the people who run this Chorus server.'),
  ).toBeVisible();
  await expect(menu).toBeHidden();

  await trigger.click();
  await menu.getByRole('menuitem', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
