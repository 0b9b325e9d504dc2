import type { ChatContext, ChatHistoryEntry } from '@cellforge/contracts';
import type { Intent } from '../understanding/intent';

/** What a recommendation must meet, as the user stated it (part mass; the 20 % tool allowance is applied by the check). */
export interface StatedConstraints {
  payloadKg?: number;
  toolKg?: number;
  reachMm?: number;
  application?: string;
  manufacturers?: string[];
  category?: string;
  budgetUsd?: number;
  /** Hard limits: never relaxed, every robot named must meet them. */
  excludedManufacturers?: string[];
  maxReachMm?: number;
  /** Largest rated payload the buyer wants. */
  maxPayloadKg?: number;
  dof?: number;
  /** Hard environment limit (migration 0009): a published cleanroom class. */
  cleanroomRated?: boolean;
}

export interface EvalCase {
  id: string;
  category: 'selection' | 'troubleshooting' | 'comparison' | 'roi' | 'general';
  message: string;
  history?: ChatHistoryEntry[];
  context?: ChatContext;
  /** Model name of the robot detail page (resolved to context.robotId at run time). */
  pageRobotModel?: string;
  /** Model names of the compare page (resolved to context.robotIds at run time, as the web sends them). */
  compareRobotModels?: string[];
  expectIntent: Intent;
  expectState?: 'initial' | 'gathering_info' | 'solution_providing';
  constraints?: StatedConstraints;
  /** A known code: the maker, and words the explanation must contain. */
  code?: { maker: string; code: string; meaning: string[] };
  /** A code the knowledge base does not have: the answer must say so. */
  unknownCode?: string;
  /** Models a comparison must include. */
  compare?: string[];
  /** Text the answer must contain (the robot's catalog figures, an honest "not published"...). */
  expectText?: string[];
  /** Text the answer must not contain (a guessed figure, the page robot in a new search...). */
  rejectText?: string[];
}

const asked = (intent: Intent, state = 'gathering_info'): ChatHistoryEntry => ({
  role: 'assistant',
  content: 'To shortlist robots I need a few more facts.',
  metadata: { userIntent: intent, conversationState: state },
});

/** The assistant's answer to "I need a robot for machine tending, 8 kg parts, 1.2 m reach", as the client keeps it. */
const recommendedThree: ChatHistoryEntry[] = [
  { role: 'user', content: 'I need a robot for machine tending, parts weigh 8 kg and it must reach 1.2 m' },
  {
    role: 'assistant',
    content: [
      'For 8 kg parts, 1,200 mm reach and machine tending, the robot must carry at least 9.6 kg (8 kg + 20% allowance for the gripper) and reach at least 1,200 mm.',
      '',
      'Three catalog robots that fit:',
      '- Doosan Robotics M1013 (collaborative): 10 kg payload (4.2% headroom), 1,300 mm reach (+100 mm), 6 axes, listed for machine tending, indicative $35,000–$45,000.',
      '- Nachi CZ10 (collaborative): 10 kg payload (4.2% headroom), 1,300 mm reach (+100 mm), 6 axes, listed for machine tending, indicative $35,000–$50,000.',
      '- FANUC CRX-10iA/L (collaborative): 10 kg payload (4.2% headroom), 1,418 mm reach (+218 mm), 6 axes, listed for machine tending, indicative $38,000–$52,000.',
    ].join('\n'),
    metadata: { userIntent: 'robot_selection', conversationState: 'solution_providing' },
  },
];

/** The same conversation as any client may send it: plain role and content, no metadata echoed back. */
const plainRecommendedThree: ChatHistoryEntry[] = recommendedThree.map(({ role, content }) => ({ role, content }));

/** The assistant described one robot. */
const describedUr10e: ChatHistoryEntry[] = [
  { role: 'user', content: 'Tell me about the UR10e' },
  {
    role: 'assistant',
    content: 'The Universal Robots UR10e is a collaborative robot (cobot): 12.5 kg payload, 1,300 mm reach, 6 axes, repeatability ±0.05 mm, arm weight 33.5 kg.',
    metadata: { userIntent: 'general', conversationState: 'solution_providing' },
  },
];

/** What the ROI calculator sends (features/chat/utils/roi-context.ts): headline results, inputs nested. */
const roiFigures = {
  paybackMonths: 18.5,
  annualSavings: 48000,
  upfrontCost: 74000,
  roiPercent: 224.3,
  npv: 120000,
  irrPercent: 58.1,
  netGain: 166000,
  discountedPaybackMonths: 21.2,
  annualGrossSavings: 55000,
  annualRunningCosts: 7000,
  horizonYears: 5,
  discountRatePercent: 8,
  inputs: { robotCost: 50000, laborCostPerHour: 25, shiftsPerDay: 2 },
};
const roiNever = { paybackMonths: null, annualSavings: -3000, upfrontCost: 74000, roiPercent: -120, npv: -90000, irrPercent: null, netGain: -89000, horizonYears: 5 };

const detail = { page: 'robot_detail' };
const comparePage = ['UR10e', 'CRX-10iA', 'IRB 1200-7/0.7'];

/**
 * The labelled set: robot selection with constraints (units, synonyms, multi-turn, page
 * context), troubleshooting with real and unknown codes, comparisons, ROI and off-topic.
 */
export const evalCases: EvalCase[] = [
  // Robot selection ---------------------------------------------------------------------
  { id: 'sel-01', category: 'selection', message: 'I need a robot for machine tending, parts weigh 8 kg and it must reach 1.2 m', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 8, reachMm: 1200, application: 'machine-tending' } },
  { id: 'sel-02', category: 'selection', message: 'Looking for a cobot to palletize 15 kg boxes, reach about 1700 mm', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 15, reachMm: 1700, application: 'palletizing', category: 'collaborative' } },
  { id: 'sel-03', category: 'selection', message: 'Which robot should I use for arc welding with a 5 kg torch package and 1400 mm reach?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 5, reachMm: 1400, application: 'arc-welding' } },
  { id: 'sel-04', category: 'selection', message: 'We want to automate spot welding of car body panels, the gun weighs 120 kg and we need 2.5 m reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 120, reachMm: 2500, application: 'spot-welding' } },
  { id: 'sel-05', category: 'selection', message: 'Need to palletize 25 kg bags at the end of the line, 3 m reach, budget 120k', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 25, reachMm: 3000, application: 'palletizing', budgetUsd: 120000 } },
  { id: 'sel-06', category: 'selection', message: 'Pick and place of small electronic parts, 0.5 kg, very fast, about 400 mm reach. What do you recommend?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 0.5, reachMm: 400, application: 'pick-and-place' } },
  { id: 'sel-07', category: 'selection', message: "What's the best cobot for screwdriving? Screwdriver plus part is around 3 kg, reach 700 mm", expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 3, reachMm: 700, application: 'screwdriving', category: 'collaborative' } },
  { id: 'sel-08', category: 'selection', message: "I'm looking for a robot arm for CNC loading. Blanks are up to 12 lb and the machine door is 900 mm from where the robot would stand.", expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 5.443, reachMm: 900, application: 'machine-tending' } },
  { id: 'sel-09', category: 'selection', message: 'Recommend a robot for packaging 2 kg cartons in the food industry, reach 1 m', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 2, reachMm: 1000, application: 'packaging' } },
  { id: 'sel-10', category: 'selection', message: 'Need a Fanuc robot for 20 kg parts with 1.8 m reach for material handling', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 20, reachMm: 1800, manufacturers: ['FANUC'], application: 'material-handling' } },
  { id: 'sel-11', category: 'selection', message: 'Can you suggest an ABB robot for deburring aluminium castings of 10 kg? Reach 1.5 m.', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 10, reachMm: 1500, manufacturers: ['ABB'], application: 'deburring' } },
  { id: 'sel-12', category: 'selection', message: 'What robot can lift 50 kg and reach 2 meters for machine tending in a foundry?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 50, reachMm: 2000, application: 'machine-tending' } },
  { id: 'sel-13', category: 'selection', message: 'I need a SCARA for assembly, 3 kg payload, 500 mm reach, under $20k', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 3, reachMm: 500, application: 'assembly', category: 'scara', budgetUsd: 20000 } },
  { id: 'sel-14', category: 'selection', message: 'Suggest a robot for laboratory sample handling: tubes weigh 200 g, reach 600 mm', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 0.2, reachMm: 600, application: 'laboratory' } },
  { id: 'sel-15', category: 'selection', message: 'We need a robot for polishing faucets, 6 kg with the spindle, reach 1100 mm', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 6, reachMm: 1100, application: 'polishing' } },
  { id: 'sel-16', category: 'selection', message: 'I want to automate dispensing glue on PCBs, the dispenser weighs 1.5 kg and the robot needs 450 mm reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 1.5, reachMm: 450, application: 'dispensing' } },
  { id: 'sel-17', category: 'selection', message: 'Heavy payload robot needed: 300 kg engine blocks, 2.7 m reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 300, reachMm: 2700, category: 'heavy-payload' } },
  { id: 'sel-18', category: 'selection', message: 'Which cobot can handle 10 kg at 1300 mm for palletizing cases?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 10, reachMm: 1300, application: 'palletizing', category: 'collaborative' } },
  { id: 'sel-19', category: 'selection', message: 'Need a robot for press tending: sheet metal blanks of 15 kg, 2 m reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 15, reachMm: 2000, application: 'press-tending' } },
  { id: 'sel-20', category: 'selection', message: 'Need a robot that carries 25 lbs and reaches 40 inches for packaging', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 11.34, reachMm: 1016, application: 'packaging' } },
  { id: 'sel-21', category: 'selection', message: 'Robot for handling 1.5 t steel coils? It needs a 3.5 m reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 1500, reachMm: 3500, application: 'material-handling' } },
  { id: 'sel-22', category: 'selection', message: 'I need something to pick 500 g parts out of a bin, reach 60 cm', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 0.5, reachMm: 600, application: 'pick-and-place' } },
  { id: 'sel-23', category: 'selection', message: 'Best robot for painting car bumpers with a 5 kg spray gun, 2.2 m reach?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 5, reachMm: 2200, application: 'painting' } },
  { id: 'sel-24', category: 'selection', message: 'I have a budget of $30,000. I need a robot for 3 kg parts and 500 mm reach for pick and place.', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 3, reachMm: 500, application: 'pick-and-place', budgetUsd: 30000 } },
  { id: 'sel-25', category: 'selection', message: 'Looking for a Universal Robots cobot for 5 kg at 850 mm for machine tending', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 5, reachMm: 850, manufacturers: ['Universal Robots'], application: 'machine-tending' } },
  { id: 'sel-26', category: 'selection', message: 'kuka or abb robot for 100 kg, 2.6 m reach, spot welding?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 100, reachMm: 2600, manufacturers: ['KUKA', 'ABB'], application: 'spot-welding' } },
  { id: 'sel-27', category: 'selection', message: 'We need a robot for the cleanroom to move 1 kg wafer carriers, 800 mm reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 1, reachMm: 800, cleanroomRated: true } },
  { id: 'sel-28', category: 'selection', message: 'What robot should I buy for palletizing 20 kg boxes?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 20, application: 'palletizing' } },
  { id: 'sel-29', category: 'selection', message: 'My parts weigh 4 kg and the gripper weighs 1.5 kg, reach 900 mm, for assembly. Which robot?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 4, toolKg: 1.5, reachMm: 900, application: 'assembly' } },
  { id: 'sel-30', category: 'selection', message: 'I need a robot', expectIntent: 'robot_selection', expectState: 'gathering_info' },
  { id: 'sel-31', category: 'selection', message: 'Which robot would you recommend for welding?', expectIntent: 'robot_selection', expectState: 'gathering_info' },
  { id: 'sel-32', category: 'selection', message: 'Help me choose a cobot for my factory', expectIntent: 'robot_selection', expectState: 'gathering_info' },
  {
    id: 'sel-33',
    category: 'selection',
    message: 'parts are about 4 kg and the reach is 800 mm',
    history: [{ role: 'user', content: 'I need a robot for machine tending' }, asked('robot_selection')],
    expectIntent: 'robot_selection',
    expectState: 'solution_providing',
    constraints: { payloadKg: 4, reachMm: 800, application: 'machine-tending' },
  },
  {
    id: 'sel-34',
    category: 'selection',
    message: '25 kg bags, 2.8 m',
    history: [{ role: 'user', content: 'Looking for a robot to palletize bags' }, asked('robot_selection')],
    expectIntent: 'robot_selection',
    expectState: 'solution_providing',
    constraints: { payloadKg: 25, reachMm: 2800, application: 'palletizing' },
  },
  {
    id: 'sel-35',
    category: 'selection',
    message: 'reach 700 mm please',
    history: [{ role: 'user', content: 'I need a robot for assembly' }, asked('robot_selection'), { role: 'user', content: 'parts weigh 2 kg' }, asked('robot_selection')],
    expectIntent: 'robot_selection',
    expectState: 'solution_providing',
    constraints: { payloadKg: 2, reachMm: 700, application: 'assembly' },
  },
  {
    id: 'sel-36',
    category: 'selection',
    message: 'The load is 40 kg and I need 2.5 m reach',
    context: { application: 'palletizing', userIntent: 'robot_selection' },
    expectIntent: 'robot_selection',
    expectState: 'solution_providing',
    constraints: { payloadKg: 40, reachMm: 2500, application: 'palletizing' },
  },
  {
    id: 'sel-37',
    category: 'selection',
    message: 'Which of these suits 10 kg parts with 1.1 m reach?',
    context: { page: 'catalog', filters: { manufacturer: 'KUKA' } },
    expectIntent: 'robot_selection',
    expectState: 'solution_providing',
    constraints: { payloadKg: 10, reachMm: 1100, manufacturers: ['KUKA'] },
  },
  {
    id: 'sel-38',
    category: 'selection',
    message: 'Is this robot suitable for 6 kg parts at 800 mm?',
    context: { page: 'robot_detail' },
    pageRobotModel: 'UR5e',
    expectIntent: 'robot_selection',
    expectState: 'solution_providing',
    constraints: { payloadKg: 6, reachMm: 800 },
  },
  { id: 'sel-39', category: 'selection', message: 'Looking for a delta robot to pick 1 kg biscuits from a conveyor, 1100 mm reach, cycle 0.5 s', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 1, reachMm: 1100, category: 'delta' } },
  { id: 'sel-40', category: 'selection', message: 'Suggest a robot to load an injection moulding machine: 3 kg parts, 1.3 m reach, plastics plant', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 3, reachMm: 1300, application: 'machine-tending' } },

  // Troubleshooting ---------------------------------------------------------------------
  { id: 'ts-01', category: 'troubleshooting', message: 'My Fanuc shows SRVO-062 BZAL alarm after a weekend shutdown', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-062', meaning: ['battery', 'position data'] } },
  { id: 'ts-02', category: 'troubleshooting', message: 'SRVO-050 collision detect keeps appearing on our LR Mate', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-050', meaning: ['collision', 'payload'] } },
  { id: 'ts-03', category: 'troubleshooting', message: 'srvo-065 on the teach pendant, what do I do?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-065', meaning: ['battery low'] } },
  { id: 'ts-04', category: 'troubleshooting', message: 'We get MOTN-023 In singularity when running a linear move', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'MOTN-023', meaning: ['singularity', 'J5'] } },
  { id: 'ts-05', category: 'troubleshooting', message: 'MOTN-017 limit error G:1 A:6 on a palletizing program', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'MOTN-017', meaning: ['software stroke limit'] } },
  { id: 'ts-06', category: 'troubleshooting', message: 'ABB robot error 50204 motion supervision', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'ABB', code: '50204', meaning: ['motion supervision', 'collision'] } },
  { id: 'ts-07', category: 'troubleshooting', message: 'IRC5 shows event 20032, what now?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'ABB', code: '20032', meaning: ['revolution counter'] } },
  { id: 'ts-08', category: 'troubleshooting', message: 'Getting 50050 position outside reach on my ABB', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'ABB', code: '50050', meaning: ['outside', 'working range'] } },
  { id: 'ts-09', category: 'troubleshooting', message: 'Error 38103 on an IRB 2600 after moving the controller', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'ABB', code: '38103', meaning: ['SMB', 'communication'] } },
  { id: 'ts-10', category: 'troubleshooting', message: 'UR10e protective stop C153A2', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Universal Robots', code: 'C153', meaning: ['deviates from path', 'Elbow'] } },
  { id: 'ts-11', category: 'troubleshooting', message: 'Our UR robot gives C204A3 randomly', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Universal Robots', code: 'C204', meaning: ['path sanity check', 'Sudden stop'] } },
  { id: 'ts-12', category: 'troubleshooting', message: 'C157 on a UR5e when it picks up the part', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Universal Robots', code: 'C157', meaning: ['collision'] } },
  { id: 'ts-13', category: 'troubleshooting', message: 'Yaskawa alarm 4100 after jogging near the limit', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Yaskawa', code: '4100', meaning: ['OVERRUN', 'limit switch'] } },
  { id: 'ts-14', category: 'troubleshooting', message: 'Motoman GP25 shows alarm 4315', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Yaskawa', code: '4315', meaning: ['collision'] } },
  { id: 'ts-15', category: 'troubleshooting', message: 'Epson error 4001 during a Jump command', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Epson', code: '4001', meaning: ['limit of motion range'] } },
  { id: 'ts-16', category: 'troubleshooting', message: "KUKA says 'Software limit switch -A1' when jogging", expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'KUKA', code: 'Software limit switch', meaning: ['software limit switch'] } },
  { id: 'ts-17', category: 'troubleshooting', message: "SRVO-001 Operator panel E-stop won't clear", expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-001', meaning: ['emergency stop', 'operator panel'] } },
  { id: 'ts-18', category: 'troubleshooting', message: 'What does SYST-026 mean?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SYST-026', meaning: ['power-up', 'not a fault'] } },
  { id: 'ts-19', category: 'troubleshooting', message: 'FANUC CRX-10iA stops with SRVO-050 when the operator leans on the table', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-050', meaning: ['collision'] } },
  { id: 'ts-20', category: 'troubleshooting', message: 'ABB 10010 in the event log, is it a problem?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'ABB', code: '10010', meaning: ['Motors OFF', 'not a fault'] } },
  { id: 'ts-21', category: 'troubleshooting', message: 'SRVO-068 DTERR on axis 4 of our R-2000iC', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-068', meaning: ['pulsecoder', 'cable'] } },
  { id: 'ts-22', category: 'troubleshooting', message: 'My Fanuc shows SRVO-999, what does it mean?', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: 'SRVO-999' },
  { id: 'ts-23', category: 'troubleshooting', message: 'ABB error 12345 on startup', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '12345' },
  { id: 'ts-24', category: 'troubleshooting', message: 'KUKA KSS12345 message on the smartPAD', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: 'KSS12345' },
  { id: 'ts-25', category: 'troubleshooting', message: 'UR C999A1 error after the update', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: 'C999A1' },
  { id: 'ts-26', category: 'troubleshooting', message: 'The robot keeps stopping randomly during the cycle', expectIntent: 'troubleshooting', expectState: 'gathering_info' },
  { id: 'ts-27', category: 'troubleshooting', message: 'our arm vibrates a lot at high speed, any idea why?', expectIntent: 'troubleshooting', expectState: 'gathering_info' },
  {
    id: 'ts-28',
    category: 'troubleshooting',
    message: 'how do I clear it after changing the batteries?',
    history: [
      { role: 'user', content: 'My Fanuc shows SRVO-062' },
      { role: 'assistant', content: 'FANUC SRVO-062 (BZAL alarm): ...', metadata: { userIntent: 'troubleshooting', conversationState: 'solution_providing' } },
    ],
    expectIntent: 'troubleshooting',
    expectState: 'solution_providing',
    code: { maker: 'FANUC', code: 'SRVO-062', meaning: ['RES_PCA'] },
  },
  { id: 'ts-29', category: 'troubleshooting', message: 'Teach pendant shows SRVO-007 External emergency stops and the robot will not move', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-007', meaning: ['external emergency stop'] } },
  { id: 'ts-30', category: 'troubleshooting', message: 'Our Yaskawa GP7 threw 4312 encoder battery error', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Yaskawa', code: '4312', meaning: ['encoder backup battery'] } },

  // Comparison --------------------------------------------------------------------------
  { id: 'cmp-01', category: 'comparison', message: 'Compare UR10e vs CRX-10iA', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['UR10e', 'CRX-10iA'] },
  { id: 'cmp-02', category: 'comparison', message: "What's the difference between the KUKA KR 16 R1610-2 and the ABB IRB 2600-20/1.65?", expectIntent: 'comparison', expectState: 'solution_providing', compare: ['KR 16 R1610-2', 'IRB 2600-20/1.65'] },
  { id: 'cmp-03', category: 'comparison', message: 'UR5e or Doosan M0609 for a small assembly cell, which is better?', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['UR5e', 'M0609'] },
  { id: 'cmp-04', category: 'comparison', message: 'How does the M-20iD/25 compare with the GP25?', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['M-20iD/25', 'GP25'] },
  { id: 'cmp-05', category: 'comparison', message: 'compare gp7 vs rs007l vs mz07l', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['GP7', 'RS007L', 'MZ07L'] },
  { id: 'cmp-06', category: 'comparison', message: 'IRB 1200 vs LR Mate 200iD: which should I pick?', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['LR Mate 200iD'] },
  {
    id: 'cmp-07',
    category: 'comparison',
    message: 'with the Techman TM12',
    history: [
      { role: 'user', content: 'Can you compare the UR10e?' },
      { role: 'assistant', content: 'Which robot would you like to compare it with?', metadata: { userIntent: 'comparison', conversationState: 'gathering_info' } },
    ],
    expectIntent: 'comparison',
    expectState: 'solution_providing',
    compare: ['UR10e', 'TM12'],
  },
  { id: 'cmp-08', category: 'comparison', message: 'Which is better for palletizing, the UR20 or the FANUC CRX-25iA?', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['UR20', 'CRX-25iA'] },
  { id: 'cmp-09', category: 'comparison', message: 'Compare the Epson LS6-B602S and the Omron eCobra 600 scara robots', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['LS6-B602S', 'eCobra 600'] },
  { id: 'cmp-10', category: 'comparison', message: 'Kawasaki RS020N versus Nachi MZ25', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['RS020N', 'MZ25'] },
  { id: 'cmp-11', category: 'comparison', message: 'How does it compare to the CRX-10iA?', context: { page: 'robot_detail' }, pageRobotModel: 'UR10e', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['UR10e', 'CRX-10iA'] },
  { id: 'cmp-12', category: 'comparison', message: 'I want to compare two robots', expectIntent: 'comparison', expectState: 'gathering_info' },

  // ROI ---------------------------------------------------------------------------------
  { id: 'roi-01', category: 'roi', message: 'What is the payback of a $150,000 palletizing cell replacing 2 operators at $25/hour on two shifts?', expectIntent: 'roi', expectState: 'solution_providing' },
  { id: 'roi-02', category: 'roi', message: 'Is a cobot worth it for a small shop?', expectIntent: 'roi', expectState: 'gathering_info' },
  { id: 'roi-03', category: 'roi', message: 'How much would I save by automating machine tending with one robot?', expectIntent: 'roi', expectState: 'gathering_info' },
  { id: 'roi-04', category: 'roi', message: 'ROI for a robot costing 60k that saves $40k a year?', expectIntent: 'roi', expectState: 'solution_providing' },
  {
    id: 'roi-05',
    category: 'roi',
    message: 'Is this a good result?',
    context: { page: 'roi_calculator', roiData: { paybackMonths: 14, annualSavings: 52000, totalInvestment: 61000 } },
    expectIntent: 'roi',
    expectState: 'solution_providing',
  },
  { id: 'roi-06', category: 'roi', message: 'calculate the return on investment for a welding robot', expectIntent: 'roi', expectState: 'gathering_info' },
  { id: 'roi-07', category: 'roi', message: 'break-even time for automating packaging with a $90k cell, labour cost $30 per hour, 3 workers, 2 shifts', expectIntent: 'roi', expectState: 'solution_providing' },
  { id: 'roi-08', category: 'roi', message: 'how long until a UR10e pays for itself?', expectIntent: 'roi', expectState: 'gathering_info' },
  { id: 'roi-09', category: 'roi', message: "What's the ROI of replacing manual palletizing?", expectIntent: 'roi', expectState: 'gathering_info' },
  { id: 'roi-10', category: 'roi', message: 'Our labor costs are killing us, would automation pay back within 2 years?', expectIntent: 'roi', expectState: 'gathering_info' },

  // General and off-topic ---------------------------------------------------------------
  { id: 'gen-01', category: 'general', message: "What's the weather in Paris tomorrow?", expectIntent: 'general', expectState: 'initial' },
  { id: 'gen-02', category: 'general', message: 'Tell me a joke', expectIntent: 'general', expectState: 'initial' },
  { id: 'gen-03', category: 'general', message: 'hello', expectIntent: 'general', expectState: 'initial' },
  { id: 'gen-04', category: 'general', message: 'thanks!', expectIntent: 'general', expectState: 'initial' },
  { id: 'gen-05', category: 'general', message: 'Who won the football game last night?', expectIntent: 'general', expectState: 'initial' },
  { id: 'gen-06', category: 'general', message: 'What is a cobot?', expectIntent: 'general', expectState: 'solution_providing' },
  { id: 'gen-07', category: 'general', message: 'What does repeatability mean?', expectIntent: 'general', expectState: 'solution_providing' },
  { id: 'gen-08', category: 'general', message: 'Can you write me a poem about cats?', expectIntent: 'general', expectState: 'initial' },
  { id: 'gen-09', category: 'general', message: "What's the capital of Australia?", expectIntent: 'general', expectState: 'initial' },
  { id: 'gen-10', category: 'general', message: 'Tell me about this robot', context: { page: 'robot_detail' }, pageRobotModel: 'M-20iD/25', expectIntent: 'general', expectState: 'solution_providing' },
  { id: 'gen-11', category: 'general', message: "What's the price of the UR10e?", expectIntent: 'general', expectState: 'solution_providing' },

  // Held-out batch: written after the rules above were tuned, kept as first written.
  { id: 'ho-01', category: 'selection', message: 'The cobot must move 5 kg trays between two conveyors 900 mm apart, inside a cell with a 2 m fence', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 5, reachMm: 900, category: 'collaborative' } },
  { id: 'ho-02', category: 'selection', message: 'Is there a KUKA that handles 6 kg and reaches 900 mm?', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 6, reachMm: 900, manufacturers: ['KUKA'] } },
  { id: 'ho-03', category: 'troubleshooting', message: 'alarm 4107 on the DX200 after replacing a motor', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Yaskawa', code: '4107', meaning: ['absolute', 'out of'] } },
  { id: 'ho-04', category: 'troubleshooting', message: 'What causes a C155 on a UR?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Universal Robots', code: 'C155', meaning: ['payload'] } },
  { id: 'ho-05', category: 'troubleshooting', message: "FANUC robot won't move, teach pendant says SRVO-003", expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-003', meaning: ['deadman'] } },
  { id: 'ho-06', category: 'comparison', message: 'Should I pick the IRB 1300-10/1.15 or the KR 10 R1100-2 for machine tending 7 kg parts?', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['IRB 1300-10/1.15', 'KR 10 R1100-2'] },
  { id: 'ho-07', category: 'selection', message: 'Give me a robot that can weld 2 mm steel sheets', expectIntent: 'robot_selection', expectState: 'gathering_info' },
  { id: 'ho-08', category: 'general', message: "What's your name?", expectIntent: 'general', expectState: 'initial' },
  { id: 'ho-09', category: 'general', message: 'tell me about the ABB IRB 6700-200/2.60', expectIntent: 'general', expectState: 'solution_providing' },
  { id: 'ho-10', category: 'roi', message: 'I run 3 shifts with 4 people packing boxes at $22 an hour; a packing cell is quoted at $210k. Worth it?', expectIntent: 'roi', expectState: 'solution_providing' },
  { id: 'ho-11', category: 'selection', message: 'we bake bread and want a robot to put 12 kg dough trays on racks up to 1.6 m away', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 12, reachMm: 1600 } },
  // 50056 (Joint collision) has since been verified against ABB's manual: the FlexPendant names ABB.
  { id: 'ho-12', category: 'troubleshooting', message: 'Got a 50056 on the flexpendant', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'ABB', code: '50056', meaning: ['collision'] } },
  // Buyers' words (issue 12), written from the buyer's side before the shared parser was wired in.
  { id: 'bw-01', category: 'selection', message: 'Palletizer for 40 kg sacks, 2.4 m reach, but no FANUC please', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 40, reachMm: 2400, excludedManufacturers: ['FANUC'] } },
  { id: 'bw-02', category: 'selection', message: 'anything except ABB and KUKA for 10 kg parts with 1 m reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 10, reachMm: 1000, excludedManufacturers: ['ABB', 'KUKA'] } },
  { id: 'bw-03', category: 'selection', message: 'I need to pick 2 kg parts, robot reach must be under 600 mm', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 2, maxReachMm: 600 } },
  { id: 'bw-04', category: 'selection', message: 'six-axis arms between 5 and 10 kg payload for machine tending, 800 mm reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 5, reachMm: 800, maxPayloadKg: 10, dof: 6 } },
  { id: 'bw-05', category: 'selection', message: 'our parts weigh 2 lbs and travel 20 in, pick and place', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 0.9, reachMm: 508 } },
  { id: 'bw-06', category: 'selection', message: 'we have to move castings of 1.5 t with 3 m reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 1500, reachMm: 3000 } },
  { id: 'bw-07', category: 'selection', message: 'welding 6 kg parts at 1.4 m reach, no Yaskawa or KUKA', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 6, reachMm: 1400, excludedManufacturers: ['Yaskawa', 'KUKA'] } },
  { id: 'bw-08', category: 'selection', message: 'gripper plus part is 12 oz, reach 500 mm, small assembly', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 0.34, reachMm: 500 } },
  { id: 'bw-09', category: 'selection', message: 'A robot for 15 kg boxes, 1.7 m reach, max 1800 mm reach because of the fence, not ABB', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 15, reachMm: 1700, maxReachMm: 1800, excludedManufacturers: ['ABB'] } },
  { id: 'bw-10', category: 'selection', message: '7-axis robot for 3 kg parts, 800 mm reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 3, reachMm: 800, dof: 7 } },
  // Follow-ups about the robot(s) in view: detail page, compare page, conversation, ROI page.
  { id: 'ctx-01', category: 'general', message: 'What payload can it carry?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Universal Robots UR10e', 'Payload: 12.5 kg', 'parts up to about 10.4 kg'] },
  { id: 'ctx-02', category: 'general', message: "What's its reach?", context: detail, pageRobotModel: 'UR10e', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Reach: 1,300 mm'] },
  { id: 'ctx-03', category: 'general', message: 'How precise is this robot?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Repeatability: ±0.05 mm'] },
  { id: 'ctx-04', category: 'general', message: "What's the repeatability of this one?", context: detail, pageRobotModel: 'CRX-10iA', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Repeatability: not published in the datasheet we hold'], rejectText: ['±'] },
  { id: 'ctx-05', category: 'general', message: 'How many axes does that model have?', context: detail, pageRobotModel: 'M-20iD/25', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Axes: 6'] },
  { id: 'ctx-06', category: 'general', message: 'How much does it weigh?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Arm weight: 33.5 kg'] },
  { id: 'ctx-07', category: 'general', message: 'How heavy is it?', context: detail, pageRobotModel: 'IRB 1200-7/0.7', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Arm weight: not published in the datasheet we hold'] },
  { id: 'ctx-08', category: 'general', message: 'How much does this robot cost?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'general', expectState: 'solution_providing', expectText: ['$45,000–$55,000', 'not a quote'] },
  { id: 'ctx-09', category: 'general', message: 'What IP rating does it have?', context: detail, pageRobotModel: 'GP25', expectIntent: 'general', expectState: 'solution_providing', expectText: ['IP (ingress protection) rating: not published in the datasheet we hold', "won't guess"], rejectText: ['IP54', 'IP67'] },
  { id: 'ctx-10', category: 'general', message: 'Can it be mounted on the ceiling?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Mounting options: floor, ceiling, wall, angle (source: Universal Robots e-Series'] },
  { id: 'ctx-11', category: 'general', message: 'Which controller does this robot use?', context: detail, pageRobotModel: 'T3-B401S', expectIntent: 'general', expectState: 'solution_providing', expectText: ['controller built into the base'] },
  { id: 'ctx-12', category: 'general', message: 'Who makes it and what is it used for?', context: detail, pageRobotModel: 'M-20iD/25', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Maker: FANUC', 'Applications its maker lists:'] },
  { id: 'ctx-13', category: 'general', message: 'Where do these figures come from?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Source of the figures: Universal Robots UR10e technical specifications'] },
  { id: 'ctx-14', category: 'selection', message: 'Is it good for palletizing?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'robot_selection', expectState: 'solution_providing', expectText: ['Application: listed for palletizing', 'Payload 12.5 kg'] },
  { id: 'ctx-15', category: 'selection', message: 'Can it lift 25 kg?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 25 }, expectText: ['does not fully fit', 'not enough for the 30 kg needed'] },
  { id: 'ctx-16', category: 'selection', message: 'Can this one handle 8 kg parts?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'robot_selection', expectState: 'solution_providing', expectText: ['Yes, the Universal Robots UR10e fits', 'covers the 9.6 kg needed'] },
  { id: 'ctx-17', category: 'selection', message: 'Show me alternatives', context: detail, pageRobotModel: 'UR10e', expectIntent: 'robot_selection', expectState: 'solution_providing', expectText: ['similar to the Universal Robots UR10e'] },
  { id: 'ctx-18', category: 'comparison', message: 'How does it compare to the TM12?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'comparison', expectState: 'solution_providing', compare: ['UR10e', 'TM12'] },
  {
    id: 'ctx-19',
    category: 'selection',
    message: 'I need a robot for welding 10 kg parts',
    context: detail,
    pageRobotModel: 'UR10e',
    expectIntent: 'robot_selection',
    expectState: 'solution_providing',
    constraints: { payloadKg: 10, application: 'welding' },
    rejectText: ['UR10e fits', 'UR10e does not fully fit'],
  },
  { id: 'ctx-20', category: 'comparison', message: 'Which has the longest reach?', context: { page: 'compare' }, compareRobotModels: comparePage, expectIntent: 'comparison', expectState: 'solution_providing', expectText: ['Universal Robots UR10e has the longest reach: 1,300 mm', 'FANUC CRX-10iA: 1,249 mm'] },
  { id: 'ctx-21', category: 'comparison', message: 'Which one is the cheapest?', context: { page: 'compare' }, compareRobotModels: comparePage, expectIntent: 'comparison', expectState: 'solution_providing', expectText: ['ABB IRB 1200-7/0.7 has the lowest indicative price'] },
  { id: 'ctx-22', category: 'comparison', message: 'What do they weigh?', context: { page: 'compare' }, compareRobotModels: comparePage, expectIntent: 'comparison', expectState: 'solution_providing', expectText: ['UR10e 33.5 kg', 'CRX-10iA 40 kg', 'IRB 1200-7/0.7 not published'] },
  { id: 'ctx-23', category: 'comparison', message: 'compare them', context: { page: 'compare' }, compareRobotModels: comparePage, expectIntent: 'comparison', expectState: 'solution_providing', compare: comparePage },
  { id: 'ctx-24', category: 'comparison', message: 'What payload can they carry?', history: recommendedThree, expectIntent: 'comparison', expectState: 'solution_providing', expectText: ['M1013 10 kg', 'CZ10 10 kg', 'CRX-10iA/L 10 kg'] },
  { id: 'ctx-25', category: 'general', message: "What's the reach of the second one?", history: recommendedThree, expectIntent: 'general', expectState: 'solution_providing', expectText: ['Nachi CZ10', 'Reach: 1,300 mm'] },
  { id: 'ctx-26', category: 'selection', message: 'Is the FANUC one good for palletizing?', history: recommendedThree, expectIntent: 'robot_selection', expectState: 'solution_providing', expectText: ['FANUC CRX-10iA/L fits', 'Application: listed for palletizing'] },
  { id: 'ctx-27', category: 'comparison', message: 'Which of them is cheapest?', history: recommendedThree, expectIntent: 'comparison', expectState: 'solution_providing', expectText: ['share the lowest indicative price: $35,000–$45,000'] },
  { id: 'ctx-28', category: 'selection', message: 'Any alternatives?', history: recommendedThree, expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 8, reachMm: 1200, application: 'machine-tending' }, expectText: ['besides the M1013, CZ10 and CRX-10iA/L'] },
  { id: 'ctx-29', category: 'selection', message: 'what about 12 kg parts with 1.5 m reach?', history: recommendedThree, expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 12, reachMm: 1500, application: 'machine-tending' } },
  { id: 'ctx-30', category: 'general', message: 'What IP rating does it have?', history: describedUr10e, expectIntent: 'general', expectState: 'solution_providing', expectText: ['Universal Robots UR10e', 'IP (ingress protection) rating: IP54 (source:'] },
  { id: 'ctx-31', category: 'selection', message: 'Can it lift 10 kg?', history: describedUr10e, expectIntent: 'robot_selection', expectState: 'solution_providing', expectText: ['UR10e fits', 'covers the 12 kg needed'] },
  { id: 'ctx-32', category: 'general', message: 'What payload can it carry?', expectIntent: 'general', expectState: 'gathering_info', expectText: ['Which robot do you mean?'] },
  { id: 'ctx-33', category: 'roi', message: 'What is my payback?', context: { page: 'roi_calculator', roiData: roiFigures }, expectIntent: 'roi', expectState: 'solution_providing', expectText: ['Your payback is about 18.5 months'] },
  { id: 'ctx-34', category: 'roi', message: "What's the NPV?", context: { page: 'roi_calculator', roiData: roiFigures }, expectIntent: 'roi', expectState: 'solution_providing', expectText: ['Your NPV is $120,000 over 5 years'] },
  { id: 'ctx-35', category: 'roi', message: 'What is my IRR?', context: { page: 'roi_calculator', roiData: roiFigures }, expectIntent: 'roi', expectState: 'solution_providing', expectText: ['Your IRR is 58.1%'] },
  { id: 'ctx-36', category: 'roi', message: 'What is my payback?', context: { page: 'roi_calculator', roiData: roiNever }, expectIntent: 'roi', expectState: 'solution_providing', expectText: ['never pays back', '-$3,000'], rejectText: ['excellent payback', 'good payback'] },
  { id: 'ctx-37', category: 'general', message: 'Is it a cobot?', context: detail, pageRobotModel: 'IRB 1200-7/0.7', expectIntent: 'general', expectState: 'solution_providing', expectText: ['No, it is an articulated industrial robot.'] },
  { id: 'ctx-38', category: 'general', message: 'Can it do a 3 s cycle?', context: detail, pageRobotModel: 'UR10e', expectIntent: 'general', expectState: 'solution_providing', expectText: ['Maximum TCP speed: 1,000 mm/s', "supplier's cycle-time study"] },
  { id: 'ctx-39', category: 'selection', message: 'actually the parts are 14 kg', history: plainRecommendedThree, expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 14, reachMm: 1200, application: 'machine-tending' } },
  { id: 'ctx-40', category: 'selection', message: 'and no FANUC', history: plainRecommendedThree, expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 8, reachMm: 1200, application: 'machine-tending', excludedManufacturers: ['FANUC'] } },
  // Maintenance technicians on the makers added to the verified alarm list, and on makers whose codes it does not hold yet.
  { id: 'mt-01', category: 'troubleshooting', message: 'Denso VS-087 shows error 6413 after the weekend shutdown', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Denso', code: '6413', meaning: ['J3', 'encoder', 'batter'] } },
  { id: 'mt-02', category: 'troubleshooting', message: 'RC7M controller: 6411 J1 encoder system down failure, what do I do?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Denso', code: '6411', meaning: ['encoder', 'CALSET'] } },
  { id: 'mt-03', category: 'troubleshooting', message: 'Epson RC800 error 27 safety board main stop signal, cell door is closed', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Epson', code: '27', meaning: ['safety board', 'Note'] } },
  { id: 'mt-04', category: 'troubleshooting', message: 'Kawasaki RS007L stops with E1088 in repeat mode', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: 'E1088' },
  { id: 'mt-05', category: 'troubleshooting', message: 'Stäubli TX2-60 on a CS9: error 0x1A2B when powering the arm', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '0x1A2B' },
  { id: 'mt-06', category: 'troubleshooting', message: 'Omron TM5 cobot shows error code 0x00FF1234 on TMflow', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '0x00FF1234' },
  { id: 'mt-07', category: 'troubleshooting', message: 'Denso alarm 9999 on the teach pendant', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '9999' },
  { id: 'mt-08', category: 'troubleshooting', message: 'Fehler 6412 an unserem Denso Roboter', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Denso', code: '6412', meaning: ['J2', 'encoder'] } },
  // Session 12: an integrator's ROS log on a Kawasaki, a Stäubli pendant code, a made-up Kawasaki code.
  { id: 'mt-09', category: 'troubleshooting', message: 'Our Kawasaki RS007N on ROS 2 will not connect, the log says krnx_Open returned -0x1101', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Kawasaki', code: '-0x1101', meaning: ['another process', 'terminate'] } },
  { id: 'mt-10', category: 'troubleshooting', message: 'Stäubli CS9 shows error 0x2A3F when enabling arm power', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '0x2A3F' },
  { id: 'mt-11', category: 'troubleshooting', message: 'Kawasaki KRNX returned -0x1FFE after the controller update', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '-0x1FFE' },
  // Session 13: a short Stäubli number as the technician types it, an Omron TM code.
  { id: 'mt-12', category: 'troubleshooting', message: 'Staubli CS8C shows runtime error 150', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '150' },
  { id: 'mt-13', category: 'troubleshooting', message: 'Our Omron TM14 cobot shows error 0x00C1A2B3 on the pendant', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '0x00C1A2B3' },
  // Buyers and technicians asking in German and Spanish get the answer in their language (robot names and figures unchanged).
  { id: 'lang-01', category: 'selection', message: 'Wir suchen einen Roboter zum Palettieren von Kartons mit 15 kg, Reichweite 1,8 m, kein ABB', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 15, reachMm: 1800, application: 'palletizing', excludedManufacturers: ['ABB'] }, expectText: ['muss der Roboter mindestens 18 kg tragen', 'Katalogroboter'], rejectText: ['catalog robots that fit'] },
  { id: 'lang-02', category: 'selection', message: 'Necesito un cobot para atornillado, piezas de 2,5 kg, alcance 900 mm', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 2.5, reachMm: 900 }, expectText: ['el robot debe cargar al menos 3 kg', 'del catálogo'], rejectText: ['catalog robots that fit'] },
  { id: 'lang-03', category: 'selection', message: 'Roboter für Gussteile mit 2,5 t', expectIntent: 'robot_selection', expectText: ['Nichts in unserem Katalog passt', 'Traglast: kein Roboter in unserem Katalog trägt 3.000 kg'] },
  { id: 'lang-04', category: 'troubleshooting', message: 'Nuestro Motoman da la alarma 4100 al mover cerca del límite', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Yaskawa', code: '4100', meaning: ['OVERRUN', 'final de carrera'] }, expectText: ['Causas probables:', 'Qué comprobar:'], rejectText: ['limit switch operated'] },
  // Candidates at once while the reach is missing (outside testers' finding): the shortlist in German, then the one detail asked for.
  { id: 'lang-05', category: 'selection', message: 'Ich brauche einen Roboter für Teile mit 6 kg', expectIntent: 'robot_selection', expectState: 'gathering_info', constraints: { payloadKg: 6 }, expectText: ['Für Teile mit 6 kg', 'Nennen Sie mir die Reichweite'], rejectText: ['brauche ich noch'] },
  // Maintenance technicians (issue 12, troubleshooting; written before the fix): a Denso code as the pendant shows it
  // (hexadecimal), the alarm's explanation in German and Spanish, symptoms without a code in the language asked.
  { id: 'tech-01', category: 'troubleshooting', message: 'Denso RC8 error 84A7 on start-up', expectIntent: 'troubleshooting', expectState: 'gathering_info', unknownCode: '84A7', rejectText: ['FANUC', 'ABB'] },
  { id: 'tech-02', category: 'troubleshooting', message: 'Unser FANUC zeigt SRVO-062 BZAL nach dem Wochenende, was tun?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'FANUC', code: 'SRVO-062', meaning: ['Batterie', 'Positionsdaten'] }, expectText: ['Wahrscheinliche Ursachen:'], rejectText: ['The encoder backup batteries are dead'] },
  { id: 'tech-03', category: 'troubleshooting', message: 'Nuestro UR5e se para con el código C157, ¿qué reviso?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'Universal Robots', code: 'C157', meaning: ['colisión'] }, expectText: ['Causas probables:'], rejectText: ['Inspect the area for a collision'] },
  { id: 'tech-04', category: 'troubleshooting', message: 'Unser Roboter ruckelt bei schnellen Bewegungen', expectIntent: 'troubleshooting', expectState: 'gathering_info', expectText: ['Getriebe', 'Welcher Fehlercode'], rejectText: ['start with these checks'] },
  { id: 'tech-05', category: 'troubleshooting', message: 'el robot se para de forma aleatoria durante el turno', expectIntent: 'troubleshooting', expectState: 'gathering_info', expectText: ['historial de alarmas'], rejectText: ['start with these checks'] },
  { id: 'tech-06', category: 'troubleshooting', message: 'KUKA KR C4 meldet "Software limit switch -A3", was bedeutet das?', expectIntent: 'troubleshooting', expectState: 'solution_providing', code: { maker: 'KUKA', code: 'Software limit switch', meaning: ['Software-Endschalter'] }, expectText: ['Wortlaut des Herstellers'] },
  // Outside testers' findings (issue 12), written from the buyer's side before the fixes.
  { id: 'tst-01', category: 'selection', message: 'cobot 10kg', expectIntent: 'robot_selection', expectState: 'gathering_info', constraints: { payloadKg: 10, category: 'collaborative' }, expectText: ['at least 12 kg', 'Tell me the reach'], rejectText: ['I still need'] },
  { id: 'tst-02', category: 'selection', message: 'cobot for 10 kg, budget 30k', expectIntent: 'robot_selection', expectState: 'gathering_info', constraints: { payloadKg: 10, category: 'collaborative', budgetUsd: 30000 }, expectText: ['Nothing in our catalog fits your $30,000 budget', 'cheapest first'] },
  { id: 'tst-03', category: 'selection', message: 'reach between 1 and 1.5 m, 10 kilos', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 10, reachMm: 1000, maxReachMm: 1500 }, expectText: ['1,000–1,500 mm reach'], rejectText: ['does not fully fit', '1,500 mm needed'] },
  { id: 'tst-04', category: 'selection', message: 'welding robot under 30k', expectIntent: 'robot_selection', expectState: 'gathering_info', expectText: ['Nothing in our catalog fits your $30,000 budget', 'indicative $'], rejectText: ['I still need'] },
  { id: 'tst-05', category: 'selection', message: 'anything but UR, cobot, 5 kg parts', expectIntent: 'robot_selection', expectState: 'gathering_info', constraints: { payloadKg: 5, category: 'collaborative', excludedManufacturers: ['Universal Robots'] } },
  { id: 'tst-06', category: 'selection', message: 'Palletizer type, 40 kg sacks, 2 m reach', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 40, reachMm: 2000, category: 'palletizing' } },
  { id: 'tst-07', category: 'selection', message: 'pick a 2 lb part, reach 500 mm', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 0.90718474, reachMm: 500 }, expectText: ['1.09 kg'], rejectText: ['0.907'] },
  { id: 'tst-08', category: 'selection', message: 'I need a 5 kg cobot, max $40,000', expectIntent: 'robot_selection', expectState: 'gathering_info', constraints: { payloadKg: 5, category: 'collaborative', budgetUsd: 40000 } },
  { id: 'tst-10', category: 'comparison', message: 'Welcher hat die größte Reichweite?', compareRobotModels: ['UR10e', 'CRX-10iA', 'M1013'], expectIntent: 'comparison', expectText: ['die größte Reichweite: 1.300 mm', 'Für die Roboter auf Ihrer Vergleichsseite'], rejectText: ['longest reach', 'For the robots'] },
  { id: 'tst-11', category: 'comparison', message: '¿Cuál es el más barato?', compareRobotModels: ['UR10e', 'CRX-10iA', 'M1013'], expectIntent: 'comparison', expectText: ['el precio orientativo más bajo', '35.000'], rejectText: ['lowest indicative price'] },
  { id: 'tst-12', category: 'comparison', message: 'Vergleiche den UR10e mit dem CRX-10iA', expectIntent: 'comparison', compare: ['UR10e', 'CRX-10iA'], expectText: ['im direkten Vergleich', 'Traglast: UR10e 12,5 kg'], rejectText: ['side by side', 'Payload:'] },
  { id: 'tst-13', category: 'comparison', message: 'Compara el UR10e con el CRX-10iA para piezas de 8 kg', expectIntent: 'comparison', compare: ['UR10e', 'CRX-10iA'], expectText: ['lado a lado', 'Frente a su tarea', 'se ajusta'], rejectText: ['Against your task', 'Payload:'] },
  { id: 'tst-09', category: 'selection', message: 'arms with reach from 800 to 1000 mm for 4 kg parts, no ABB', expectIntent: 'robot_selection', expectState: 'solution_providing', constraints: { payloadKg: 4, reachMm: 800, maxReachMm: 1000, excludedManufacturers: ['ABB'] }, expectText: ['800–1,000 mm reach'] },
];
