import type { OfferSummary } from '@cellforge/contracts';
import type { CatalogReader, RobotRow } from '../../catalog';
import { offerSummaries } from './catalog-memo';
import { formatterFor, messagesFor, type AnswerLanguage } from './i18n';

/**
 * Prices from suppliers in the chat (issue 12): a model with active offers is priced by its
 * offers (what a buyer can actually be quoted), before the indicative street-price band;
 * a model with neither says so and points to the quote request. The offers are read through
 * the catalog module's summary (active offers only: a paused offer never shows).
 */
export type OfferPrices = Map<string, OfferSummary>;

/** The active-offer summaries of the robots an answer names (robots without offers are absent). */
export async function offerPricesOf(catalog: CatalogReader, robots: readonly RobotRow[]): Promise<OfferPrices> {
  if (!robots.length) return new Map();
  return offerSummaries(catalog.db, robots.map((r) => r.id));
}

interface OfferTexts {
  /** "from $41,000 from 2 suppliers (request a quote)" */
  fromSuppliers: (price: string, n: number) => string;
  /** Offers without a price. */
  offersOnRequest: (n: number) => string;
  /** Neither offers nor a published band. */
  none: string;
  /** The closing line when an answer shows offer prices. */
  note: string;
}

const texts: Record<AnswerLanguage, OfferTexts> = {
  en: {
    fromSuppliers: (p, n) => `from ${p} from ${n} ${n === 1 ? 'supplier' : 'suppliers'} (request a quote)`,
    offersOnRequest: (n) => `${n} supplier ${n === 1 ? 'offer' : 'offers'}, price on request (request a quote)`,
    none: 'no published price and no supplier offer yet: request a quote',
    note: 'Prices "from ... suppliers" are the lowest of the suppliers\' current offers; request a quote for a firm price.',
  },
  de: {
    fromSuppliers: (p, n) => `ab ${p} von ${n} ${n === 1 ? 'Anbieter' : 'Anbietern'} (Angebot anfragen)`,
    offersOnRequest: (n) => `${n} ${n === 1 ? 'Anbieterangebot' : 'Anbieterangebote'}, Preis auf Anfrage (Angebot anfragen)`,
    none: 'kein veröffentlichter Preis und noch kein Anbieterangebot: Angebot anfragen',
    note: 'Preise „ab ... von Anbietern“ sind das günstigste aktuelle Angebot der Anbieter; für einen verbindlichen Preis ein Angebot anfragen.',
  },
  es: {
    fromSuppliers: (p, n) => `desde ${p} de ${n} ${n === 1 ? 'proveedor' : 'proveedores'} (solicite una cotización)`,
    offersOnRequest: (n) => `${n} ${n === 1 ? 'oferta' : 'ofertas'} de proveedores, precio a consultar (solicite una cotización)`,
    none: 'sin precio publicado ni oferta de proveedores todavía: solicite una cotización',
    note: 'Los precios «desde ... de proveedores» son la oferta actual más baja de los proveedores; solicite una cotización para un precio firme.',
  },
};

export const offerTextsFor = (lang: AnswerLanguage = 'en'): OfferTexts => texts[lang];

/**
 * A robot's price in an answer: its offers' lowest price and how many suppliers offer it;
 * else the indicative band; else that there is neither, with the quote request.
 */
export function priceWords(r: RobotRow, offers: OfferPrices, lang: AnswerLanguage = 'en'): string {
  const t = texts[lang];
  const x = formatterFor(lang);
  const offer = offers.get(r.id);
  if (offer && offer.count > 0) {
    // The lowest offer as its seller wrote it ("from €24,000"), compared across currencies by the one table.
    if (offer.lowest_price !== null && offer.lowest_price_currency !== null) return t.fromSuppliers(x.money(offer.lowest_price, offer.lowest_price_currency), offer.count);
    const band = x.band(r.priceMinUsd, r.priceMaxUsd);
    return band ? `${t.offersOnRequest(offer.count)}; ${messagesFor(lang).select.indicative(band)}` : t.offersOnRequest(offer.count);
  }
  const band = x.band(r.priceMinUsd, r.priceMaxUsd);
  return band ? messagesFor(lang).select.indicative(band) : t.none;
}

/** True when one of the robots is priced by supplier offers (the answer then says what such a price is). */
export const anyOfferPrice = (robots: readonly RobotRow[], offers: OfferPrices) => robots.some((r) => (offers.get(r.id)?.count ?? 0) > 0);
