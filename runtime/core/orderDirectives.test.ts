import { describe, expect, it } from 'vitest';
import { createOrderedPatch } from './createMergePatch.ts';
import { mergePatch } from './mergePatch.ts';
import { applyOrderDirectives } from './orderDirectives.ts';
import { applyOverride } from './validateSchemaSet.ts';

describe('applyOrderDirectives', () => {
  const form = { sections: { a: { fields: { x: {}, y: { label: 'Y' }, z: {} } }, b: { fields: { w: {} } } } };

  it('moves a member to its 1-based position and removes the directive', () => {
    const merged = applyOrderDirectives(
      mergePatch(form, { sections: { a: { fields: { z: { $order: 1 } } } } }),
    );
    expect(merged).toEqual({
      sections: { a: { fields: { z: {}, x: {}, y: { label: 'Y' } } }, b: { fields: { w: {} } } },
    });
    expect(Object.keys((merged as typeof form).sections.a.fields)).toEqual(['z', 'x', 'y']);
  });

  it('moves a field to another section at a position (null removes it from the first)', () => {
    const merged = applyOrderDirectives(
      mergePatch(form, {
        sections: { a: { fields: { y: null } }, b: { fields: { y: { label: 'Y', $order: 1 } } } },
      }),
    ) as { sections: Record<string, { fields: Record<string, unknown> }> };
    expect(Object.keys(merged.sections.a?.fields ?? {})).toEqual(['x', 'z']);
    expect(Object.keys(merged.sections.b?.fields ?? {})).toEqual(['y', 'w']);
  });

  it('orders a full ranking and leaves maps without directives and arrays untouched', () => {
    const merged = applyOrderDirectives({
      columns: { a: { $order: 3 }, b: { $order: 1 }, c: { $order: 2 } },
      list: [{ $order: 2 }],
      plain: { m: 1, n: 2 },
    }) as { columns: object; list: unknown[]; plain: object };
    expect(Object.keys(merged.columns)).toEqual(['b', 'c', 'a']);
    expect(merged.columns).toEqual({ b: {}, c: {}, a: {} });
    expect(merged.plain).toEqual({ m: 1, n: 2 });
    expect(merged.list).toEqual([{ $order: 2 }]);
  });
});

describe('createOrderedPatch', () => {
  const base = {
    entity: 'produto',
    sections: {
      a: { title: 'A', fields: { x: {}, y: { label: 'Y' }, z: {} } },
      b: { title: 'B', fields: { w: {} } },
    },
  };
  const keysOf = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).map(([key, member]) => [key, keysOf(member)])
      : value;

  it.each([
    [
      'a field moved up',
      {
        entity: 'produto',
        sections: { a: { title: 'A', fields: { z: {}, x: {}, y: { label: 'Y' } } }, b: base.sections.b },
      },
    ],
    [
      'a field moved to the top of another section',
      {
        entity: 'produto',
        sections: {
          a: { title: 'A', fields: { x: {}, z: {} } },
          b: { title: 'B', fields: { y: { label: 'Y' }, w: {} } },
        },
      },
    ],
    [
      'sections swapped and a label changed',
      {
        entity: 'produto',
        sections: { b: base.sections.b, a: { title: 'Aa', fields: base.sections.a.fields } },
      },
    ],
    ['nothing changed', base],
  ])('round-trips %s, order included', (_name, target) => {
    const patch = createOrderedPatch(base, target);
    expect(keysOf(applyOverride(base, patch))).toEqual(keysOf(target));
  });

  it('writes no position when only a property changed', () => {
    const target = structuredClone(base);
    target.sections.a.fields.x = { label: 'Xis' } as never;
    expect(createOrderedPatch(base, target)).toEqual({
      sections: { a: { fields: { x: { label: 'Xis' } } } },
    });
  });

  it('keeps the order of new members through jsonb, which sorts an object by key length', () => {
    const base = { name: 'produto', fields: { descricao: { type: 'string' } } };
    const target = {
      ...base,
      customFields: {
        codigoInterno: { type: 'string', label: 'Código interno' },
        cor: { type: 'string', label: 'Cor' },
        garantiaMeses: { type: 'integer', label: 'Garantia' },
      },
    };
    const patch = createOrderedPatch(base, target);
    // What PostgreSQL's jsonb gives back: keys ordered by length, then bytes.
    const asJsonb = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(asJsonb)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1))
                .map(([key, member]) => [key, asJsonb(member)]),
            )
          : value;
    const merged = applyOverride(base, asJsonb(patch)) as typeof target;
    expect(Object.keys(merged.customFields)).toEqual(['codigoInterno', 'cor', 'garantiaMeses']);
  });
});
