/**
 * Alarm and error codes of the major robot makers that the built-in assistant explains.
 *
 * Only codes whose meaning is well established are listed; anything else is answered
 * as unknown (the assistant asks for the exact pendant text instead of guessing).
 * Universal Robots titles follow UR's published error-code table (the same table the
 * UR client library ships). KUKA messages are keyed by their message text because the
 * KSS message numbers differ between software versions.
 */

export type ErrorMaker = 'FANUC' | 'ABB' | 'KUKA' | 'Yaskawa' | 'Universal Robots' | 'Epson';

export interface ErrorCodeEntry {
  maker: ErrorMaker;
  /** Canonical code as shown on the pendant: "SRVO-062", "50204", "C204", "4100"; KUKA: message text. */
  code: string;
  title: string;
  /** Controllers or series the code appears on. */
  controllers: string;
  meaning: string;
  causes: string[];
  checks: string[];
  safety: string;
  /** Informational messages are not faults. */
  informational?: boolean;
  /** Universal Robots sub-codes (the "A3" in C204A3). */
  subcodes?: Record<string, string>;
  /** KUKA: message text patterns. */
  patterns?: RegExp[];
}

const LOCKOUT = 'Before anyone enters the cell or opens the controller, stop the robot, press an E-stop and follow your lockout/tagout procedure.';
const FANUC_CTRL = 'FANUC R-30iA / R-30iB controllers, including CRX cobots (R-30iB Mini Plus)';
const ABB_CTRL = 'ABB IRC5 and OmniCore event log';
const UR_CTRL = 'Universal Robots CB3 and e-Series (PolyScope log)';
const YASKAWA_CTRL = 'Yaskawa Motoman DX100 / DX200 / YRC1000 alarms';

const fanuc = (e: Omit<ErrorCodeEntry, 'maker' | 'controllers'>): ErrorCodeEntry => ({ maker: 'FANUC', controllers: FANUC_CTRL, ...e });
const abb = (e: Omit<ErrorCodeEntry, 'maker' | 'controllers'>): ErrorCodeEntry => ({ maker: 'ABB', controllers: ABB_CTRL, ...e });
const ur = (e: Omit<ErrorCodeEntry, 'maker' | 'controllers'>): ErrorCodeEntry => ({ maker: 'Universal Robots', controllers: UR_CTRL, ...e });
const yaskawa = (e: Omit<ErrorCodeEntry, 'maker' | 'controllers'>): ErrorCodeEntry => ({ maker: 'Yaskawa', controllers: YASKAWA_CTRL, ...e });
const kuka = (e: Omit<ErrorCodeEntry, 'maker' | 'controllers'>): ErrorCodeEntry => ({ maker: 'KUKA', controllers: 'KUKA KR C4 / KR C5 (KSS 8.x messages)', ...e });

const URJOINTS = { A0: 'Base joint', A1: 'Shoulder joint', A2: 'Elbow joint', A3: 'Wrist 1 joint', A4: 'Wrist 2 joint', A5: 'Wrist 3 joint' };

export const errorCodeEntries: ErrorCodeEntry[] = [
  // FANUC -----------------------------------------------------------------------------
  fanuc({
    code: 'SRVO-001',
    title: 'Operator panel E-stop',
    meaning: 'The emergency stop button on the controller operator panel is pressed, so servo power is off.',
    causes: ['The operator panel E-stop was pressed', 'A faulty E-stop contact or wiring on the operator panel'],
    checks: ['Find out why it was pressed and make sure the cell is clear', 'Twist to release the operator panel E-stop, then press RESET', 'If it stays with the button released, check the E-stop contacts and panel wiring'],
    safety: 'Never release an E-stop until you know why it was pressed and nobody is inside the working range.',
  }),
  fanuc({
    code: 'SRVO-002',
    title: 'Teach pendant E-stop',
    meaning: 'The emergency stop button on the teach pendant is pressed.',
    causes: ['The teach pendant E-stop was pressed', 'A damaged teach pendant cable or E-stop contact'],
    checks: ['Release the teach pendant E-stop and press RESET', 'If it persists, inspect the teach pendant cable and connector for damage'],
    safety: 'Make sure nobody is inside the working range before resetting.',
  }),
  fanuc({
    code: 'SRVO-003',
    title: 'Deadman switch released',
    meaning: 'The teach pendant is enabled (TP ON) and the deadman (enabling) switch was released.',
    causes: ['The deadman switch was let go (or squeezed too hard) while the pendant was enabled', 'The pendant was left enabled while trying to run in AUTO', 'A faulty deadman switch'],
    checks: ['Hold the deadman switch in its middle position while jogging and press RESET', 'To run from a PLC or in AUTO, turn the teach pendant enable switch OFF', 'If the alarm persists with the switch held, have the deadman switch checked'],
    safety: 'The deadman is a safety device: never bypass or tape it.',
  }),
  fanuc({
    code: 'SRVO-004',
    title: 'Fence open',
    meaning: 'The safety fence circuit (FENCE) is open while the controller is in AUTO mode.',
    causes: ['A cell door or gate is open', 'A faulty interlock switch or wiring', 'The fence input is not wired or jumpered on a new installation'],
    checks: ['Close the cell door and press RESET', 'Check the interlock switch and the fence wiring on the E-stop board/terminal', 'Confirm the mode selector is where you expect (AUTO needs the fence closed)'],
    safety: 'Do not jumper the fence input to get running; find the open contact.',
  }),
  fanuc({
    code: 'SRVO-005',
    title: 'Robot overtravel',
    meaning: 'An axis hit its hardware overtravel limit switch.',
    causes: ['A program point or jog beyond the axis stroke', 'Lost mastering, so the robot is not where the controller thinks', 'A faulty limit switch or cable'],
    checks: ['Use the overtravel release (hold SHIFT and press RESET) and jog the axis away in JOINT mode at low speed', 'Find out why it overtravelled: check the taught points and the mastering', 'Inspect the limit switch and its cable'],
    safety: 'Jog slowly after an overtravel: the robot is at the edge of its envelope and may be near fixtures.',
  }),
  fanuc({
    code: 'SRVO-006',
    title: 'Hand broken',
    meaning: 'The hand broken (HBK) signal from the end effector or breakaway sensor is open.',
    causes: ['The tool collided and the breakaway sensor tripped', 'A broken wire at the end-effector connector', 'Hand broken detection enabled without a sensor fitted'],
    checks: ['Inspect the tool and breakaway sensor for damage', 'Hold SHIFT and press RESET to jog clear', 'Check the HBK wiring and whether hand broken detection should be enabled'],
    safety: 'After a tool collision, check the tool mounting and the part before restarting.',
  }),
  fanuc({
    code: 'SRVO-007',
    title: 'External emergency stops',
    meaning: 'An external emergency stop input (from the cell, PLC or safety relay) is open.',
    causes: ['An E-stop elsewhere in the cell was pressed', 'The PLC or safety relay dropped the E-stop output', 'Wiring fault or missing jumper on the external E-stop terminals'],
    checks: ['Release every E-stop in the cell and reset the safety relay or PLC', 'Check the external E-stop wiring on the E-stop board terminals', 'Press RESET on the pendant'],
    safety: 'Find out which device opened the circuit before resetting.',
  }),
  fanuc({
    code: 'SRVO-021',
    title: 'SRDY off',
    meaning: 'The servo amplifier ready signal (SRDY) went off although there was no E-stop: servo power was lost.',
    causes: ['A momentary supply voltage dip', 'A loose connection at the servo amplifier or E-stop unit', 'A failing servo amplifier or E-stop unit'],
    checks: ['Look at the alarm history for alarms logged at the same time', 'Check the incoming supply for dips', 'Check the amplifier and E-stop unit connectors'],
    safety: LOCKOUT,
  }),
  fanuc({
    code: 'SRVO-023',
    title: 'Stop error excess',
    meaning: 'When the robot stopped, the servo position error (following error) of an axis exceeded its limit.',
    causes: ['The real payload is heavier than the payload setting', 'The axis is blocked or its brake does not release', 'A motor power cable or connector problem', 'Mechanical binding'],
    checks: ['Compare the payload schedule with the real tool plus part', 'Check that the brake releases and nothing blocks the axis', 'Inspect the motor power cable and connectors of the named axis'],
    safety: 'If the axis sags or the brake is suspect, support the arm before working near it.',
  }),
  fanuc({
    code: 'SRVO-024',
    title: 'Move error excess',
    meaning: 'During motion the servo position error of an axis exceeded its limit.',
    causes: ['Payload heavier than set', 'Too aggressive acceleration for the load', 'A brake dragging or mechanical binding', 'Motor cable or amplifier problem'],
    checks: ['Verify the payload setting', 'Lower the speed override and retest', 'Check the brake and the motor cable of the named axis'],
    safety: LOCKOUT,
  }),
  fanuc({
    code: 'SRVO-037',
    title: 'IMSTP input',
    meaning: 'The *IMSTP (immediate stop) UOP input from the PLC is off.',
    causes: ['The PLC turned off UI[1] *IMSTP', 'UOP signals are enabled but no PLC drives them', 'A broken I/O link'],
    checks: ['Check UI[1] on the UOP I/O screen', 'Check the PLC program and the I/O connection', 'If no PLC controls the robot, ask your integrator whether UOP signals should be enabled'],
    safety: 'The PLC may be stopping the robot for a reason: check the cell before restarting.',
  }),
  fanuc({
    code: 'SRVO-038',
    title: 'Pulse mismatch',
    meaning: 'The encoder pulse count at power-on differs from the count saved at power-off: the axis moved while the controller was off.',
    causes: ['The arm was moved with the brakes released while powered off', 'A motor or pulsecoder was replaced', 'A pulsecoder fault'],
    checks: ['Check the robot position against the witness marks', 'Re-master the axis if the position is wrong', 'Clear the pulsecoder alarm and cycle power'],
    safety: 'Until the position is verified, jog at low speed: programmed points may be offset.',
  }),
  fanuc({
    code: 'SRVO-045',
    title: 'HCAL alarm',
    meaning: 'High current alarm: abnormally high current was detected in a servo amplifier.',
    causes: ['A short circuit in the motor power cable', 'A motor winding fault', 'A servo amplifier fault', 'A hard collision'],
    checks: ['With power locked out, inspect and insulation-test the motor power cable and motor', 'Look for damage at the cable flex points', 'If cable and motor test good, suspect the amplifier'],
    safety: `${LOCKOUT} Amplifier capacitors keep a dangerous charge after power-off.`,
  }),
  fanuc({
    code: 'SRVO-046',
    title: 'OVC alarm',
    meaning: 'Overcurrent alarm: the average motor current stayed above its rating for too long (thermal overload).',
    causes: ['Payload heavier than set, or wrong centre of gravity', 'Too demanding motion (high acceleration, no rest)', 'A dragging brake or mechanical binding', 'High ambient temperature'],
    checks: ['Verify the payload setting', 'Reduce acceleration or add dwell time', 'Check that the brake fully releases and the axis turns freely'],
    safety: 'Motors and gearboxes may be hot; let them cool before touching.',
  }),
  fanuc({
    code: 'SRVO-050',
    title: 'Collision Detect alarm',
    meaning: 'The disturbance torque on an axis exceeded the collision detection threshold (a collision or an unexpected load).',
    causes: ['A real collision with a part, fixture or person', 'A wrong payload setting (mass or centre of gravity)', 'Cable dress pulling on the arm', 'Collision sensitivity set too tight'],
    checks: ['Inspect the tool, arm and fixtures for a collision', 'Verify the payload schedule matches the tool and part (on CRX, re-run payload identification)', 'Check the cable dress, then resume at low override', 'Adjust the collision sensitivity only after the payload is confirmed'],
    safety: 'After a collision, inspect the tool and arm before restarting and approach the point at low speed.',
  }),
  fanuc({
    code: 'SRVO-062',
    title: 'BZAL alarm',
    meaning: 'Battery zero alarm: the pulsecoder (absolute encoder) backup battery voltage fell to zero, so the absolute position data of the axis is lost.',
    causes: ['The encoder backup batteries are dead', 'The batteries were changed with the controller powered off', 'A broken battery cable or connector'],
    checks: ['Replace the encoder batteries in the robot base with the controller powered on', 'Clear the pulsecoder alarm (RES_PCA on the MASTER/CAL screen) and cycle power', 'Re-master the robot (zero position, quick or single-axis mastering)'],
    safety: 'FANUC encoder batteries are changed with controller power on and the E-stop pressed. Until re-mastered, positions are wrong: jog slowly.',
  }),
  fanuc({
    code: 'SRVO-063',
    title: 'RCAL alarm',
    meaning: 'Rotation counter alarm: the rotation counter in the pulsecoder is abnormal.',
    causes: ['Electrical noise on the encoder line', 'A pulsecoder fault', 'Follow-on from a battery loss'],
    checks: ['Clear the pulsecoder alarm and cycle power', 'Re-master if the position is wrong', 'If it returns, check the encoder cable and replace the pulsecoder'],
    safety: 'Verify the robot position before running programs.',
  }),
  fanuc({
    code: 'SRVO-064',
    title: 'PHAL alarm',
    meaning: 'Phase alarm: the pulsecoder signal phase is abnormal.',
    causes: ['A pulsecoder fault', 'Noise or a damaged encoder cable'],
    checks: ['Check the encoder cable, shielding and connectors', 'Replace the pulsecoder if it persists'],
    safety: LOCKOUT,
  }),
  fanuc({
    code: 'SRVO-065',
    title: 'BLAL alarm',
    meaning: 'Battery low alarm: the pulsecoder backup battery voltage is below the warning level (position data is still kept).',
    causes: ['The encoder backup batteries are near the end of their life'],
    checks: ['Replace the encoder batteries soon, with the controller powered on', 'Do it before the controller is switched off for a long time, or it becomes SRVO-062 BZAL'],
    safety: 'Change encoder batteries with controller power on and the E-stop pressed.',
  }),
  fanuc({
    code: 'SRVO-068',
    title: 'DTERR alarm',
    meaning: 'Data error: the controller requested data from the serial pulsecoder but none came back.',
    causes: ['A disconnected or broken encoder cable', 'A loose connector (often at the flex points or an external axis)', 'Noise', 'A pulsecoder failure'],
    checks: ['Check the pulsecoder cable and connectors of the named axis', 'Check the cable shield and grounding', 'Swap or replace the pulsecoder if the cable is fine'],
    safety: LOCKOUT,
  }),
  fanuc({
    code: 'SRVO-069',
    title: 'CRCERR alarm',
    meaning: 'CRC error: the serial pulsecoder data arrived corrupted.',
    causes: ['Electrical noise', 'A damaged encoder cable or poor shield grounding'],
    checks: ['Check the encoder cable routing away from power cables', 'Check the shield and ground connections', 'Inspect the cable at its flex points'],
    safety: LOCKOUT,
  }),
  fanuc({
    code: 'SRVO-075',
    title: 'Pulse not established',
    meaning: "The pulsecoder's absolute position is not established yet (after a battery loss or encoder replacement).",
    causes: ['Follows SRVO-062 BZAL or a pulsecoder replacement'],
    checks: ['Jog the named axis in JOINT mode (a few degrees either way) until the alarm can be reset', 'Then press RESET and check the mastering'],
    safety: 'Jog slowly: the position is not trustworthy yet.',
  }),
  fanuc({
    code: 'SRVO-230',
    title: 'Chain 1 (+24V) abnormal',
    meaning: 'Safety chain failure: one channel of a dual-channel safety signal (E-stop, fence, deadman) did not switch together with the other.',
    causes: ['A dual-channel switch with one contact worn or welded', 'A wiring fault in one channel', 'Slow or partial operation of a safety device'],
    checks: ['Find which safety device was operated when the alarm appeared', 'Check both channels of that device and its wiring', 'After the fix, clear the chain alarm with the chain-failure reset described in the FANUC manual'],
    safety: 'A chain alarm means a safety device is not working as designed: fix it before production.',
  }),
  fanuc({
    code: 'MOTN-017',
    title: 'Limit error',
    meaning: 'A target position or the path to it would move an axis beyond its software stroke limit (the alarm names the group and the axis, axis number in hex).',
    causes: ['A taught point close to a joint limit', 'A linear move that needs a wrist axis (often J6) to wind past its limit', 'A wrong user frame, tool frame or offset'],
    checks: ['Read which axis the alarm names', 'Reteach the point away from the limit or use a joint move', 'Check the configuration/turn numbers and the frame and offset in use'],
    safety: 'Test changed points at low override in T1.',
  }),
  fanuc({
    code: 'MOTN-018',
    title: 'Position not reachable',
    meaning: 'The Cartesian target is outside the robot envelope or cannot be reached with the requested configuration.',
    causes: ['A wrong user frame or tool frame number', 'A position register or offset with bad values', 'The point is simply out of reach'],
    checks: ['Check the active UFRAME/UTOOL', 'Check position registers and offsets used by the move', 'Reteach the point'],
    safety: 'Test changed points at low override in T1.',
  }),
  fanuc({
    code: 'MOTN-023',
    title: 'In singularity',
    meaning: 'A linear or circular move passes through or near a wrist singularity (J5 close to 0 degrees).',
    causes: ['A taught path where J4 and J6 line up', 'Tool orientation that forces J5 through zero'],
    checks: ['Reteach the points with J5 away from zero', 'Use a joint move for that segment', 'Use the wrist joint (Wjnt) motion option if available'],
    safety: 'Near a singularity, wrist axes can spin fast: keep clear and test at low override.',
  }),
  fanuc({
    code: 'SYST-026',
    title: 'System normal power up',
    informational: true,
    meaning: 'Informational: the controller completed a normal power-up. It is not a fault.',
    causes: ['The controller was switched on or restarted'],
    checks: ['Nothing to fix; if restarts are unexpected, look for power interruptions in the alarm history'],
    safety: 'No action needed for this message.',
  }),
  fanuc({
    code: 'INTP-105',
    title: 'Run request failed',
    meaning: 'A program could not be started; the reason is in the cause code shown under the alarm.',
    causes: ['The teach pendant is enabled while starting from AUTO', 'Another program holds the motion group or is paused', 'Missing UOP/remote start conditions'],
    checks: ['Open the alarm detail in the alarm history to read the cause code', 'Turn the teach pendant OFF for AUTO starts', 'Abort paused programs and check the UOP enable signals'],
    safety: 'Check the cell is clear before starting from remote.',
  }),

  // ABB -------------------------------------------------------------------------------
  abb({
    code: '10010',
    title: 'Motors OFF state',
    informational: true,
    meaning: 'Informational: the system is in the Motors OFF state.',
    causes: ['Normal state change'],
    checks: ['Nothing to fix; press Motors ON (automatic) or the enabling device (manual) to run'],
    safety: 'No action needed for this message.',
  }),
  abb({
    code: '10011',
    title: 'Motors ON state',
    informational: true,
    meaning: 'Informational: the system is in the Motors ON state.',
    causes: ['Normal state change'],
    checks: ['Nothing to fix'],
    safety: 'Motors ON means the robot may move: stay out of the working range.',
  }),
  abb({
    code: '10012',
    title: 'Safety guard stop state',
    meaning: 'The system is in guard stop: a protective stop circuit (general or automatic stop) is open.',
    causes: ['A cell door, light curtain or safety mat opened the stop circuit', 'The safety PLC or relay dropped the signal', 'A wiring fault in the GS/AS circuit'],
    checks: ['Close or reset the safeguard', 'Check the safety PLC or relay', 'Check the stop-circuit inputs on the controller safety board'],
    safety: 'Do not bridge stop circuits to get running.',
  }),
  abb({
    code: '10013',
    title: 'Emergency stop state',
    meaning: 'The emergency stop circuit is broken.',
    causes: ['An E-stop button was pressed', 'An external E-stop device opened the circuit'],
    checks: ['Release the E-stop', 'Reset the emergency stop on the controller and switch Motors ON'],
    safety: 'Find out why the E-stop was pressed before resetting.',
  }),
  abb({
    code: '10015',
    title: 'Manual mode selected',
    informational: true,
    meaning: 'Informational: the operating mode was switched to manual reduced speed.',
    causes: ['The mode selector was turned'],
    checks: ['Nothing to fix'],
    safety: 'No action needed for this message.',
  }),
  abb({
    code: '10016',
    title: 'Automatic mode requested',
    informational: true,
    meaning: 'Informational: automatic mode was requested and must be confirmed on the FlexPendant.',
    causes: ['The mode selector was turned to automatic'],
    checks: ['Confirm automatic mode on the FlexPendant'],
    safety: 'Make sure the cell is clear before confirming automatic mode.',
  }),
  abb({
    code: '10017',
    title: 'Automatic mode confirmed',
    informational: true,
    meaning: 'Informational: automatic mode was confirmed.',
    causes: ['Automatic mode confirmed on the FlexPendant'],
    checks: ['Nothing to fix'],
    safety: 'The robot may now run at full speed.',
  }),
  abb({
    code: '20010',
    title: 'Emergency stop state',
    meaning: 'An attempt was made to operate the robot while the emergency stop circuit was still broken; the operation was refused.',
    causes: ['An E-stop is still pressed or not reset', 'An external E-stop device is open'],
    checks: ['Release all E-stops in the cell', 'Reset the emergency stop on the controller', 'Then switch Motors ON and retry'],
    safety: 'Find out why the E-stop was pressed before resetting.',
  }),
  abb({
    code: '20032',
    title: 'Rev. counter not updated',
    meaning: 'The revolution counter of one or more axes is not updated, so the controller does not know the axis position.',
    causes: ['The SMB backup battery is discharged', 'The SMB or resolver cable was disconnected', 'The arm was moved with the brakes released while powered off'],
    checks: ['Jog each named axis to its calibration (sync) marks', 'Update the revolution counters from the Calibration menu', 'Replace the SMB battery if it is low and check the SMB cable'],
    safety: 'Jog slowly to the marks and check them carefully: a wrong update shifts every programmed position.',
  }),
  abb({
    code: '38103',
    title: 'Lost communication with SMB',
    meaning: 'The axis computer lost communication with the serial measurement board (SMB) in the robot.',
    causes: ['A damaged or loose measurement (SMB) cable between controller and robot base', 'A faulty SMB', 'Electrical noise or grounding issues'],
    checks: ['Check the SMB cable and both connectors', 'Check grounding and cable routing', 'If it persists, replace the SMB; afterwards update the revolution counters'],
    safety: LOCKOUT,
  }),
  abb({
    code: '38213',
    title: 'Battery charge low',
    meaning: 'The SMB backup battery is running low; when it is empty the revolution counters are lost.',
    causes: ['The SMB battery is near the end of its life'],
    checks: ['Order and replace the SMB battery soon', 'Expect to update revolution counters if the battery ran flat'],
    safety: LOCKOUT,
  }),
  abb({
    code: '50024',
    title: 'Corner path failure',
    meaning: 'A corner zone could not be executed because the next move instruction was not ready in time; the robot stopped at the point instead.',
    causes: ['Too much logic, I/O or wait instructions between move instructions', 'Slow calculations or function calls in the program'],
    checks: ['Move non-motion code before the motion or use a fine point where a stop is intended', 'Remove or shorten waits between zoned moves', 'Check the program line named in the event'],
    safety: 'Test program changes at reduced speed.',
  }),
  abb({
    code: '50026',
    title: 'Close to singularity',
    meaning: 'The robot is too close to a singularity, so the move would need extreme joint speeds.',
    causes: ['Axis 5 near zero (wrist singularity)', 'A target near the robot base axis'],
    checks: ['Change the target orientation or position', 'Use a joint move (MoveAbsJ) for that segment', 'Consider SingArea \\Wrist for the path'],
    safety: 'Near singularities wrist axes can move fast: keep clear.',
  }),
  abb({
    code: '50028',
    title: 'Jog in wrong direction',
    meaning: 'A joint is outside its working range and was jogged further out.',
    causes: ['The axis was moved past its limit', 'Wrong revolution counter or calibration'],
    checks: ['Jog the joint back in the opposite direction into its range', 'If it happened unexpectedly, check revolution counters and calibration'],
    safety: 'Jog at low speed near joint limits.',
  }),
  abb({
    code: '50050',
    title: 'Position outside reach',
    meaning: 'A programmed position would put one or more joints outside their working range (the target is out of reach).',
    causes: ['A wrong tool (tooldata) or work object (wobjdata) active', 'A target or offset with bad values', 'The point is outside the robot envelope'],
    checks: ['Check which tool and work object the move uses', 'Check the target values and any offsets', 'Reteach the target'],
    safety: 'Test changed targets at reduced speed.',
  }),
  abb({
    code: '50204',
    title: 'Motion supervision',
    meaning: 'Motion supervision (collision detection) triggered: the torque on a joint deviated from the model by more than the supervision level.',
    causes: ['A real collision', 'Wrong load data for the tool or payload', 'Supervision level set too tight', 'External forces (process forces, cables)'],
    checks: ['Inspect the tool, arm and fixtures for a collision', 'Verify tooldata and loaddata (run load identification)', 'Change the supervision level only once the load data is right'],
    safety: 'After a collision, inspect before restarting and approach at reduced speed.',
  }),
  abb({
    code: '50296',
    title: 'SMB memory data difference',
    meaning: 'The data stored in the robot SMB memory differs from the data in the controller.',
    causes: ['The SMB, the robot or the controller was replaced', 'Calibration data changed on one side only'],
    checks: ['Open the SMB memory view under Calibration', 'Decide which data is correct and update the other side', 'Check the serial number shown matches the robot'],
    safety: 'Wrong calibration data shifts positions: verify before running.',
  }),

  // Universal Robots -----------------------------------------------------------------
  ur({
    code: 'C4',
    title: 'Communication issue',
    meaning: 'Communication with a board or joint was lost; the sub-code names which (for example C4A12 to C4A17 are joints 0 to 5, C4A18 the tool).',
    causes: ['A loose or damaged base cable or connector', 'A faulty joint board', 'Electrical noise'],
    checks: ['Read the sub-code to see which joint or board', 'Check the robot cable connector at the control box and at the base', 'Do a complete rebooting sequence'],
    safety: LOCKOUT,
    subcodes: { A12: 'Communication with joint 0 lost', A13: 'Communication with joint 1 lost', A14: 'Communication with joint 2 lost', A15: 'Communication with joint 3 lost', A16: 'Communication with joint 4 lost', A17: 'Communication with joint 5 lost', A18: 'Communication with tool lost' },
  }),
  ur({
    code: 'C50',
    title: 'Robot powerup issue',
    meaning: 'The robot arm power-up sequence failed.',
    causes: ['A1: voltage detected at the 24 V rail before startup', 'A2: voltage present at an unpowered robot', 'A5/A6: 48 V supply voltage too low or too high'],
    checks: ['Read the sub-code in the log', 'Do a complete rebooting sequence', 'Check the power supplies in the control box'],
    safety: LOCKOUT,
    subcodes: { A1: 'Voltage detected at 24V rail before startup', A2: 'Voltage present at unpowered robot', A5: 'Power supply voltage too low', A6: 'Power supply voltage too high' },
  }),
  ur({
    code: 'C75',
    title: 'Joint encoder error',
    meaning: 'A joint encoder reported an error (for example an invalid decode, supply voltage or temperature out of range).',
    causes: ['Readhead misalignment, a damaged encoder ring or an external magnetic field', 'Encoder supply voltage out of range', 'Encoder temperature out of range'],
    checks: ['Note which joint and sub-code', 'Keep strong magnets away from the joint', 'Re-seat the joint encoder connector per UR guidance; replace the joint if it persists'],
    safety: LOCKOUT,
    subcodes: { A1: 'Invalid decode: readhead misalignment, ring damaged or external magnetic field present', A2: 'Speed reading is not valid', A4: 'Malfunction or inconsistent calibration detected', A8: 'Supply voltage is out of range', A16: 'Temperature is out of range' },
  }),
  ur({
    code: 'C103',
    title: 'Communication issue with the Safety Control Board',
    meaning: 'The controller lost or could not set up communication with the Safety Control Board.',
    causes: ['A1: connection to the Safety Control Board lost', 'A2: package lost from the Safety Control Board', 'A3: Ethernet connection initialization failed'],
    checks: ['Do a complete rebooting sequence', 'Check the cable between the motherboard and the Safety Control Board', 'Update the software'],
    safety: LOCKOUT,
    subcodes: { A1: 'Connection to Safety Control Board lost', A2: 'Package lost from Safety Control Board', A3: 'Ethernet connection initialization with Safety Control Board failed' },
  }),
  ur({
    code: 'C111',
    title: 'Something is pulling the robot',
    meaning: 'The robot detected an external force pulling on the arm.',
    causes: ['Cables or hoses snagging', 'A person or object pushing the arm', 'Wrong payload setting'],
    checks: ['Check cable dress and hoses', 'Check the payload and centre of gravity in the installation'],
    safety: 'Keep clear while the robot is powered.',
  }),
  ur({
    code: 'C150',
    title: 'Position close to joint limits',
    meaning: 'The robot is close to its joint position limits.',
    causes: ['A waypoint near a joint limit', 'Safety joint limits set tighter than the program needs'],
    checks: ['Move the waypoint away from the limit', 'Review the joint limits in the safety configuration'],
    safety: 'Test changed waypoints at reduced speed.',
  }),
  ur({
    code: 'C153',
    title: 'Position deviates from path',
    meaning: 'Protective stop: a joint could not follow the planned path (the sub-code names the joint, A0 base to A5 wrist 3).',
    causes: ['Wrong payload mass or centre of gravity in the installation', 'A collision or obstruction', 'Too high speed or acceleration for the load', 'A joint or brake problem'],
    checks: ['Check the payload and centre of gravity settings', 'Look for obstructions along the path', 'Reduce speed and acceleration of the move', 'Note which joint the sub-code names'],
    safety: 'Investigate every protective stop before resuming; check the arm and tool for damage.',
    subcodes: URJOINTS,
  }),
  ur({
    code: 'C154',
    title: 'Position in singularity',
    meaning: 'The robot is in (or moving through) a singular position.',
    causes: ['A linear move through a wrist or shoulder singularity'],
    checks: ['Change the waypoint orientation', 'Use a joint move (MoveJ) for that segment'],
    safety: 'Near singularities joints can move fast: keep clear.',
  }),
  ur({
    code: 'C155',
    title: 'Robot cannot maintain its position, check if payload is correct',
    meaning: 'The robot cannot hold its position; the payload setting is probably wrong.',
    causes: ['Payload heavier than set', 'Wrong centre of gravity', 'A brake or joint problem'],
    checks: ['Set the correct payload and centre of gravity', 'Check the tool mounting'],
    safety: 'Support heavy tools before working under the arm.',
  }),
  ur({
    code: 'C157',
    title: 'Collision detected by joint',
    meaning: 'Protective stop: a joint detected a collision (the sub-code names the joint).',
    causes: ['A real collision', 'Wrong payload or centre of gravity', 'Force limits in the safety configuration set too low for the task'],
    checks: ['Inspect the area for a collision', 'Verify the payload settings', 'Review the safety force/momentum limits with your risk assessment'],
    safety: 'Investigate every protective stop before resuming.',
    subcodes: URJOINTS,
  }),
  ur({
    code: 'C204',
    title: 'Path sanity check failed',
    meaning: 'The controller rejected the motion because the path failed a sanity check; the sub-code says which (A1 sudden change in target position, A2 target position and speed inconsistent, A3 sudden stop, A4 robot did not stop within the allowed reaction and braking time).',
    causes: ['Waypoints or script targets that jump between control cycles', 'Blends that produce an invalid setpoint', 'External motion streaming (servoj/speedj) with gaps'],
    checks: ['Read the sub-code', 'Check variable waypoints and blend radii around the stop', 'For streamed motion, check the command timing'],
    safety: 'Treat as a protective stop: check the robot and tool before resuming.',
    subcodes: {
      A1: 'Sudden change in target position',
      A2: 'Inconsistency between target position and speed',
      A3: 'Sudden stop',
      A4: 'Robot has not stopped in the allowed reaction and braking time',
      A5: 'Robot program resulted in invalid setpoint',
      A6: 'Blending failed and resulted in an invalid setpoint',
    },
  }),
  ur({
    code: 'C309',
    title: 'Keep-Alive System',
    meaning: 'An error in the keep-alive messages exchanged with the Safety Control Board processors.',
    causes: ['Lost or out-of-sequence keep-alive messages', 'Software fault'],
    checks: ['Do a complete rebooting sequence', 'Update the software'],
    safety: LOCKOUT,
  }),

  // Yaskawa ---------------------------------------------------------------------------
  yaskawa({
    code: '4100',
    title: 'OVERRUN (ROBOT)',
    meaning: 'The manipulator overrun (overtravel) limit switch operated.',
    causes: ['An axis moved beyond its stroke', 'Lost position data', 'A faulty limit switch or cable'],
    checks: ['Use the overrun release and jog the axis back at low speed', 'Find out why: taught points and position data', 'Check the limit switch and its wiring'],
    safety: 'Jog slowly after an overrun: the arm is at the edge of its envelope.',
  }),
  yaskawa({
    code: '4107',
    title: 'OUT OF RANGE (ABSO DATA)',
    meaning: 'The absolute encoder data is out of the allowed range compared with the data saved at power-off.',
    causes: ['The arm moved while powered off', 'Encoder battery or encoder problem', 'A motor or encoder was replaced'],
    checks: ['Check the encoder battery', 'Do the position check against the home/second home position', 'Correct the absolute data only after verifying the position'],
    safety: 'Until the position is verified, jog at low speed.',
  }),
  yaskawa({
    code: '4312',
    title: 'ENCODER BATTERY ERROR',
    meaning: 'The encoder backup battery voltage is low.',
    causes: ['The encoder backup battery is near the end of its life', 'A disconnected battery'],
    checks: ['Replace the encoder battery following Yaskawa\'s procedure', 'Check the battery connection'],
    safety: 'Follow the battery replacement procedure exactly to keep the position data.',
  }),
  yaskawa({
    code: '4315',
    title: 'COLLISION DETECT',
    meaning: 'The collision detection function stopped the robot: the estimated disturbance torque exceeded the detection level.',
    causes: ['A real collision', 'Wrong tool load data', 'Detection level set too tight'],
    checks: ['Inspect the tool and fixtures', 'Verify the tool file (mass, centre of gravity)', 'Adjust the detection level only after the load data is right'],
    safety: 'After a collision, inspect before restarting.',
  }),

  // Epson -----------------------------------------------------------------------------
  {
    maker: 'Epson',
    code: '4001',
    title: 'Arm reached the limit of motion range',
    controllers: 'Epson RC+ controllers (RC700, RC90)',
    meaning: 'The arm reached the limit of its motion range during a move.',
    causes: ['A target point outside the range', 'A path (for example a linear move) that passes outside the range', 'Wrong Local, Tool or Arm settings'],
    checks: ['Check the target point and the Local/Tool settings', 'Check the Range settings', 'Reteach the point'],
    safety: 'Test changed points at low power.',
  },

  // KUKA (messages by text) -----------------------------------------------------------
  kuka({
    code: 'Software limit switch',
    title: 'Software limit switch',
    meaning: 'An axis reached its software limit switch (the message names the axis and direction, for example "-A1").',
    causes: ['A taught point or jog beyond the allowed axis range', 'A wrong tool or base', 'Lost mastering'],
    checks: ['Jog the named axis back in the opposite direction', 'Check the taught point, tool and base', 'If it happened unexpectedly, check the mastering'],
    safety: 'Jog at low speed near axis limits.',
    patterns: [/software limit switch/i, /software[- ]endschalter/i],
  }),
  kuka({
    code: 'Operator safety open',
    title: 'Operator safety open',
    meaning: 'The operator safety signal (safeguard such as a safety gate) is open in an automatic mode.',
    causes: ['The safety gate or light curtain is open', 'A wiring or safety PLC fault'],
    checks: ['Close the safeguard', 'Acknowledge the operator safety message', 'Restart the program'],
    safety: 'Never bypass the operator safety input.',
    patterns: [/operator safety/i],
  }),
  kuka({
    code: 'EMERGENCY STOP',
    title: 'EMERGENCY STOP',
    meaning: 'An emergency stop (on the smartPAD or external) was pressed.',
    causes: ['An E-stop button was pressed', 'An external E-stop device opened the circuit'],
    checks: ['Release the E-stop', 'Acknowledge the message', 'Switch the drives on again'],
    safety: 'Find out why the E-stop was pressed before resetting.',
    patterns: [/\b(?:external |local )?e(?:mergency)?[- ]?stop\b/i],
  }),
  kuka({
    code: 'Active commands inhibited',
    title: 'Active commands inhibited',
    meaning: 'The robot cannot execute motion commands because a stop condition is active; another message names the actual cause.',
    causes: ['An E-stop, operator safety or drives-off condition', 'The enabling switch is not pressed in T1/T2'],
    checks: ['Look for the other messages in the message window', 'Clear the underlying cause and acknowledge'],
    safety: 'The underlying stop may be a safety device: check the cell.',
    patterns: [/active commands inhibited/i],
  }),
  kuka({
    code: 'Brake test required',
    title: 'Brake test required',
    meaning: 'The cyclic brake test of the safety option is due.',
    causes: ['The brake test interval has elapsed'],
    checks: ['Run the brake test program', 'Have the brakes checked if the test fails'],
    safety: 'Do not run production with a failed brake test.',
    patterns: [/brake test required/i],
  }),
  kuka({
    code: 'Collision detection',
    title: 'Collision detection',
    meaning: 'Collision detection stopped the robot (the message names the axis).',
    causes: ['A real collision', 'Wrong load data', 'Tolerance set too tight'],
    checks: ['Inspect the tool and fixtures', 'Check the load data', 'Adjust the collision detection tolerance only after the load data is right'],
    safety: 'After a collision, inspect before restarting.',
    patterns: [/collision detection/i],
  }),
];

const byKey = new Map(errorCodeEntries.map((e) => [`${e.maker}|${e.code.toUpperCase()}`, e]));

/** One code of one maker; for Universal Robots the family ("C204") is looked up. */
export function findErrorCode(maker: string, code: string): ErrorCodeEntry | undefined {
  return byKey.get(`${maker}|${code.toUpperCase()}`);
}

/** Makers whose table holds a given bare number (ABB, Yaskawa and Epson all use numbers). */
export function makersForNumber(code: string): ErrorMaker[] {
  return errorCodeEntries.filter((e) => e.code === code).map((e) => e.maker);
}

/** KUKA messages quoted by text. */
export function findKukaMessages(text: string): ErrorCodeEntry[] {
  return errorCodeEntries.filter((e) => e.patterns?.some((p) => p.test(text)));
}
