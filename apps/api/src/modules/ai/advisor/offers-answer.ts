import type { OfferSummary } from '@cellforge/contracts';
import type { RobotRow } from '../../catalog';
import { robotName } from './format';
import { formatterFor, type AnswerLanguage } from './i18n';
import type { OfferPrices } from './offer-prices';
import { sourcesOf } from './robot-fields';
import { emptyDraft, type Draft, type RobotAbout, type Understanding } from './types';

/**
 * "What's the lead time on the GP25?", "show me the offers", "¿plazo de entrega?" (issues 12
 * and 13): answered from the suppliers' active offers (the catalog module's summary), never
 * from the catalog's indicative band: how many offers, the lowest price in its own currency,
 * the shortest lead time, the conditions; a robot nobody offers says so and points to the
 * quote request, with no lead time or price made up.
 */
interface Texts {
  offered: (name: string, n: number) => string;
  lowest: (price: string) => string;
  priceOnRequest: string;
  lead: (weeks: number) => string;
  leadUnknown: string;
  conditions: (list: string) => string;
  condition: Record<string, string>;
  nobody: (name: string) => string;
  /** The catalog's indicative street-price band of a robot nobody offers. */
  band: (band: string) => string;
  quote: string;
  quoteNone: string;
  followUps: (model: string) => string[];
  actions: (model: string) => string[];
}

const texts: Record<AnswerLanguage, Texts> = {
  en: {
    offered: (name, n) => `Supplier offers for the ${name}: ${n} active ${n === 1 ? 'offer' : 'offers'}.`,
    lowest: (p) => `- Lowest offer price: ${p}`,
    priceOnRequest: '- Price: on request in every offer',
    lead: (w) => `- Shortest lead time: ${w} ${w === 1 ? 'week' : 'weeks'}`,
    leadUnknown: '- Lead time: not stated in the offers (ask for it in a quote request)',
    conditions: (l) => `- Condition: ${l}`,
    condition: { new: 'new', used: 'used', refurbished: 'refurbished' },
    nobody: (name) =>
      `Nobody offers the ${name} on CellForge yet: there is no supplier offer, so I have no lead time or offer price to give you, and I won't guess one.`,
    band: (b) => `- Indicative street price: ${b} for arm + controller (a price band, not an offer and not a quote)`,
    quote: 'Open its page to see the offers and request a quote: the supplier confirms the price and the delivery date in the quote.',
    quoteNone: 'Request a quote on its page: the request is open to suppliers and integrators, who can answer with a price and a lead time.',
    followUps: (m) => [`What part weight and reach does your task need? I can check whether the ${m} fits.`, `Would you like to see robots similar to the ${m}?`],
    actions: (m) => [`Request a quote for the ${m}`, `Compare the ${m} with similar robots`],
  },
  de: {
    offered: (name, n) => `Anbieterangebote für den ${name}: ${n} ${n === 1 ? 'aktives Angebot' : 'aktive Angebote'}.`,
    lowest: (p) => `- Günstigstes Angebot: ${p}`,
    priceOnRequest: '- Preis: in allen Angeboten auf Anfrage',
    lead: (w) => `- Kürzeste Lieferzeit: ${w} ${w === 1 ? 'Woche' : 'Wochen'}`,
    leadUnknown: '- Lieferzeit: in den Angeboten nicht angegeben (fragen Sie sie in einer Angebotsanfrage an)',
    conditions: (l) => `- Zustand: ${l}`,
    condition: { new: 'neu', used: 'gebraucht', refurbished: 'generalüberholt' },
    nobody: (name) =>
      `Den ${name} bietet auf CellForge noch niemand an: Es gibt kein Anbieterangebot, daher habe ich keine Lieferzeit und keinen Angebotspreis für Sie, und ich rate keine.`,
    band: (b) => `- Richtpreis: ${b} für Arm und Steuerung (eine Preisspanne, kein Angebot)`,
    quote: 'Auf seiner Seite sehen Sie die Angebote und können ein Angebot anfragen: Der Anbieter bestätigt Preis und Liefertermin im Angebot.',
    quoteNone: 'Fragen Sie auf seiner Seite ein Angebot an: Die Anfrage ist für Anbieter und Integratoren offen, die mit Preis und Lieferzeit antworten können.',
    followUps: (m) => [`Welches Teilegewicht und welche Reichweite braucht Ihre Aufgabe? Dann prüfe ich, ob der ${m} passt.`],
    actions: (m) => [`Angebot für den ${m} anfragen`],
  },
  es: {
    offered: (name, n) => `Ofertas de proveedores para el ${name}: ${n} ${n === 1 ? 'oferta activa' : 'ofertas activas'}.`,
    lowest: (p) => `- Precio de oferta más bajo: ${p}`,
    priceOnRequest: '- Precio: a consultar en todas las ofertas',
    lead: (w) => `- Plazo de entrega más corto: ${w} ${w === 1 ? 'semana' : 'semanas'}`,
    leadUnknown: '- Plazo de entrega: no indicado en las ofertas (pídalo en una solicitud de cotización)',
    conditions: (l) => `- Estado: ${l}`,
    condition: { new: 'nuevo', used: 'usado', refurbished: 'reacondicionado' },
    nobody: (name) =>
      `Nadie ofrece todavía el ${name} en CellForge: no hay ninguna oferta de proveedores, así que no tengo plazo de entrega ni precio de oferta que darle, y no voy a inventarlos.`,
    band: (b) => `- Precio orientativo: ${b} para brazo y controlador (un rango de precios, no una oferta ni una cotización)`,
    quote: 'En su página verá las ofertas y podrá solicitar una cotización: el proveedor confirma el precio y la fecha de entrega en la cotización.',
    quoteNone: 'Solicite una cotización en su página: la solicitud queda abierta a proveedores e integradores, que pueden responder con precio y plazo de entrega.',
    followUps: (m) => [`¿Qué peso de pieza y qué alcance necesita su tarea? Puedo comprobar si el ${m} encaja.`],
    actions: (m) => [`Solicitar una cotización del ${m}`],
  },
};

function offerLines(t: Texts, lang: AnswerLanguage, r: RobotRow, offer: OfferSummary): string[] {
  const x = formatterFor(lang);
  const lines = [t.offered(robotName(r), offer.count)];
  lines.push(offer.lowest_price !== null && offer.lowest_price_currency !== null ? t.lowest(x.money(offer.lowest_price, offer.lowest_price_currency)) : t.priceOnRequest);
  lines.push(offer.lead_time_weeks_min !== null ? t.lead(offer.lead_time_weeks_min) : t.leadUnknown);
  if (offer.conditions.length) lines.push(t.conditions(offer.conditions.map((c) => t.condition[c] ?? c).join(', ')));
  return lines;
}

/** The offers of the robots in view (at most four), each robot on its own, then how to get a firm price. */
export function answerOffers(u: Understanding, about: RobotAbout, offers: OfferPrices): Draft {
  const draft = emptyDraft();
  const lang = u.language ?? 'en';
  const t = texts[lang];
  const lines: string[] = [];
  const robots = about.robots;
  for (const r of robots) {
    const offer = offers.get(r.id);
    if (lines.length) lines.push('');
    if (offer && offer.count > 0) lines.push(...offerLines(t, lang, r, offer));
    else {
      lines.push(t.nobody(robotName(r)));
      // Nobody offers it: the catalog's indicative band, said to be no offer and no quote.
      const band = formatterFor(lang).band(r.priceMinUsd, r.priceMaxUsd);
      if (band) lines.push(t.band(band));
    }
  }
  const anyOffer = robots.some((r) => (offers.get(r.id)?.count ?? 0) > 0);
  const anyMissing = robots.some((r) => (offers.get(r.id)?.count ?? 0) === 0);
  lines.push('');
  if (anyOffer) lines.push(t.quote);
  if (anyMissing) lines.push(t.quoteNone);
  const first = robots[0];
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.named = [...robots];
  draft.sources = sourcesOf(robots);
  draft.followUps = first ? t.followUps(first.model) : [];
  draft.actions = first ? t.actions(first.model) : [];
  return draft;
}
