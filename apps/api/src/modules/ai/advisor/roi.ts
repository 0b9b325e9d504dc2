import { formatNumber, priceBand, robotName, usd } from './format';
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

/** Money that may be negative: "-$3,000" rather than "$-3,000". */
const money = (v: number) => (v < 0 ? `-${usd(-v)}` : usd(v));

/** The one figure the question asks for ("what is my payback?", "what's the NPV?"), as a sentence. */
function directRoiAnswer(message: string, v: RoiView, months: number | undefined, never: boolean, horizon: string): string | undefined {
  if (/\b(npv|net present value)\b/i.test(message)) {
    return v.npvUsd !== undefined ? `Your NPV is ${money(v.npvUsd)}${horizon}.` : 'Your calculator figures do not include an NPV.';
  }
  if (/\b(irr|internal rate of return)\b/i.test(message)) {
    return v.irrPercent !== undefined ? `Your IRR is ${formatNumber(v.irrPercent, 1)}%.` : 'Your calculator figures do not include an IRR (there is none when the cell never pays back).';
  }
  if (/\bdiscounted payback\b/i.test(message) && v.discountedPaybackMonths !== undefined) return `Your discounted payback is about ${formatNumber(v.discountedPaybackMonths, 1)} months.`;
  if (/\b(payback|pay(?:s)? ?back|pays? (?:for )?itself|break[- ]?even|how long)\b/i.test(message)) {
    if (never) return 'At these figures the cell never pays back.';
    if (months !== undefined) return `Your payback is about ${formatNumber(months, 1)} months${v.paybackMonths === undefined ? ' (investment / annual savings)' : ''}.`;
  }
  if (/\b(sav(?:e|es|ing|ings))\b/i.test(message) && v.annualSavingsUsd !== undefined) return `Your net annual savings are ${money(v.annualSavingsUsd)}.`;
  if (/\b(roi|return on (?:the )?investment)\b/i.test(message) && v.roiPercent !== undefined) return `Your ROI is ${formatNumber(v.roiPercent, 1)}%${horizon}.`;
  if (/\bnet gain\b/i.test(message) && v.netGainUsd !== undefined) return `Your net gain is ${money(v.netGainUsd)}${horizon}.`;
  return undefined;
}

function verdict(months: number): string {
  if (months <= 12) return 'That is an excellent payback: most plants approve automation that pays back within a year.';
  if (months <= 24) return 'That is a good payback: 1-2 years is a common target for robot cells.';
  if (months <= 36) return 'That is acceptable for many plants, though some require under 2 years.';
  return 'That is a long payback; the levers below can shorten it.';
}

const levers = [
  'Run the cell on more shifts: the investment stays the same while savings grow',
  'Count scrap, rework and quality savings, not only labour',
  'Keep integration simple (standard grippers, a cobot without fencing where the risk assessment allows)',
];

export function answerRoi(u: Understanding): Draft {
  const draft = emptyDraft();
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
    const horizon = fromCalc.horizonYears !== undefined ? ` over ${formatNumber(fromCalc.horizonYears, 0)} years` : '';
    const direct = directRoiAnswer(u.message, fromCalc, months, never, horizon);
    if (direct) lines.push(direct, '');
    lines.push('Based on the figures in your ROI calculator:');
    if (fromCalc.investmentUsd !== undefined) lines.push(`- Investment: ${usd(fromCalc.investmentUsd)}`);
    if (fromCalc.annualSavingsUsd !== undefined) lines.push(`- Annual savings: ${money(fromCalc.annualSavingsUsd)}${fromCalc.annualSavingsUsd <= 0 ? ' (net of running costs)' : ''}`);
    if (never) lines.push('- Payback: never at these figures');
    else if (fromCalc.paybackMonths !== undefined) lines.push(`- Payback: about ${formatNumber(fromCalc.paybackMonths, 1)} months`);
    if (fromCalc.discountedPaybackMonths !== undefined) lines.push(`- Discounted payback: about ${formatNumber(fromCalc.discountedPaybackMonths, 1)} months`);
    if (fromCalc.roiPercent !== undefined) lines.push(`- ROI: ${formatNumber(fromCalc.roiPercent, 1)}%${horizon}`);
    if (fromCalc.npvUsd !== undefined) lines.push(`- NPV: ${money(fromCalc.npvUsd)}${horizon}`);
    if (fromCalc.irrPercent !== undefined) lines.push(`- IRR: ${formatNumber(fromCalc.irrPercent, 1)}%`);
    if (never) lines.push('', 'At these figures the cell does not pay back: the yearly savings do not cover the running costs. The levers below are where to look first.');
    else if (months !== undefined) lines.push('', verdict(months));
    lines.push('', 'Ways to improve it:');
    for (const l of levers) lines.push(`- ${l}`);
    draft.answered = true;
  } else {
    const savings =
      fig.annualSavingsUsd ??
      (fig.hourlyWageUsd !== undefined && fig.workers !== undefined
        ? fig.workers * fig.hourlyWageUsd * ROI_HOURS_PER_SHIFT * (fig.shifts ?? 1) * ROI_DAYS_PER_YEAR
        : undefined);
    if (fig.investmentUsd !== undefined && savings) {
      const months = (fig.investmentUsd / savings) * 12;
      lines.push('A first estimate from your figures:');
      lines.push(`- Investment: ${usd(fig.investmentUsd)}`);
      if (fig.annualSavingsUsd === undefined) {
        lines.push(
          `- Labour savings: ${fig.workers} operator${fig.workers === 1 ? '' : 's'} x ${usd(defined(fig.hourlyWageUsd, 'the hourly wage behind the savings'))}/h x ${ROI_HOURS_PER_SHIFT} h x ${fig.shifts ?? 1} shift${(fig.shifts ?? 1) === 1 ? '' : 's'} x ${ROI_DAYS_PER_YEAR} days = ${usd(savings)} a year`,
        );
        if (fig.shifts === undefined) lines.push('  (one shift assumed; tell me if you run more)');
      } else lines.push(`- Annual savings: ${usd(savings)}`);
      lines.push(`- Simple payback: about ${formatNumber(months, 1)} months`, '', verdict(months));
      lines.push('', 'Not included yet: maintenance (roughly 2-5% of the investment a year), energy, and any quality gains.');
      draft.answered = true;
    } else {
      lines.push('I can estimate the payback of a robot cell. The simple formula is: payback = total investment / yearly savings.');
      lines.push('To calculate it I need:');
      if (fig.investmentUsd === undefined) lines.push('- Total investment: robot, gripper, safety and integration (a complete cell often costs 2-3 times the robot arm)');
      if (savings === undefined) lines.push('- Labour cost per hour, operators per shift and shifts per day (or your expected yearly savings)');
      if (robot) {
        const band = priceBand(robot);
        if (band) lines.push('', `For reference, the ${robotName(robot)} arm is listed at an indicative ${band}.`);
      }
      lines.push('', 'You can also enter the figures in the ROI calculator and ask me about the result.');
      draft.askedForFacts = true;
      draft.followUps = [
        fig.investmentUsd === undefined ? 'What is the total investment for the cell?' : '',
        savings === undefined ? 'What does an operator cost per hour, and how many operators per shift?' : '',
        fig.shifts === undefined ? 'How many shifts per day would the robot run?' : '',
      ];
    }
  }
  if (robot) draft.named.push(robot);
  draft.text = lines.join('\n');
  if (draft.answered) {
    draft.followUps = ['How many shifts per day will the robot run?', 'Should I include maintenance and energy costs?', 'Would you like robot suggestions for this task?'];
  }
  draft.actions = ['Open the ROI calculator', 'Compare robot prices in the catalog', u.role === 'customer' ? 'Create a project to get integrator quotes' : ''];
  if (robot) draft.sources = [{ manufacturer: robot.manufacturer }];
  return draft;
}
