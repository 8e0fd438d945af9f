import { describe, expect, it } from 'vitest';
import { pendingControlState } from './pending-actions.ts';

describe('pendingControlState', () => {
  it('leaves every control of a row with nothing pending as it is', () => {
    expect(pendingControlState(undefined, 'plan')).toEqual({
      'aria-busy': false,
      'aria-disabled': false,
      disabled: false,
    });
  });

  it('marks the control that started the action busy, and keeps it focusable', () => {
    expect(pendingControlState({ startedBy: 'block' }, 'block')).toEqual({
      'aria-busy': true,
      'aria-disabled': true,
      disabled: false,
    });
  });

  it("disables the row's other controls outright", () => {
    expect(pendingControlState({ startedBy: 'block' }, 'plan')).toEqual({
      'aria-busy': false,
      'aria-disabled': false,
      disabled: true,
    });
  });
});
