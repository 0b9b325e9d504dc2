/**
 * How a figure is shown to a buyer, the same in the chat, the catalog's search chips and
 * project matches (issue 12: "2 lb" is "0.91 kg", never "0.907185 kg"). Filters and fit
 * checks keep the exact value; only the text is rounded: 2 decimals under 10, 1 decimal
 * above, 2 significant digits under 0.1 (a repeatability of 0.005 mm stays 0.005).
 */
export function roundForDisplay(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const abs = Math.abs(value);
  if (abs < 0.1) return Number(value.toPrecision(2));
  const digits = abs < 10 ? 2 : 1;
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

/**
 * The rounded figure as text, thousands grouped as the chat writes them ("1.09", "12",
 * "1,500"): the one formatter for the catalog's chips, the "read as" lines of the search
 * and of project descriptions, and project match reasons ("reach 1,000–1,500 mm").
 */
// One formatter for every call: toLocaleString with options builds a new Intl.NumberFormat each time (the same text, many times the CPU).
const figureFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
export const displayFigure = (value: number): string => figureFormat.format(roundForDisplay(value));

/** The longest chat message (chatRequestSchema) and catalog search text (`q`) read, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
export const SEARCH_QUERY_MAX_LENGTH = 200;

/**
 * What a buyer is told when their text is longer than what is read (outside testers: a long
 * text was cut silently). One spelling for the chat box, the search box and the parser's notes.
 */
export const textCutNotice = (limit: number): string =>
  `Your text is longer than ${limit.toLocaleString('en-US')} characters: only the first ${limit.toLocaleString('en-US')} are read.`;
