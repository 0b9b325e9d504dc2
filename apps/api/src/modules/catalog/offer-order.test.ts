/**
 * A model's offers in several currencies, from the buyer's side and the supplier's (issue 13,
 * session 13). The robot page's offers table and the card's cover picture follow the offers
 * compared through the one currency table (packages/requirements/src/currency.ts), as the
 * summary's "from" price does: $29,000 < £23,000 (≈ $29,394) < €28,000 (≈ $30,296), although
 * 23,000 < 28,000 < 29,000. Equal prices: the shorter lead time first, then the newest offer.
 * A supplier's Listings tab shows an EUR offer's price as they wrote it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  createOfferResponseSchema,
  offerImageResponseSchema,
  offerListResponseSchema,
  robotCompareResponseSchema,
  robotListResponseSchema,
  robotSchema,
  type Robot,
} from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { EXCHANGE_RATES, toUsd } from '@cellforge/requirements';
import { LocalFolderStorage } from '@cellforge/storage';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';

// A shared, loaded machine: PGlite's migrations alone can take a minute.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

async function model(app: Express, name: string): Promise<Robot> {
  const found = robotListResponseSchema.parse((await request(app).get('/api/robots').query({ q: name, limit: 100 }).expect(200)).body);
  return defined(found.data.find((r) => r.model === name), `${name} in the catalog`);
}

/** What an older client's listing form sends back: the listing shape's fields, as it read them. */
const listingFields = [
  'manufacturer', 'model', 'category', 'payload_kg', 'reach_mm', 'dof', 'repeatability_mm', 'weight_kg', 'price_min_usd', 'price_max_usd',
  'applications', 'industries', 'description', 'datasheet_source', 'ip_rating', 'cleanroom_iso_class', 'food_grade', 'mounting', 'max_speed_mm_s', 'environment_source',
] as const satisfies ReadonlyArray<keyof Robot>;

/** A small real picture, each seller's own colour. */
const picture = (r: number, g: number, b: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } }).png().toBuffer();

describe.each(testBackends)('a model offered in USD, EUR and GBP: its offers and cover by the one currency table (%s)', (backend) => {
  const storage = new LocalFolderStorage(mkdtempSync(path.join(tmpdir(), 'cf-offer-order-')));
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db), storage: () => storage });
  const app = () => ctx().app;
  const supplier = (company: string) => registerUser(app(), { user_type: 'supplier', company_name: company });
  async function offer(token: string, body: Record<string, unknown>) {
    const res = await request(app()).post('/api/supplier/offers').set(bearer(token)).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return createOfferResponseSchema.parse(res.body).data;
  }
  async function photo(token: string, offerId: string, alt: string, rgb: [number, number, number]) {
    const res = await request(app()).post(`/api/supplier/offers/${offerId}/images`).set(bearer(token)).attach('file', await picture(...rgb), 'photo.png').field('alt', alt);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return offerImageResponseSchema.parse(res.body).data;
  }
  const offersOn = async (robotId: string) => offerListResponseSchema.parse((await request(app()).get(`/api/robots/${robotId}/offers`).expect(200)).body).data;
  const page = async (robotId: string) => robotSchema.parse((await request(app()).get(`/api/robots/${robotId}`).expect(200)).body.data);

  it('a buyer on the robot page sees $29,000, then £23,000, then €28,000, then the unpriced offer; the card shows the $29,000 offer’s picture', async () => {
    const [usd, gbp, eur, ask] = await Promise.all([supplier('Ohio Cobots Inc'), supplier('Midlands Robot Exchange'), supplier('Beta Robotik GmbH'), supplier('Call Us Ltd')]);
    const crx = await model(app(), 'CRX-25iA');
    const euro = await offer(eur.token, { robot_id: crx.id, price_min: 28000, currency: 'EUR', lead_time_weeks: 1 });
    const pound = await offer(gbp.token, { robot_id: crx.id, price_min: 23000, price_max: 25000, currency: 'GBP', condition: 'refurbished', lead_time_weeks: 3 });
    const unpriced = await offer(ask.token, { robot_id: crx.id, currency: 'USD', lead_time_weeks: 0 });
    const dollar = await offer(usd.token, { robot_id: crx.id, price_min: 29000, price_max: 31000, currency: 'USD', lead_time_weeks: 8 });
    expect(toUsd(23000, 'GBP')).toBeGreaterThan(29000);
    expect(toUsd(28000, 'EUR')).toBeGreaterThan(toUsd(23000, 'GBP'));

    const listed = await offersOn(crx.id);
    expect(listed.map((o) => [o.supplier.name, o.price_min, o.currency])).toEqual([
      ['Ohio Cobots Inc', 29000, 'USD'],
      ['Midlands Robot Exchange', 23000, 'GBP'],
      ['Beta Robotik GmbH', 28000, 'EUR'],
      ['Call Us Ltd', null, 'USD'],
    ]);

    // Pictures on the EUR and GBP offers only: the card's cover is the GBP one (≈ $29,394), not the EUR one (≈ $30,296).
    const euroPic = await photo(eur.token, euro.id, 'Berlin stock unit', [200, 40, 40]);
    const poundPic = await photo(gbp.token, pound.id, 'Refurbished unit in Leeds', [40, 200, 40]);
    expect((await page(crx.id)).offers?.image?.id).toBe(poundPic.id);
    // The USD offer gets a picture: it is the cheapest, its picture is the cover, on the card and the robot page alike.
    const dollarPic = await photo(usd.token, dollar.id, 'Ohio demo cell', [40, 40, 200]);
    const card = await model(app(), 'CRX-25iA');
    expect(card.offers).toMatchObject({
      count: 4,
      lowest_price: 29000,
      lowest_price_currency: 'USD',
      price_min_usd: 29000,
      price_max_usd: Math.round(25000 * EXCHANGE_RATES.usdPer.GBP),
      image: { id: dollarPic.id, alt: 'Ohio demo cell' },
    });
    expect((await page(crx.id)).offers?.image?.id).toBe(dollarPic.id);

    // The USD seller pauses: the GBP offer leads the table and gives the cover; the EUR picture stays second.
    await request(app()).patch(`/api/supplier/offers/${dollar.id}/status`).set(bearer(usd.token)).send({ status: 'paused' }).expect(200);
    expect((await offersOn(crx.id)).map((o) => o.id)).toEqual([pound.id, euro.id, unpriced.id]);
    expect((await model(app(), 'CRX-25iA')).offers).toMatchObject({ count: 3, lowest_price: 23000, lowest_price_currency: 'GBP', image: { id: poundPic.id } });
    // The GBP seller raises to £24,000 (≈ $30,672 > €28,000 ≈ $30,296): the EUR offer and its picture come first.
    await request(app()).put(`/api/supplier/offers/${pound.id}`).set(bearer(gbp.token)).send({ price_min: 24000, price_max: 25000, currency: 'GBP', condition: 'refurbished', lead_time_weeks: 3 }).expect(200);
    expect((await offersOn(crx.id)).map((o) => o.id)).toEqual([euro.id, pound.id, unpriced.id]);
    expect((await page(crx.id)).offers?.image?.id).toBe(euroPic.id);
  });

  it('a buyer sees $30,000 before €27,800 (≈ $30,080) although 27,800 < 30,000; equal prices go by lead time, then the newest', async () => {
    const sellers = await Promise.all(['Berlin Trading', 'Texas Automation', 'Lyon Robotique', 'Paris Cobots', 'Nice Automation'].map((c) => supplier(c)));
    const [berlin, texas, lyon, paris, nice] = sellers.map((s) => s.token) as [string, string, string, string, string];
    const ur = await model(app(), 'UR10e');
    const texasOffer = await offer(texas, { robot_id: ur.id, price_min: 30000, currency: 'USD', lead_time_weeks: 10 });
    const berlinOffer = await offer(berlin, { robot_id: ur.id, price_min: 27800, currency: 'EUR', lead_time_weeks: 1 });
    // Three EUR offers at the same €30,000: 2 weeks first; the two at 6 weeks newest first.
    const older = await offer(lyon, { robot_id: ur.id, price_min: 30000, currency: 'EUR', lead_time_weeks: 6 });
    await new Promise((r) => setTimeout(r, 20));
    const newer = await offer(paris, { robot_id: ur.id, price_min: 30000, currency: 'EUR', lead_time_weeks: 6 });
    const quick = await offer(nice, { robot_id: ur.id, price_min: 30000, currency: 'EUR', lead_time_weeks: 2 });
    expect((await offersOn(ur.id)).map((o) => o.id)).toEqual([texasOffer.id, berlinOffer.id, quick.id, newer.id, older.id]);
    await photo(berlin, berlinOffer.id, 'Berlin showroom', [10, 10, 10]);
    const texasPic = await photo(texas, texasOffer.id, 'Texas warehouse', [90, 90, 90]);
    await photo(lyon, older.id, 'Lyon', [150, 150, 150]);
    const newerPic = await photo(paris, newer.id, 'Paris', [200, 200, 200]);
    expect((await model(app(), 'UR10e')).offers).toMatchObject({ lowest_price: 30000, lowest_price_currency: 'USD', image: { id: texasPic.id } });
    // Only the two same-price, same-lead EUR offers keep pictures: the newer one's is the cover.
    await request(app()).patch(`/api/supplier/offers/${berlinOffer.id}/status`).set(bearer(berlin)).send({ status: 'paused' }).expect(200);
    await request(app()).patch(`/api/supplier/offers/${texasOffer.id}/status`).set(bearer(texas)).send({ status: 'paused' }).expect(200);
    expect((await page(ur.id)).offers?.image?.id).toBe(newerPic.id);
  });

  it('a supplier’s Listings tab shows their EUR offer as “€24,000” (offer_price); older clients read it in USD by the table, and saving the listing unchanged keeps the euros', async () => {
    const seller = await supplier('Rotterdam Robotics');
    const crx = await model(app(), 'CRX-10iA/L');
    await offer(seller.token, { robot_id: crx.id, price_min: 24000, currency: 'EUR', notes: 'Two units in Rotterdam.' });
    const listings = robotCompareResponseSchema.parse((await request(app()).get('/api/supplier/listings').set(bearer(seller.token)).expect(200)).body).data;
    const listing = defined(listings.find((l) => l.id === crx.id), 'the listing');
    expect(listing).toMatchObject({
      offer_price: { min: 24000, max: null, currency: 'EUR' },
      price_min_usd: toUsd(24000, 'EUR'),
      price_max_usd: null,
      description: 'Two units in Rotterdam.',
    });

    // An older client edits the notes and sends back the fields it read: the offer stays €24,000.
    const fields = Object.fromEntries(listingFields.map((k) => [k, listing[k]]));
    const resent = robotSchema.parse(
      (await request(app()).put(`/api/supplier/listings/${crx.id}`).set(bearer(seller.token)).send({ ...fields, description: 'Two units in Rotterdam, one demo unit.' }).expect(200)).body.data,
    );
    expect(resent).toMatchObject({ offer_price: { min: 24000, max: null, currency: 'EUR' }, description: 'Two units in Rotterdam, one demo unit.' });
    expect((await offersOn(crx.id)).map((o) => [o.price_min, o.currency, o.notes])).toEqual([[24000, 'EUR', 'Two units in Rotterdam, one demo unit.']]);

    // A new price typed in the old (USD) form is a USD price.
    const changed = robotSchema.parse(
      (await request(app()).put(`/api/supplier/listings/${crx.id}`).set(bearer(seller.token)).send({ ...fields, price_min_usd: 27000 }).expect(200)).body.data,
    );
    expect(changed).toMatchObject({ offer_price: { min: 27000, max: null, currency: 'USD' }, price_min_usd: 27000 });

    // A USD listing from the old routes answers its price both ways; an unpriced one says null.
    const other = await supplier('Plain Listings BV');
    const made = robotSchema.parse((await request(app()).post('/api/supplier/listings').set(bearer(other.token)).send({ ...fields, price_min_usd: 41000, price_max_usd: 43000 }).expect(201)).body.data);
    expect(made).toMatchObject({ offer_price: { min: 41000, max: 43000, currency: 'USD' }, price_min_usd: 41000, price_max_usd: 43000 });
    const bare = await supplier('No Price GmbH');
    await offer(bare.token, { robot_id: crx.id, currency: 'EUR' });
    const bareListing = robotCompareResponseSchema.parse((await request(app()).get('/api/supplier/listings').set(bearer(bare.token)).expect(200)).body).data[0];
    expect(bareListing).toMatchObject({ offer_price: null, price_min_usd: null, price_max_usd: null });
  });
});
