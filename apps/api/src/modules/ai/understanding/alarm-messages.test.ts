/**
 * Alarm messages as maintenance technicians write them (issue: alarms read under the wrong
 * maker). Each row: the message, the maker known from the page or conversation (if any),
 * and what must be read from it: the maker, the code and whether our verified knowledge
 * holds it. `null` maker: no maker can be told, the assistant must ask.
 */
import { describe, expect, it } from 'vitest';
import { answerTroubleshooting } from '../advisor/troubleshooting';
import type { Understanding } from '../advisor/types';
import { extractCodes, lookupCode } from './codes';
import { extractFacts } from './facts';
import { nth } from '../../../test/defined';

interface Row {
  message: string;
  context?: string;
  maker: string | null;
  code: string;
  known: boolean;
}

const table: Row[] = [
  // FANUC
  { message: 'FANUC R-30iB SRVO-062 BZAL alarm', maker: 'FANUC', code: 'SRVO-062', known: true },
  { message: 'R-30iB Plus controller shows MOTN-023', maker: 'FANUC', code: 'MOTN-023', known: true },
  { message: 'alarma SRVO-050 en un robot FANUC', maker: 'FANUC', code: 'SRVO-050', known: true },
  { message: 'Fehler SRVO-065 an der R-30iA', maker: 'FANUC', code: 'SRVO-065', known: true },
  { message: 'My Fanuc shows SRVO-999', maker: 'FANUC', code: 'SRVO-999', known: false },
  { message: 'R-J3iC alarm SRVO-002 on the old line', maker: 'FANUC', code: 'SRVO-002', known: true },
  // KUKA
  { message: "KUKA KR C4 shows 'Software limit switch -A3'", maker: 'KUKA', code: 'Software limit switch', known: true },
  { message: 'our KRC4 says Software limit switch -A3', maker: 'KUKA', code: 'Software limit switch', known: true },
  { message: 'KR C5 message: Software limit switch +A1', maker: 'KUKA', code: 'Software limit switch', known: true },
  { message: 'Software limit switch -A3 on the smartPAD', maker: 'KUKA', code: 'Software limit switch', known: true },
  { message: 'Software limit switch -A3', maker: 'KUKA', code: 'Software limit switch', known: true },
  { message: 'Der KUKA meldet "Active commands inhibited"', maker: 'KUKA', code: 'Active commands inhibited', known: true },
  { message: 'KUKA error 77777', maker: 'KUKA', code: '77777', known: false },
  // Yaskawa
  { message: 'Yaskawa DX200 alarm 4107', maker: 'Yaskawa', code: '4107', known: true },
  { message: 'Yaskawa alarm 77777', maker: 'Yaskawa', code: '77777', known: false },
  { message: 'YRC1000 alarm 4312 after the shutdown', maker: 'Yaskawa', code: '4312', known: true },
  { message: 'FS100 alarm 4100', maker: 'Yaskawa', code: '4100', known: true },
  { message: 'alarma 4100 en el Motoman', maker: 'Yaskawa', code: '4100', known: true },
  { message: 'It stopped with alarm 4315', context: 'Yaskawa', maker: 'Yaskawa', code: '4315', known: true },
  { message: 'Yaskawa 9999 on the pendant', maker: 'Yaskawa', code: '9999', known: false },
  // ABB
  { message: 'ABB IRC5 50204', maker: 'ABB', code: '50204', known: true },
  { message: 'OmniCore shows 10013 Emergency stop state', maker: 'ABB', code: '10013', known: true },
  { message: 'Fehler 50204 an unserer ABB IRC5', maker: 'ABB', code: '50204', known: true },
  { message: 'Error 20032 en el controlador IRC5 de ABB', maker: 'ABB', code: '20032', known: true },
  { message: 'what does 10013 mean', context: 'ABB', maker: 'ABB', code: '10013', known: true },
  { message: 'ABB event 99999', maker: 'ABB', code: '99999', known: false },
  // Universal Robots
  { message: 'UR C204A3 on a UR10e', maker: 'Universal Robots', code: 'C204A3', known: true },
  { message: 'My CB3 shows C153A2', maker: 'Universal Robots', code: 'C153A2', known: true },
  { message: 'e-Series robot stopped with C157', maker: 'Universal Robots', code: 'C157', known: true },
  { message: 'Our UR5e stopped with C4', maker: 'Universal Robots', code: 'C4', known: true },
  // Epson, Denso, Kawasaki: read under their maker, unknown ones said to be unknown
  { message: 'Epson error 5016', maker: 'Epson', code: '5016', known: false },
  { message: 'Epson RC700 error 4001', maker: 'Epson', code: '4001', known: true },
  { message: 'Denso error 0x6003', maker: 'Denso', code: '0x6003', known: false },
  { message: 'Kawasaki E controller shows (E4000)', maker: 'Kawasaki', code: 'E4000', known: false },
  { message: 'Stäubli CS8C error 12345', maker: 'Stäubli', code: '12345', known: false },
  // Kawasaki's KRNX library (its ROS drivers khi_robot / khi_ros2), as the integrator's log shows it
  { message: 'our Kawasaki RS007N ROS driver says krnx_Open returned -0x1100', maker: 'Kawasaki', code: '-0x1100', known: true },
  { message: 'krnx_Open returned -0x1101 when I start the bringup', maker: 'Kawasaki', code: '-0x1101', known: true },
  { message: 'Kawasaki controller, KRNX error 0x2009 on open', maker: 'Kawasaki', code: '0x2009', known: true },
  { message: 'khi_ros2 fails with KRNX_E_OPEN_RTLOGIN', maker: 'Kawasaki', code: '-0x1102', known: true },
  { message: 'Kawasaki KRNX returned -0x1FFE', maker: 'Kawasaki', code: '-0x1FFE', known: false },
  { message: 'Kawasaki E controller shows E6007', maker: 'Kawasaki', code: 'E6007', known: false },
  { message: 'Stäubli CS9 error 0x2A3F on the pendant', maker: 'Stäubli', code: '0x2A3F', known: false },
  { message: 'Techman TM5 TMflow error 0x00008A03', maker: 'Techman Robot', code: '0x00008A03', known: false },
  // Stäubli low numbers after an alarm word (session 13): read under Stäubli, unknown for it
  { message: 'Staubli CS8C shows runtime error 150', maker: 'Stäubli', code: '150', known: false },
  { message: 'Staubli TX2-60L on CS9, error code 12 on the SP2', maker: 'Stäubli', code: '12', known: false },
  { message: 'Fehler 7 am CS9', maker: 'Stäubli', code: '7', known: false },
  { message: 'Epson RC700 error 27 three times today', maker: 'Epson', code: '27', known: true },
  // Entries added from the makers' manuals
  { message: 'R-30iB shows SRVO-027 Robot not mastered', maker: 'FANUC', code: 'SRVO-027', known: true },
  { message: 'SRVO-058 FSSB init error at power up', maker: 'FANUC', code: 'SRVO-058', known: true },
  { message: 'IRC5: 50056 Joint collision on axis 2', maker: 'ABB', code: '50056', known: true },
  { message: 'ABB OmniCore event 20033 Axis not synchronized', maker: 'ABB', code: '20033', known: false },
  { message: 'UR5e protective stop C152A0', maker: 'Universal Robots', code: 'C152A0', known: true },
  { message: 'SRVO-027 Robot not mastered', maker: 'FANUC', code: 'SRVO-027', known: true },
  { message: 'KRC4: Robot not mastered', maker: 'KUKA', code: 'Robot not mastered', known: true },
  { message: 'smartPAD shows Workspace no. 3 violated', maker: 'KUKA', code: 'Workspace violated', known: true },
  { message: 'Block selection: BCO run required in T1/T2', maker: 'KUKA', code: 'Block selection: BCO run required in T1/T2', known: true },
  { message: 'KUKA: Software limit switch point cannot be reached +A2', maker: 'KUKA', code: 'Software limit switch point cannot be reached', known: true },
  { message: 'UR10e C173A2 too high joint torques', maker: 'Universal Robots', code: 'C173A2', known: true },
  { message: 'DX100 alarm 4311 ENCODER BACK-UP ERROR', maker: 'Yaskawa', code: '4311', known: true },
  { message: 'SRVO-372 OPEMG1 status abnormal', maker: 'FANUC', code: 'SRVO-372', known: true },
  { message: 'Der Roboter meldet Software-Endschalter -A3', maker: 'KUKA', code: 'Software limit switch', known: true },
  { message: 'le robot ABB affiche le défaut 50057', maker: 'ABB', code: '50057', known: false },
  { message: 'IRC5 event 10024 Collision triggered', maker: 'ABB', code: '10024', known: true },
  { message: 'UR5e C57A1 after power on', maker: 'Universal Robots', code: 'C57A1', known: true },
  // No maker: the number is read, but nobody's code is assumed
  { message: 'what does 10013 mean', maker: null, code: '10013', known: false },
  { message: 'error 77777 on the pendant', maker: null, code: '77777', known: false },
];

describe('alarm messages from the shop floor', () => {
  it.each(table)('$message -> $maker $code (known: $known)', ({ message, context, maker, code, known }) => {
    const found = extractCodes(message, context);
    expect(found.map((c) => `${c.maker ?? null}:${c.code}`)).toEqual([`${maker}:${code}`]);
    expect(Boolean(lookupCode(nth(found, 0))), 'known').toBe(known);
  });

  it.each([
    '6 axis robot 10 kg',
    'IP67 robot',
    'UR10e',
    'M-20iD/25',
    'KR 210 R2700',
    'I need an IRB 6700 for 200 kg parts',
    'GP25 with 1730 mm reach',
    'Compare the KR C4 and IRC5 controllers',
    'Does the CS8C controller support EtherNet/IP?',
    'Is the R-30iB Plus the same as the R-30iB?',
    'Which robots run on the YRC1000, DX200 or FS100?',
    'Epson T6 vs Denso VS-087',
    'a cobot for the CB3 line, budget 30000 USD',
    'we need 2000 parts per shift',
    'ABB 6700 for 150 kg',
    'Yaskawa robot budget 45000',
    'Epson SCARA 600 mm, 3 kg, budget 20000',
    'We run 3 shifts, 5000 parts a day on our ABB',
    'Denso VS-087 with RC8A',
    'Omron TM12 with 1300 mm reach',
    'Stäubli TX2-60 with an error of 0.02 mm at 150 mm/s',
    'Our Stäubli stops with an error 3 times a day',
    'Epson T6 shows an error 2 times per shift',
  ])('does not read the buyer question "%s" as an alarm', (message) => {
    expect(extractCodes(message)).toEqual([]);
  });
});

/** The troubleshooting answer for a message alone (no catalog robot named). */
function answer(message: string, contextMaker?: string) {
  const facts = extractFacts(message, contextMaker);
  const u = { message, current: facts, facts, models: [], historyModels: [], pageRobot: undefined } as unknown as Understanding;
  return answerTroubleshooting(u);
}

describe('answers to alarm messages', () => {
  it('says an unknown number is unknown for the maker named, never another maker\'s code', () => {
    const a = answer('Yaskawa alarm 77777');
    expect(a.text).toMatch(/77777 is not a Yaskawa alarm code in our verified list/);
    expect(a.text).toMatch(/alarm history/i);
    expect(a.text).not.toMatch(/ABB|FANUC|KUKA|Universal Robots/);
    expect(a.unknownCodes).toEqual(['Yaskawa 77777']);
    expect(a.sources).toEqual([{ manufacturer: 'Yaskawa' }]);
  });

  it('explains a Kawasaki KRNX code from Kawasaki\'s own driver, and keeps an E-code of the pendant unknown', () => {
    const a = answer('Kawasaki RS007L with the ROS 2 driver: krnx_Open returned -0x1100');
    expect(a.text).toMatch(/KRNX_E_OPEN_NETWORK/);
    expect(a.text).toMatch(/port_def\.tbl/);
    expect(a.text).toMatch(/Incorrect IP address|incorrect IP address/);
    expect(a.text).not.toMatch(/FANUC|ABB|Yaskawa|Universal Robots/);
    expect(a.codes.map((c) => c.code)).toEqual(['-0x1100']);

    const pendant = answer('Kawasaki E controller shows E6007');
    expect(pendant.text).toMatch(/E6007 is not a Kawasaki alarm code in our verified list/);
    // The KRNX table is no manual for the controller's own E/P/W codes: it is not cited for them.
    expect(pendant.text).not.toMatch(/khi_ros2|KRNX/);
    expect(pendant.unknownCodes).toEqual(['Kawasaki E6007']);

    // A made-up code of the KRNX shape is unknown for Kawasaki, never another maker's.
    const madeUp = answer('Kawasaki KRNX returned -0x1FFE');
    expect(madeUp.text).toMatch(/-0x1FFE is not a Kawasaki alarm code in our verified list/);
    expect(madeUp.text).not.toMatch(/Denso|Omron|Techman|Stäubli/);
  });

  it('says a Stäubli or Techman code is unknown for that maker (no verified entries yet)', () => {
    const st = answer('Stäubli CS9 error 0x2A3F on the pendant');
    expect(st.text).toMatch(/0x2A3F is not a Stäubli alarm code in our verified list/);
    expect(st.unknownCodes).toEqual(['Stäubli 0x2A3F']);
    const tm = answer('Techman TM5 TMflow error 0x00008A03');
    expect(tm.text).toMatch(/0x00008A03 is not a Techman Robot alarm code in our verified list/);
  });

  it('answers a KUKA message on a KR C4 as KUKA, not as a Universal Robots C4', () => {
    const a = answer("KUKA KR C4 shows 'Software limit switch -A3'");
    expect(a.text).toMatch(/^KUKA message "Software limit switch"/);
    expect(a.text).not.toMatch(/Universal Robots|C4 \(/);
    expect(a.sources[0]?.manufacturer).toBe('KUKA');
  });

  it('asks for the maker when a bare number comes without one', () => {
    const a = answer('what does 10013 mean');
    expect(a.text).toMatch(/Which robot maker and controller/);
    expect(a.text).not.toMatch(/ABB|Emergency stop state/);
  });

  it('names the source manual of a known code', () => {
    const a = answer('ABB IRC5 50204');
    expect(a.text).toMatch(/ABB 50204 \(Motion supervision\)/);
    expect(a.text).toMatch(/Source: .*manual/i);
  });
});
