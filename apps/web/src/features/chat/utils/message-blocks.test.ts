import { describe, expect, it } from 'vitest';
import { toMessageBlocks, toTextRuns } from './message-blocks';

describe('toMessageBlocks', () => {
  it('turns "- " lines into lists and blank lines into paragraph breaks', () => {
    const text = 'Three robots fit:\n- FANUC M-20iD/25: 25 kg\n- ABB IRB 2600: 20 kg\n\nI added 20% for the gripper.\nTell me its weight.\n1. Measure\n2. Check';
    expect(toMessageBlocks(text)).toEqual([
      { kind: 'paragraph', lines: ['Three robots fit:'] },
      { kind: 'list', ordered: false, items: ['FANUC M-20iD/25: 25 kg', 'ABB IRB 2600: 20 kg'] },
      { kind: 'paragraph', lines: ['I added 20% for the gripper.', 'Tell me its weight.'] },
      { kind: 'list', ordered: true, items: ['Measure', 'Check'] },
    ]);
  });

  it('keeps a dash inside a sentence as text', () => {
    expect(toMessageBlocks('Payload - 20 kg')).toEqual([{ kind: 'paragraph', lines: ['Payload - 20 kg'] }]);
  });
});

describe('toTextRuns', () => {
  it('marks **bold** runs', () => {
    expect(toTextRuns('The **UR10e** fits')).toEqual([
      { text: 'The ', bold: false },
      { text: 'UR10e', bold: true },
      { text: ' fits', bold: false },
    ]);
  });
});
