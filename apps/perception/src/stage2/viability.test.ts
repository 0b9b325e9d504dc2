import { describe, expect, it } from 'vitest';
import { buildRobot } from '../test/helpers';
import { deriveTaskRequirements, type TaskRequirements } from './requirements';
import { chooseConfigurations, estimateRobotCycle_s, evaluateRobot } from './viability';

const tenKgTask: TaskRequirements = {
  task_name: 'Load gearbox',
  heaviest_payload_kg: 10,
  payload_kg: 12,
  payloads: ['Gearbox'],
  reach_mm: 872,
  workstations: ['Assembly bench'],
  planar: false,
  min_axes: 6,
  cycle_time_s: null,
  cycle_confidence: null,
  cycle_unchecked: null,
};

describe('evaluateRobot (hand-checked cases for a 10 kg payload)', () => {
  it('a 7 kg robot is not viable: 7 < 12 kg', () => {
    const result = evaluateRobot(buildRobot({ payload_kg: 7, reach_mm: 1300 }), tenKgTask);
    expect(result.is_viable).toBe(false);
    expect(result.reason).toContain('payload 7 kg < 12 kg needed: 10 kg heaviest payload + 20% tool margin');
    expect(result.reason).toContain('Fits: reach 1300 mm ≥ 872 mm needed');
  });

  it('a robot just under part + 20 % is not viable (the tool margin matters); one exactly at it is', () => {
    expect(evaluateRobot(buildRobot({ payload_kg: 11.9, reach_mm: 1300 }), tenKgTask).is_viable).toBe(false);
    expect(evaluateRobot(buildRobot({ payload_kg: 12, reach_mm: 1300 }), tenKgTask).is_viable).toBe(true);
  });

  it('a 20 kg robot with 1300 mm reach is viable', () => {
    const result = evaluateRobot(buildRobot({ payload_kg: 20, reach_mm: 1300 }), tenKgTask);
    expect(result.is_viable).toBe(true);
    expect(result.reason).toBe(
      'Viable: payload 20 kg ≥ 12 kg needed: 10 kg heaviest payload + 20% tool margin; reach 1300 mm ≥ 872 mm needed; 6 axes ≥ 6 needed for general handling. Not checked: cycle time (none measured).',
    );
  });

  it('a 20 kg robot with 800 mm reach is not viable for a 1200 x 800 bench', () => {
    const result = evaluateRobot(buildRobot({ payload_kg: 20, reach_mm: 800 }), tenKgTask);
    expect(result.is_viable).toBe(false);
    expect(result.reason).toContain('reach 800 mm < 872 mm needed');
  });

  it('a 4-axis SCARA fits planar pick-and-place but not general handling', () => {
    const scara = buildRobot({ category: 'scara', dof: 4, payload_kg: 20, reach_mm: 1000 });
    expect(evaluateRobot(scara, tenKgTask).reason).toContain('4 axes < 6 needed for general handling');
    expect(evaluateRobot(scara, { ...tenKgTask, planar: true, min_axes: 4 }).is_viable).toBe(true);
  });

  it('checks the cycle: 2 x 872 mm at 500 mm/s + 1 s = 4.5 s is too slow for a 4.0 s cycle, 1500 mm/s (2.2 s) keeps up', () => {
    const task = { ...tenKgTask, cycle_time_s: 4 };
    expect(estimateRobotCycle_s({ category: 'collaborative' }, 872)).toBeCloseTo(4.488, 3);
    const cobot = evaluateRobot(buildRobot({ category: 'collaborative', payload_kg: 20, reach_mm: 1300 }), task);
    expect(cobot.is_viable).toBe(false);
    expect(cobot.reason).toContain('estimated cycle 4.5 s > 4.0 s observed');
    expect(evaluateRobot(buildRobot({ category: 'articulated', payload_kg: 20, reach_mm: 1300 }), task)).toMatchObject({ is_viable: true, estimated_cycle_s: 2.2 });
  });

  it('is never viable without a confirmed payload weight, and says payload fit was not checked', () => {
    const result = evaluateRobot(buildRobot({ payload_kg: 500 }), { ...tenKgTask, heaviest_payload_kg: null, payload_kg: null });
    expect(result.is_viable).toBe(false);
    expect(result.reason).toMatch(/^Not viable: payload fit not checked: no payload weight is confirmed for this task/);
  });

  it('does not hold a robot to a low-confidence cycle, and says so', () => {
    // a cobot at 4.5 s would miss a 4.0 s cycle, but the cycle was measured with confidence 0.3
    const task = deriveTaskRequirements(
      { activity_name: 'Load gearbox', description: '', cycle_time_s: 4, cycle_confidence: 0.3 },
      [{ name: 'Gearbox', weight_kg: 10 }],
      [{ name: 'Assembly bench', dimensions_mm: [1200, 800] }],
    );
    expect(task.cycle_unchecked).toMatch(/4\.0 s cycle was measured with low confidence \(0\.30 < 0\.5\)/);
    const cobot = evaluateRobot(buildRobot({ category: 'collaborative', payload_kg: 20, reach_mm: 1300 }), task);
    expect(cobot.is_viable).toBe(true);
    expect(cobot.estimated_cycle_s).toBeNull();
    expect(cobot.reason).toContain('Not checked: cycle time (the 4.0 s cycle was measured with low confidence (0.30 < 0.5); confirm or correct it to have it checked).');
    // the same cycle at confidence 0.8 is a limit
    const sure = deriveTaskRequirements({ activity_name: 'Load gearbox', description: '', cycle_time_s: 4, cycle_confidence: 0.8 }, [{ name: 'Gearbox', weight_kg: 10 }], [{ name: 'Assembly bench', dimensions_mm: [1200, 800] }]);
    expect(sure.cycle_unchecked).toBeNull();
    expect(evaluateRobot(buildRobot({ category: 'collaborative', payload_kg: 20, reach_mm: 1300 }), sure).reason).toContain('estimated cycle 4.5 s > 4.0 s observed');
  });
});

describe('chooseConfigurations', () => {
  it('lists the closest-fitting viable robots first, then the misses with fewest failures nearest the payload', () => {
    const robots = [
      buildRobot({ model: 'Big', payload_kg: 50, reach_mm: 2000 }),
      buildRobot({ model: 'Small', payload_kg: 7, reach_mm: 1300 }),
      buildRobot({ model: 'Right', payload_kg: 20, reach_mm: 1300 }),
      buildRobot({ model: 'Short', payload_kg: 20, reach_mm: 700 }),
      buildRobot({ model: 'Almost', payload_kg: 12, reach_mm: 1300 }),
    ];
    const configs = chooseConfigurations(robots, tenKgTask, { viable: 5, notViable: 2 });
    expect(configs.map((c) => [c.robot_model, c.is_viable])).toEqual([
      ['Almost', true],
      ['Right', true],
      ['Big', true],
      ['Small', false],
      ['Short', false],
    ]);
  });
});
