/**
 * Alarm and error codes of the major robot makers that the built-in assistant explains.
 *
 * The table is data (error-codes.json), checked against the schema below when the
 * module loads, so a bad entry fails the tests and the start, not an answer.
 * Only codes whose meaning the maker's public manual gives are listed, each with that
 * manual in `source`; anything else is answered as unknown for the maker named (the
 * assistant asks for the exact pendant text instead of guessing).
 * Universal Robots titles follow UR's published error-code table (the same table the
 * UR client library ships). KUKA messages are keyed by their message text because the
 * KSS message numbers differ between software versions. Kawasaki's entries are the return
 * codes of its KRNX PC library ("-0x1100") as Kawasaki's own ROS 2 driver (khi_ros2) documents
 * them; no Kawasaki controller (E/P/W) alarm list was found in a public Kawasaki source.
 */
import { z } from 'zod';
import table from './error-codes.json' with { type: 'json' };
import tableDe from './error-codes.de.json' with { type: 'json' };
import tableEs from './error-codes.es.json' with { type: 'json' };

/** Makers whose alarms are read; the names are the catalog's manufacturer names. */
export const errorMakers = [
  'FANUC', 'ABB', 'KUKA', 'Yaskawa', 'Universal Robots', 'Epson', 'Denso', 'Kawasaki', 'Stäubli', 'Omron', 'Techman Robot',
] as const;
export type ErrorMaker = (typeof errorMakers)[number];

const text = z.string().trim().min(1);

/** One entry of error-codes.json. */
export const errorCodeEntrySchema = z.strictObject({
  maker: z.enum(errorMakers),
  /** Canonical code as shown on the pendant: "SRVO-062", "50204", "C204", "4100"; KUKA: message text. */
  code: text,
  title: text,
  /** Controllers or series the code appears on. */
  controllers: text,
  meaning: text,
  causes: z.array(text).min(1),
  checks: z.array(text).min(1),
  safety: text,
  /** The maker's manual that gives the code and its meaning (title, controller, chapter). */
  source: text,
  /** Informational messages are not faults. */
  informational: z.boolean().optional(),
  /** Universal Robots sub-codes (the "A3" in C204A3). */
  subcodes: z.record(z.string().regex(/^A\d+$/), text).optional(),
  /** KUKA: message text patterns (regular expressions, matched without regard to case). */
  patterns: z
    .array(z.string().min(1))
    .optional()
    .transform((list) => list?.map((source) => new RegExp(source, 'i'))),
  /**
   * KUKA: the message text is KUKA's own wording ("Software limit switch"), so it is read as
   * KUKA even when no maker is named; generic words ("emergency stop") need KUKA named.
   */
  ownWording: z.boolean().optional(),
});

export type ErrorCodeEntry = z.output<typeof errorCodeEntrySchema>;

export const errorCodeEntries: ErrorCodeEntry[] = z
  .array(errorCodeEntrySchema)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    for (const [i, e] of entries.entries()) {
      const key = `${e.maker}|${e.code.toUpperCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: `duplicate code ${key}` });
      seen.add(key);
    }
  })
  .parse(table);

const byKey = new Map(errorCodeEntries.map((e) => [`${e.maker}|${e.code.toUpperCase()}`, e]));

/** One code of one maker; for Universal Robots the family ("C204") is looked up. */
export function findErrorCode(maker: string, code: string): ErrorCodeEntry | undefined {
  return byKey.get(`${maker}|${code.toUpperCase()}`);
}

/**
 * Kawasaki KRNX return codes by their macro name ("KRNX_E_OPEN_NETWORK"): the entry's title starts
 * with the name, as krnx.h spells it.
 */
export function findKrnxName(name: string): ErrorCodeEntry | undefined {
  const upper = name.toUpperCase();
  return errorCodeEntries.find((e) => e.maker === 'Kawasaki' && (e.title === upper || e.title.startsWith(`${upper} `)));
}

/** Makers whose table holds a given bare number (ABB, Yaskawa and Epson all use numbers). */
export function makersForNumber(code: string): ErrorMaker[] {
  return errorCodeEntries.filter((e) => e.code === code).map((e) => e.maker);
}

/** KUKA messages quoted by text; `ownWordingOnly`: only those whose wording is KUKA's own. */
export function findKukaMessages(text: string, ownWordingOnly = false): ErrorCodeEntry[] {
  return errorCodeEntries.filter((e) => (!ownWordingOnly || e.ownWording) && e.patterns?.some((p) => p.test(text)));
}

/** How many entries each maker has. */
export function entriesPerMaker(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of errorCodeEntries) counts[e.maker] = (counts[e.maker] ?? 0) + 1;
  return counts;
}

/**
 * The manual to look a maker's codes up in, from the sources of its verified entries (the
 * shortest title cited); undefined for a maker with none (or, given a code, none of its kind).
 */
export function makerManual(maker: string, code?: string): string | undefined {
  // Kawasaki's verified entries are its KRNX library's return codes ("-0x1100"): their source is
  // no manual for the controller's own E/P/W codes, so it is only cited for a KRNX code.
  const krnx = (c: string) => /^-?0x|^KRNX/i.test(c);
  let best: string | undefined;
  for (const e of errorCodeEntries) {
    if (e.maker !== maker || (maker === 'Kawasaki' && code !== undefined && krnx(code) !== krnx(e.code))) continue;
    if (!best || e.source.length < best.length) best = e.source;
  }
  return best;
}

/** Languages the entries are translated into (English is the table itself). */
export const translatedLanguages = ['de', 'es'] as const;
export type TranslatedLanguage = (typeof translatedLanguages)[number];

/**
 * One entry's German or Spanish text (error-codes.de.json / error-codes.es.json, keyed
 * "maker|code"): the explanation a technician reads. The title, KUKA message text and UR
 * sub-code texts stay the maker's wording as the pendant shows it, and the source is the
 * manual's title; codes, parameter names, menu names and units are kept as in the English.
 */
export const errorCodeTranslationSchema = z.strictObject({
  controllers: text,
  meaning: text,
  causes: z.array(text).min(1),
  checks: z.array(text).min(1),
  safety: text,
});
export type ErrorCodeTranslation = z.output<typeof errorCodeTranslationSchema>;

const entryKey = (e: { maker: string; code: string }) => `${e.maker}|${e.code.toUpperCase()}`;

function readTranslations(lang: TranslatedLanguage, data: unknown): Map<string, ErrorCodeTranslation> {
  const parsed = z.record(z.string(), errorCodeTranslationSchema).parse(data);
  const map = new Map<string, ErrorCodeTranslation>();
  for (const [key, tr] of Object.entries(parsed)) {
    const [maker = '', ...rest] = key.split('|');
    const entry = byKey.get(entryKey({ maker, code: rest.join('|') }));
    // A translation must belong to an entry and say as many causes and checks as the English.
    if (!entry) throw new Error(`error-codes.${lang}.json: ${key} is not an entry of error-codes.json`);
    if (entry.causes.length !== tr.causes.length || entry.checks.length !== tr.checks.length) {
      throw new Error(`error-codes.${lang}.json: ${key} has ${tr.causes.length} causes / ${tr.checks.length} checks, the English ${entry.causes.length} / ${entry.checks.length}`);
    }
    map.set(entryKey(entry), tr);
  }
  return map;
}

const translations: Record<TranslatedLanguage, Map<string, ErrorCodeTranslation>> = {
  de: readTranslations('de', tableDe),
  es: readTranslations('es', tableEs),
};

/** An entry's text in German or Spanish, or undefined when it is not translated (English is then given, and said to be). */
export function translatedEntry(entry: ErrorCodeEntry, lang: string | undefined): ErrorCodeTranslation | undefined {
  if (lang !== 'de' && lang !== 'es') return undefined;
  return translations[lang].get(entryKey(entry));
}
