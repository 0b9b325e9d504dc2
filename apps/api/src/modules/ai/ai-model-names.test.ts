import { describe, expect, it } from 'vitest';
import { seedRobots, type SeedRobot } from '@cellforge/db';
import type { ChatResponse } from '@cellforge/contracts';
import { testBackends } from '../../test/create-test-app';
import { useChatApp } from './chat-test-kit';
import { defined } from '../../test/defined';

/**
 * Issue 12, model names as buyers type them (written from the buyer's side before the
 * code): a real catalog model is found however it is written (lower case, without the
 * hyphen, with or without the maker, "UR 10e", "kr210", "irb6700"), and a name shaped
 * like a maker's model that the catalog does not hold is said to be "not in our catalog",
 * with the three closest real models as links (the same maker first) and never a figure
 * for it, whatever else the question asks (a definition, a fit, a price, a comparison).
 */

const seed = (model: string): SeedRobot => defined(seedRobots.find((r) => r.model === model), `seed robot ${model}`);
const en = (n: number) => n.toLocaleString('en-US');
type Field = 'payload' | 'reach' | 'price';
const figure = (r: SeedRobot, field: Field): string =>
  field === 'payload' ? `${en(r.payloadKg)} kg` : field === 'reach' ? `${en(r.reachMm)} mm` : `$${en(defined(r.priceMinUsd ?? undefined, `${r.model} price`))}`;

// [what the buyer types, the catalog model(s) meant, the field asked]
const realModels: Array<[string, string[], Field]> = [
  ['what is the reach of the ur10e?', ['UR10e'], 'reach'],
  ['UR 10e payload?', ['UR10e'], 'payload'],
  ['ur20 reach', ['UR20'], 'reach'],
  ['kr210 reach', ['KR 210 R2700-2'], 'reach'],
  ['kuka kr 6 r700 z200 reach', ['KR 6 R700 Z200'], 'reach'],
  ['irb6700 payload', ['IRB 6700-200/2.60', 'IRB 6700-150/3.20', 'IRB 6700-300/2.70'], 'payload'],
  ['abb irb 1200 reach', ['IRB 1200-7/0.7', 'IRB 1200-5/0.9'], 'reach'],
  ['abb crb15000 reach', ['CRB 15000-5/0.95', 'CRB 15000-10/1.52', 'CRB 15000-12/1.27'], 'reach'],
  ['payload of the fanuc m20id25', ['M-20iD/25'], 'payload'],
  ['crx 10ia l reach', ['CRX-10iA/L'], 'reach'],
  ['how much can the lr mate 200id lift', ['LR Mate 200iD'], 'payload'],
  ['fanuc m410ic 185 payload', ['M-410iC/185'], 'payload'],
  ['r2000ic 165f reach', ['R-2000iC/165F'], 'reach'],
  ['M-2000iA/2300 payload', ['M-2000iA/2300'], 'payload'],
  ['sr-6ia reach', ['SR-6iA'], 'reach'],
  ['yaskawa gp 25 reach', ['GP25'], 'reach'],
  ['motoman gp180 payload', ['GP180'], 'payload'],
  ['what is the price of the hc10dtp', ['HC10DTP'], 'price'],
  ['kawasaki rs007n reach', ['RS007N'], 'reach'],
  ['kawasaki rs7n reach', ['RS007N'], 'reach'],
  ['staubli tx2 60 reach', ['TX2-60'], 'reach'],
  ['denso vs087 reach', ['VS-087'], 'reach'],
  ['cobotta payload', ['COBOTTA'], 'payload'],
  ['doosan m1013 payload', ['M1013'], 'payload'],
  ['techman tm5 900 reach', ['TM5-900'], 'reach'],
  ['tm 12 payload', ['TM12'], 'payload'],
  ['omron viper 650 payload', ['Viper 650'], 'payload'],
  ['mitsubishi rv7fr reach', ['RV-7FR'], 'reach'],
  ['comau nj 220 payload', ['NJ-220-2.7'], 'payload'],
  ['kuka lbr iiwa 14 payload', ['LBR iiwa 14 R820'], 'payload'],
  ['nachi mz07l payload', ['MZ07L'], 'payload'],
  ['nachi mz4 payload', ['MZ04'], 'payload'],
  ['epson ls6 b602s reach', ['LS6-B602S'], 'reach'],
];

// [what the buyer types, the unknown name as the answer must spell it, the maker whose models come first, a model expected among the closest]
const unknownModels: Array<[string, RegExp, string, string]> = [
  ['what is the reach of the UR50e?', /UR50e/, 'Universal Robots', 'UR30'],
  ['is the Kawasaki RS999X good for welding?', /RS999X/, 'Kawasaki', 'RS080N'],
  ['Tell me the payload of the FANUC M-9000iZ', /M-9000iZ/, 'FANUC', 'M-2000iA/2300'],
  ['kuka kr 9999 payload', /kr 9999/i, 'KUKA', 'KR 1000 titan'],
  ['price of the abb irb 9990', /irb 9990/i, 'ABB', 'IRB 8700-800/3.50'],
  ['crx-99ia reach', /crx-99ia/i, 'FANUC', 'CRX-25iA'],
  ['Yaskawa GP999 price?', /GP999/, 'Yaskawa', 'GP225'],
  ['hc99dtp payload', /hc99dtp/i, 'Yaskawa', 'HC30PL'],
  ['does the TM99 lift 10 kg?', /TM99/, 'Techman Robot', 'TM30S'],
  ['Doosan M9999 reach', /M9999/, 'Doosan Robotics', 'M1509'],
  ['kuka lbr iiwa 99 payload', /lbr iiwa 99/i, 'KUKA', 'LBR iiwa 14 R820'],
  ['Staubli TX2-99 reach', /TX2-99/, 'Stäubli', 'TX2-90'],
  ['nachi mz99 payload', /mz99/i, 'Nachi', 'MZ25'],
  ['datasheet for the Epson T9-B999S please', /T9-B999S/, 'Epson', 'T6-B602S'],
  ['Is the LR Mate 999iD good for assembly?', /LR Mate 999iD/, 'FANUC', 'LR Mate 200iD'],
  ['FANUC M-20iD/99 reach', /M-20iD\/99/, 'FANUC', 'M-20iD/35'],
];

/** Words a buyer writes that look like model names but are not robots. */
const notModels = [
  'Is the FANUC CRX certified to ISO 10218?',
  'Our FANUC R-30iB Plus controller keeps rebooting',
  'Can a UR cobot talk RS485 to my gripper?',
  'Kawasaki robot with RS232 to the PLC, 5 kg, 900 mm',
  'I need an IP67 Kawasaki robot for 10 kg parts, 1 m reach',
  'KUKA KR C4 controller, which robot for 20 kg and 1.6 m?',
  'ABB robot with IRC5, 20 kg, 1.6 m',
  'Yaskawa YRC1000 with a GP25: what is the reach?',
  'FANUC robot, flange with M10 bolts, 10 kg, 1.2 m',
  'Siemens S7-1500 PLC with a FANUC robot, 10 kg, 1 m',
  'Doosan cobot with a Robotiq 2F-85 gripper, 3 kg, 800 mm',
  'Epson SCARA on a 24V supply, 3 kg, 400 mm',
  'UR cobot with a CB3 controller, what payload do I need for 5 kg parts?',
];

describe.each(testBackends)('model names as buyers type them on %s', (backend) => {
  const { chat } = useChatApp(backend);
  const linkNames = (a: ChatResponse) => (a.metadata.robotLinks ?? []).map((l) => l.name);

  it.each(realModels)('"%s" is answered for the catalog model %j', async (message, models, field) => {
    const answer = await chat({ message });
    expect(answer.response).not.toMatch(/not in our catalog/i);
    for (const model of models) {
      const r = seed(model);
      expect(answer.response, model).toContain(model);
      expect(answer.response, `${model} ${field}`).toContain(figure(r, field));
      expect(linkNames(answer)).toContain(`${r.manufacturer} ${r.model}`);
    }
  });

  it.each(unknownModels)('"%s" is not in our catalog, with the closest real models and no figure for it', async (message, name, maker, near) => {
    const answer = await chat({ message });
    const text = answer.response;
    expect(text).toMatch(name);
    expect(text).toMatch(/not in our catalog/i);
    // Not a generic definition, not requirement gathering that drops the name.
    expect(text).not.toMatch(/Reach is the maximum distance|I still need/);
    // No figure on any line that names the unknown model.
    for (const line of text.split('\n').filter((l) => name.test(l))) expect(line).not.toMatch(/\d\s?(kg|mm)\b|\$\d/);
    // The three closest real models, as links, the maker's own first.
    const links = linkNames(answer);
    expect(links).toHaveLength(3);
    expect(defined(links[0]).startsWith(`${maker} `), links.join(', ')).toBe(true);
    const expected = seed(near);
    expect(links).toContain(`${expected.manufacturer} ${expected.model}`);
  });

  it('a comparison of a real and an unknown model answers for the real one and flags the other', async () => {
    const answer = await chat({ message: 'compare the UR10e and the UR50e' });
    const ur10e = seed('UR10e');
    expect(answer.response).toMatch(/UR50e is not in our catalog/);
    expect(answer.response).toContain(figure(ur10e, 'reach'));
    expect(answer.response).toContain(figure(ur10e, 'payload'));
    for (const line of answer.response.split('\n').filter((l) => /UR50e/.test(l))) expect(line).not.toMatch(/\d\s?(kg|mm)\b/);
    expect(linkNames(answer)).toContain('Universal Robots UR10e');
  });

  it('a price question about a real and an unknown model prices the real one and flags the other', async () => {
    const answer = await chat({ message: 'how much does the UR50e cost compared to the UR10e?' });
    expect(answer.response).toMatch(/UR50e is not in our catalog/);
    expect(answer.response).toContain(figure(seed('UR10e'), 'price'));
    for (const line of answer.response.split('\n').filter((l) => /UR50e/.test(l))) expect(line).not.toMatch(/\$\d/);
  });

  it('the payload of a real and an unknown KUKA: the real one answered, the other flagged', async () => {
    const answer = await chat({ message: 'payload of the KR 9999 and the KR 210?' });
    expect(answer.response).toMatch(/KR 9999 is not in our catalog/);
    expect(answer.response).toContain(figure(seed('KR 210 R2700-2'), 'payload'));
  });

  it('a task with an unknown model named still gets its shortlist, with the model flagged', async () => {
    const answer = await chat({ message: 'I need something like the UR50e for 20 kg boxes at 1.5 m reach' });
    expect(answer.response).toMatch(/UR50e is not in our catalog/);
    expect(answer.metadata.userIntent).toBe('robot_selection');
    const names = linkNames(answer);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const r = defined(seedRobots.find((x) => `${x.manufacturer} ${x.model}` === name), name);
      expect(r.payloadKg, name).toBeGreaterThanOrEqual(24);
      expect(r.reachMm, name).toBeGreaterThanOrEqual(1500);
    }
  });

  it.each(notModels)('"%s" is not read as an unknown model', async (message) => {
    const answer = await chat({ message });
    expect(answer.response).not.toMatch(/not in our catalog/i);
  });
});
