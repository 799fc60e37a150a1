import { describe, expect, it } from 'vitest';
import { operatedWhiteLabels, ownsWhiteLabel } from './ownsWhiteLabel.ts';

describe('ownsWhiteLabel', () => {
  it('gives platform staff every white-label, a master only its own, anyone else none', () => {
    expect(operatedWhiteLabels({ isAvanco: true, configWhiteLabelId: 1 })).toBe('all');
    expect(ownsWhiteLabel({ isAvanco: true, configWhiteLabelId: 1 }, 2)).toBe(true);
    expect(operatedWhiteLabels({ master: true, configWhiteLabelId: 2 })).toBe(2);
    expect(ownsWhiteLabel({ master: true, configWhiteLabelId: 2 }, 2)).toBe(true);
    expect(ownsWhiteLabel({ master: true, configWhiteLabelId: 2 }, 1)).toBe(false);
    expect(ownsWhiteLabel({ configWhiteLabelId: 2 }, 2)).toBe(false);
    expect(ownsWhiteLabel(null, 2)).toBe(false);
    expect(operatedWhiteLabels(undefined)).toBeNull();
  });
});
