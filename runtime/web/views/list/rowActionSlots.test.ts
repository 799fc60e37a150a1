import { describe, expect, it } from 'vitest';
import type { GridRowAction } from './listTypes.ts';
import { maxShownRowActions, rowActionSlots } from './rowActionSlots.ts';

/** A `when` condition (its schema is any JSON Schema; the generated type leaves it opaque). */
const quando = (scope: string, schema: object) => ({ scope, schema }) as unknown as GridRowAction['when'];
const por = (...valores: number[]): GridRowAction => ({
  label: `ação ${valores.join(',')}`,
  action: 'x',
  when: quando('#/properties/situacao', { enum: valores }),
});

describe('maxShownRowActions', () => {
  it('counts the largest set of actions one situação shows, plus the unconditioned ones', () => {
    const acoes = [
      por(0, 3),
      por(5, 6, 7),
      por(1, 2),
      por(1, 2),
      por(1),
      por(1),
      por(1),
      { label: 'sempre', action: 'y' },
    ];
    expect(maxShownRowActions(acoes)).toBe(6);
  });

  it('reads a const like a one-value enum', () => {
    const constante: GridRowAction = {
      label: 'c',
      action: 'x',
      when: quando('#/properties/situacao', { const: 0 }),
    };
    expect(maxShownRowActions([constante, por(0), por(1)])).toBe(2);
  });

  it('counts every action when the conditions are on several fields or not plain values', () => {
    const outro: GridRowAction = {
      label: 'o',
      action: 'x',
      when: quando('#/properties/tipo', { const: 1 }),
    };
    expect(maxShownRowActions([por(0), outro])).toBe(2);
    const faixa: GridRowAction = {
      label: 'f',
      action: 'x',
      when: quando('#/properties/situacao', { minimum: 1 }),
    };
    expect(maxShownRowActions([por(0), faixa])).toBe(2);
    expect(maxShownRowActions([])).toBe(0);
  });
});

describe('rowActionSlots', () => {
  it('keeps every action inline unless the menu saves a button', () => {
    expect(rowActionSlots(6)).toEqual({ buttons: 6, menu: false });
    expect(rowActionSlots(3, 2)).toEqual({ buttons: 3, menu: false });
    expect(rowActionSlots(6, 2)).toEqual({ buttons: 3, menu: true });
  });
});
