import { listingInputSchema } from '@cellforge/contracts';
import { describe, expect, it } from 'vitest';
import { buildRobot } from '@/test/marketplace';
import { robotFormDefaults, splitTags, toRobotInput } from './robot-form';

describe('robot form values', () => {
  it('splits lists into catalog tags: lower case, hyphenated, once each', () => {
    expect(splitTags('Pick and place, Welding; welding\n  Machine  tending ,')).toEqual(['pick-and-place', 'welding', 'machine-tending']);
    expect(splitTags('  ')).toEqual([]);
  });

  it('starts a new robot empty, articulated with 6 axes', () => {
    expect(robotFormDefaults()).toMatchObject({ manufacturer: '', model: '', category: 'articulated', dof: '6', payload_kg: '', applications: '' });
  });

  it('gives back the robot it was filled from, unknown figures as null', () => {
    const robot = buildRobot({ weight_kg: null, price_min_usd: null, price_max_usd: null, datasheet_source: null, applications: ['welding', 'pick-and-place'] });
    const values = robotFormDefaults(robot);
    expect(values).toMatchObject({ payload_kg: '10', weight_kg: '', applications: 'welding, pick-and-place', datasheet_source: '' });
    expect(listingInputSchema.parse(toRobotInput(values))).toEqual({
      manufacturer: robot.manufacturer,
      model: robot.model,
      category: robot.category,
      payload_kg: robot.payload_kg,
      reach_mm: robot.reach_mm,
      dof: robot.dof,
      repeatability_mm: robot.repeatability_mm,
      weight_kg: null,
      price_min_usd: null,
      price_max_usd: null,
      applications: ['welding', 'pick-and-place'],
      industries: robot.industries,
      description: robot.description,
      datasheet_source: null,
      ip_rating: null,
      cleanroom_iso_class: null,
      food_grade: null,
      mounting: null,
      max_speed_mm_s: null,
      environment_source: null,
    });
  });
});
