import { messagesFor } from './i18n';
import type { RobotRow } from '../../catalog';
import { categoryLabel, listApplications, priceBand, robotName, specLine, withArticle } from './format';
import { emptyDraft, type Draft, type Understanding } from './types';

interface Faq {
  pattern: RegExp;
  answer: string;
}

/** Short answers to common robotics questions. */
const faqs: Faq[] = [
  {
    pattern: /\b(what(?:'s| is| are)|explain|define)\b.{0,20}\b(cobots?|collaborative robots?)\b/i,
    answer:
      'A cobot (collaborative robot) is designed to work near people: it limits force and speed and stops on contact, so many applications can run without fencing once a risk assessment (ISO 10218, ISO/TS 15066) confirms it. Cobots are easier to program, but they are slower and carry less than industrial arms of the same size.',
  },
  {
    pattern: /\b(what(?:'s| is| are)|explain)\b.{0,20}\bscaras?\b|\bscara\b.{0,30}\b(vs|versus|or|compared)\b.{0,20}\barticulated\b/i,
    answer:
      'A SCARA robot has 4 axes: it moves fast in a horizontal plane and up and down, ideal for pick-and-place and assembly on a flat table. A 6-axis articulated robot can also tilt and rotate the tool in any direction, needed for machine tending, welding or reaching into fixtures.',
  },
  {
    pattern: /\b(what(?:'s| is| are)|explain)\b.{0,20}\bdelta robots?\b/i,
    answer:
      'A delta (parallel) robot hangs above a conveyor and moves light parts (typically up to a few kg) very fast: it is the usual choice for high-speed picking and packaging of small items.',
  },
  {
    pattern: /\brepeatability\b/i,
    answer:
      'Repeatability is how closely the robot returns to the same taught point, e.g. ±0.02 mm. It is not the same as absolute accuracy (how close it gets to a calculated point), which is usually much worse unless the robot is calibrated.',
  },
  {
    pattern: /\b(what(?:'s| is)|explain|how (?:is|do you))\b.{0,25}\bpayload\b/i,
    answer:
      'Payload is the mass the robot can carry at its wrist: the part plus the gripper or tool. The rated value also assumes a centre of gravity close to the flange, so leave a margin (I use 20% for the gripper when its weight is unknown).',
  },
  {
    pattern: /\b(what(?:'s| is)|explain)\b.{0,25}\breach\b/i,
    answer:
      'Reach is the maximum distance from the centre of the robot base to the wrist centre. Check it against the farthest point the tool must reach, including the tool length and any approach angle.',
  },
  {
    pattern: /\b(axes|dof|degrees? of freedom)\b/i,
    answer:
      'The number of axes (degrees of freedom) decides how the tool can be oriented: 4 axes (SCARA, palletizers) keep the tool vertical, 6 axes reach any position and angle, 7 axes add redundancy to work around obstacles.',
  },
  {
    pattern: /\b(eoat|end[- ]effector|end of arm tool(?:ing)?|gripper)s?\b/i,
    answer:
      'The end-of-arm tool (gripper, vacuum cup, welding torch, screwdriver) does the actual work. Its weight counts against the robot payload, and it often decides cycle time and reliability more than the robot does.',
  },
  {
    pattern: /\b(safety|iso 10218|ts 15066|fenc(?:e|ing)|risk assessment)\b/i,
    answer:
      'Every robot cell needs a risk assessment. Industrial robots usually run behind fences or light curtains (ISO 10218); cobots may run without them when force and speed limits make contact acceptable (ISO/TS 15066). An integrator can do the assessment and the safety design.',
  },
  {
    pattern: /\b(integrator|system integrator)s?\b/i,
    answer:
      'A system integrator designs and builds the complete robot cell: robot, gripper, safety, programming and commissioning. On CellForge, customers can create a project and integrators can offer to deliver it.',
  },
];

/** Everything the catalog holds on one robot, as short lines. */
export function robotSummary(r: RobotRow): string[] {
  const lines = [`The ${robotName(r)} is ${withArticle(categoryLabel(r.category))}: ${specLine(r)}.`];
  if (r.applications.length) lines.push(`Its maker lists it for ${listApplications(r.applications, 5)}.`);
  if (r.industries.length) lines.push(`Typical industries: ${r.industries.slice(0, 4).map((i) => i.replace(/-/g, ' ')).join(', ')}.`);
  const band = priceBand(r);
  lines.push(band ? `Indicative price: ${band} for arm + controller (not a quote).` : 'The maker does not publish a price; ask the supplier for a quote.');
  if (r.description) lines.push('', r.description);
  if (r.datasheetSource) lines.push('', `Figures from: ${r.datasheetSource}.`);
  return lines;
}

export function answerGeneral(u: Understanding): Draft {
  const draft = emptyDraft();
  // The menu, greetings and off-topic answers in the language asked.
  const menu = messagesFor(u.language).menu;
  if (u.offTopic) {
    draft.text = [menu.offTopicLead, ...menu.capabilities].join('\n');
    draft.smallTalk = true;
    draft.followUps = [...menu.followUps];
    draft.actions = [...menu.actions];
    return draft;
  }

  const faq = !u.greeting ? faqs.find((f) => f.pattern.test(u.message)) : undefined;
  const robot = u.models[0] ?? (u.page === 'robot_detail' ? u.pageRobot : undefined) ?? (/\b(this|it)\b/i.test(u.message) ? u.pageRobot : undefined);
  // "Does it need a safety fence?" on a robot page: the general answer, applied to that robot.
  if (faq && robot && !u.models.length) {
    draft.text = `${faq.answer}\n\nThe ${robotName(robot)} on this page is ${withArticle(categoryLabel(robot.category))}: ${specLine(robot)}.`;
    draft.answered = true;
    draft.named.push(robot);
    draft.followUps = [`What payload and reach does your task need? I can check whether the ${robot.model} fits.`, `Would you like to see robots similar to the ${robot.model}?`];
    draft.actions = [`Compare the ${robot.model} with similar robots`];
    draft.sources = [{ manufacturer: robot.manufacturer, title: robot.datasheetSource ?? `${robotName(robot)} datasheet` }];
    return draft;
  }
  if (robot && !u.greeting) {
    draft.text = robotSummary(robot).join('\n');
    draft.answered = true;
    draft.named.push(robot);
    draft.followUps = [
      `What payload and reach does your task need? I can check whether the ${robot.model} fits.`,
      `Would you like to compare the ${robot.model} with similar robots?`,
      'Would you like to estimate the payback of a cell with it?',
    ];
    draft.actions = [`Compare the ${robot.model} with similar robots`, 'Estimate the payback with the ROI calculator'];
    draft.sources = [{ manufacturer: robot.manufacturer, title: robot.datasheetSource ?? `${robotName(robot)} datasheet` }];
    return draft;
  }

  if (faq) {
    draft.text = `${faq.answer}\n\nIf you tell me your task (part weight, reach, application) I can suggest robots from the catalog.`;
    draft.answered = true;
    draft.followUps = ['What task would you like to automate?', 'What payload and reach do you need?', 'Would you like to compare specific models?'];
    draft.actions = ['Browse the robot catalog'];
    return draft;
  }

  const thanks = /\b(thanks?|thank you|cheers|danke|gracias)\b/i.test(u.message);
  draft.text = [thanks ? menu.thanks : u.greeting ? menu.greetingLead(u.authenticated) : menu.helpLead, ...(thanks ? [] : menu.capabilities)].join('\n');
  draft.smallTalk = true;
  draft.followUps = [...menu.followUps];
  draft.actions = [...menu.actions];
  return draft;
}
