import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { PASSWORD, signIn, uniqueEmail } from './helpers';

/**
 * Offer photos (issue 13) on the real API, database and storage: a supplier adds a photo
 * to their offer in the Offers tab (upload with progress), and a buyer sees it on the
 * catalog card and in the offer's gallery on the robot page, the large size in a dialog.
 */

const PHOTO = path.join(import.meta.dirname, 'fixtures', 'robot-photo.jpg');

/** The image has loaded (its file was served and decoded), at this natural width. */
async function expectLoaded(img: Locator, naturalWidth: number) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(naturalWidth);
}

test('a supplier adds a photo to an offer; a buyer sees it on the card and the robot page', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = `Photo Robotics ${Date.now()}`;
  const email = uniqueEmail('supplier');
  const registered = await request.post('/auth/register', { data: { email, password: PASSWORD, first_name: 'Pia', last_name: 'Tester', user_type: 'supplier', company_name: company } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  // A model no other browser test offers, so its card shows this offer's photo.
  const found = (await (await request.get('/api/robots', { params: { q: 'ur10e', limit: 1 } })).json()) as { data: Array<{ id: string; manufacturer: string; model: string }> };
  const model = found.data[0]!;
  const name = `${model.manufacturer} ${model.model}`;
  const offer = await request.post('/api/supplier/offers', { headers: { Authorization: `Bearer ${token}` }, data: { robot_id: model.id, price_min: 1000, condition: 'used' } });
  expect(offer.status()).toBe(201);

  // The supplier adds the photo in the Offers tab.
  await signIn(page, 'supplier', email);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/dashboard');
  const mine = page.getByRole('article', { name: `Offer on ${name}` });
  const photos = mine.getByRole('region', { name: `Photos of your offer on ${name}` });
  await expect(photos).toContainText('Photos (0 of 8)');
  await expect(photos).toContainText('JPEG, PNG, WebP or AVIF, at most 10 MB each');
  await photos.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(photos).toContainText('Photos (1 of 8)');
  await expectLoaded(photos.getByRole('img', { name: 'Photo 1' }), 320);
  // A file that is not a picture is refused with the server's reason.
  await photos.locator('input[type="file"]').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
  await expect(photos.getByRole('alert')).toContainText('notes.jpg: This file is not a picture we can read');
  await expect(photos).toContainText('Photos (1 of 8)');

  // A buyer (signed out) sees it on the catalog card and in the offer's gallery.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/catalog?q=${encodeURIComponent(model.model)}`);
  const card = page.getByRole('list', { name: 'Robots' }).getByRole('article', { name, exact: true });
  const cardImg = card.getByRole('img', { name: `${name}, photo from a supplier` });
  await expectLoaded(cardImg, 320);
  expect(await cardImg.getAttribute('loading')).toBe('lazy');
  expect(await cardImg.getAttribute('width')).toBe('320');
  await card.getByRole('link', { name: model.model }).first().click();
  const gallery = page.getByRole('article', { name: `Offer from ${company}` }).getByRole('list', { name: `Photos from ${company}` });
  await expectLoaded(gallery.getByRole('img'), 320);
  await gallery.getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: `${name} from ${company}` });
  await expectLoaded(dialog.getByRole('img'), 1280);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
