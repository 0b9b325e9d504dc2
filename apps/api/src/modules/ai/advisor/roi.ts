import { robotName } from './format';
import { formatterFor, type AnswerLanguage } from './i18n';
import { roiTextsFor } from './roi-texts';
import { emptyDraft, type Draft, type Understanding } from './types';
import { defined } from '../../../lib/invariants';

/** Working days and hours per shift assumed when the user gives wages but not hours. */
export const ROI_DAYS_PER_YEAR = 250;
export const ROI_HOURS_PER_SHIFT = 8;

export interface RoiView {
  paybackMonths?: number;
  annualSavingsUsd?: number;
  investmentUsd?: number;
  roiPercent?: number;
  laborCostUsd?: number;
  npvUsd?: number;
  irrPercent?: number;
  netGainUsd?: number;
  discountedPaybackMonths?: number;
  horizonYears?: number;
  /** The calculator gives a payback of null ("never": net savings are zero or negative). */
  paybackNever?: boolean;
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/[$,\s]/g, '')) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/**
 * Figures from the ROI calculator (context.roiData). The calculator's field names are
 * not fixed by the spec, so they are recognised by name: payback (months or years),
 * annual savings, investment, ROI %, labour cost, NPV, IRR, net gain, horizon.
 */
export function readRoiData(data: Record<string, unknown> | undefined): RoiView {
  const view: RoiView = {};
  if (!data) return view;
  const entries = Object.entries(data).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as Record<string, unknown>).map(([k2, v2]) => [`${k}.${k2}`, v2] as const) : [[k, v] as const],
  );
  for (const [key, raw] of entries) {
    const k = key.toLowerCase();
    const v = num(raw);
    if (v === undefined) {
      if (raw === null && /payback|break.?even/.test(k) && !/discount/.test(k) && !k.includes('.')) view.paybackNever = true;
      continue;
    }
    if (/discount/.test(k)) {
      if (/payback/.test(k) && view.discountedPaybackMonths === undefined) view.discountedPaybackMonths = /year/.test(k) ? v * 12 : v;
    } else if (/payback|break.?even/.test(k) && view.paybackMonths === undefined) {
      view.paybackMonths = /year/.test(k) ? v * 12 : /month/.test(k) ? v : v <= 10 ? v * 12 : v;
    } else if (/^(.*\.)?npv$|net.?present/.test(k) && view.npvUsd === undefined) view.npvUsd = v;
    else if (/^(.*\.)?irr|internal.?rate/.test(k) && view.irrPercent === undefined) view.irrPercent = v;
    else if (/net.?gain/.test(k) && view.netGainUsd === undefined) view.netGainUsd = v;
    else if (/horizon/.test(k) && view.horizonYears === undefined) view.horizonYears = v;
    else if (/sav/.test(k) && /(annual|year|yr)/.test(k) && !/gross/.test(k) && view.annualSavingsUsd === undefined) view.annualSavingsUsd = v;
    else if (/invest|total.?cost|upfront|capex|initial|robot.?cost|system.?cost/.test(k) && view.investmentUsd === undefined) view.investmentUsd = v;
    else if (/^(.*\.)?roi(.?percent|.?pct)?$|return/.test(k) && view.roiPercent === undefined) view.roiPercent = v;
    else if (/labou?r|wage|hourly/.test(k) && view.laborCostUsd === undefined) view.laborCostUsd = v;
    else if (/sav/.test(k) && !/gross/.test(k) && view.annualSavingsUsd === undefined) view.annualSavingsUsd = v;
  }
  if (view.paybackNever && view.paybackMonths !== undefined) view.paybackNever = false;
  return view;
}

/** The ROI answer's figures in one language: money that may be negative ("-$3,000"), months, percentages. */
function figuresIn(lang: AnswerLanguage) {
  const x = formatterFor(lang);
  return {
    money: (v: number) => (v < 0 ? `-${x.usd(-v)}` : x.usd(v)),
    usd: x.usd,
    months: (m: number) => x.num(m, 1),
    pct: (v: number) => `${x.num(v, 1)}${lang === 'en' ? '' : ' '}%`,
    years: (y: number) => x.num(y, 0),
  };
}

/** The one figure the question asks for ("what is my payback?", "what's the NPV?"), as a sentence. */
function directRoiAnswer(message: string, v: RoiView, months: number | undefined, never: boolean, horizon: string, lang: AnswerLanguage): string | undefined {
  const t = roiTextsFor(lang);
  const f = figuresIn(lang);
  if (/\b(npv|net present value|kapitalwert|van)\b/i.test(message)) return v.npvUsd !== undefined ? t.npv(f.money(v.npvUsd), horizon) : t.noNpv;
  if (/\b(irr|internal rate of return|zinsfu(?:ss|ß)|tir)\b/i.test(message)) return v.irrPercent !== undefined ? t.irr(f.pct(v.irrPercent)) : t.noIrr;
  if (/\b(discounted payback|abgezinst\w*|descontad[oa])\b/i.test(message) && v.discountedPaybackMonths !== undefined) return t.discounted(f.months(v.discountedPaybackMonths));
  if (/\b(payback|pay(?:s)? ?back|pays? (?:for )?itself|break[- ]?even|how long|amortis\w*|amortiz\w*|recuperaci[oó]n|wie lange|cu[aá]nto tarda)\b/i.test(message)) {
    if (never) return t.neverShort;
    if (months !== undefined) return t.payback(f.months(months), v.paybackMonths === undefined);
  }
  if (/\b(sav(?:e|es|ing|ings)|einspar\w*|ahorr\w*)\b/i.test(message) && v.annualSavingsUsd !== undefined) return t.savings(f.money(v.annualSavingsUsd));
  if (/\b(roi|return on (?:the )?investment|rendite|rentabilidad)\b/i.test(message) && v.roiPercent !== undefined) return t.roi(f.pct(v.roiPercent), horizon);
  if (/\b(net gain|nettogewinn|ganancia neta)\b/i.test(message) && v.netGainUsd !== undefined) return t.netGain(f.money(v.netGainUsd), horizon);
  return undefined;
}

function verdict(months: number, lang: AnswerLanguage): string {
  const [excellent, good, acceptable, long] = roiTextsFor(lang).verdict;
  return (months <= 12 ? excellent : months <= 24 ? good : months <= 36 ? acceptable : long) ?? '';
}

export function answerRoi(u: Understanding): Draft {
  const draft = emptyDraft();
  const lang = u.language ?? 'en';
  const t = roiTextsFor(lang);
  const f = figuresIn(lang);
  const fromCalc = readRoiData(u.roiData);
  const fig = u.facts.roi;
  const robot = u.models[0] ?? u.pageRobot ?? u.historyModels[0] ?? u.assistantModels[0];
  const lines: string[] = [];

  if (fromCalc.paybackMonths !== undefined || fromCalc.annualSavingsUsd !== undefined || fromCalc.paybackNever) {
    const months =
      fromCalc.paybackMonths ??
      (fromCalc.investmentUsd !== undefined && fromCalc.annualSavingsUsd !== undefined && fromCalc.annualSavingsUsd > 0
        ? (fromCalc.investmentUsd / fromCalc.annualSavingsUsd) * 12
        : undefined);
    // Net savings of zero or less never repay the investment, whatever the division says.
    const never = fromCalc.paybackNever || (fromCalc.annualSavingsUsd !== undefined && fromCalc.annualSavingsUsd <= 0);
    const horizon = fromCalc.horizonYears !== undefined ? t.horizon(f.years(fromCalc.horizonYears)) : '';
    const direct = directRoiAnswer(u.message, fromCalc, months, never, horizon, lang);
    if (direct) lines.push(direct, '');
    lines.push(t.basedOn);
    if (fromCalc.investmentUsd !== undefined) lines.push(t.investment(f.usd(fromCalc.investmentUsd)));
    if (fromCalc.annualSavingsUsd !== undefined) lines.push(t.annualSavings(f.money(fromCalc.annualSavingsUsd), fromCalc.annualSavingsUsd <= 0));
    if (never) lines.push(t.paybackNeverLine);
    else if (fromCalc.paybackMonths !== undefined) lines.push(t.paybackLine(f.months(fromCalc.paybackMonths)));
    if (fromCalc.discountedPaybackMonths !== undefined) lines.push(t.discountedLine(f.months(fromCalc.discountedPaybackMonths)));
    if (fromCalc.roiPercent !== undefined) lines.push(t.roiLine(f.pct(fromCalc.roiPercent), horizon));
    if (fromCalc.npvUsd !== undefined) lines.push(t.npvLine(f.money(fromCalc.npvUsd), horizon));
    if (fromCalc.irrPercent !== undefined) lines.push(t.irrLine(f.pct(fromCalc.irrPercent)));
    if (never) lines.push('', t.neverExplained);
    else if (months !== undefined) lines.push('', verdict(months, lang));
    lines.push('', t.leversHeading);
    for (const l of t.levers) lines.push(`- ${l}`);
    draft.answered = true;
  } else {
    const savings =
      fig.annualSavingsUsd ??
      (fig.hourlyWageUsd !== undefined && fig.workers !== undefined
        ? fig.workers * fig.hourlyWageUsd * ROI_HOURS_PER_SHIFT * (fig.shifts ?? 1) * ROI_DAYS_PER_YEAR
        : undefined);
    if (fig.investmentUsd !== undefined && savings) {
      const months = (fig.investmentUsd / savings) * 12;
      lines.push(t.firstEstimate);
      lines.push(t.investment(f.usd(fig.investmentUsd)));
      if (fig.annualSavingsUsd === undefined) {
        const wage = f.usd(defined(fig.hourlyWageUsd, 'the hourly wage behind the savings'));
        lines.push(t.labourSavings(fig.workers ?? 1, wage, ROI_HOURS_PER_SHIFT, fig.shifts ?? 1, ROI_DAYS_PER_YEAR, f.usd(savings)));
        if (fig.shifts === undefined) lines.push(t.oneShift);
      } else lines.push(t.annualSavingsPlain(f.usd(savings)));
      lines.push(t.simplePayback(f.months(months)), '', verdict(months, lang));
      lines.push('', t.notIncluded);
      draft.answered = true;
    } else {
      lines.push(t.intro);
      lines.push(t.need);
      if (fig.investmentUsd === undefined) lines.push(t.needInvestment);
      if (savings === undefined) lines.push(t.needLabour);
      if (robot) {
        const band = formatterFor(lang).band(robot.priceMinUsd, robot.priceMaxUsd);
        if (band) lines.push('', t.reference(robotName(robot), band));
      }
      lines.push('', t.calculator);
      draft.askedForFacts = true;
      draft.followUps = [fig.investmentUsd === undefined ? t.investmentQ : '', savings === undefined ? t.labourQ : '', fig.shifts === undefined ? t.shiftsQ : ''];
    }
  }
  if (robot) draft.named.push(robot);
  draft.text = lines.join('\n');
  if (draft.answered) draft.followUps = [...t.answeredQs];
  const [openCalculator, comparePrices, createProject] = t.actions;
  draft.actions = [openCalculator ?? '', comparePrices ?? '', u.role === 'customer' ? (createProject ?? '') : ''];
  if (robot) draft.sources = [{ manufacturer: robot.manufacturer }];
  return draft;
}
