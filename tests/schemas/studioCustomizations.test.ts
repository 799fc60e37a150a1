import { beforeAll, describe, expect, it } from 'vitest';
import { resolveTenant } from '../../runtime/core/resolveTenant.ts';
import {
  applyCustomizations,
  tolerantCustomizations,
} from '../../runtime/core/studio/applyCustomizations.ts';
import { describeCustomizationDiff } from '../../runtime/core/studio/describeCustomizationDiff.ts';
import type { SchemaFiles } from '../../runtime/core/validateSchemaSet.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';

/** The studio layer over the real schema set: merge, rules, upgrade tolerance and the Portuguese diff. */
let files: SchemaFiles;
let verde: SchemaFiles;
const FORM = 'schemas/entities/produto/produto.form.json';
const GRID = 'schemas/entities/produto/produto.grid.json';
const ENUM = 'schemas/enums/situacaoLancamento.enum.json';
const MENU = 'schemas/menus/main.menu.json';

beforeAll(async () => {
  files = (await readSchemaFiles()).files;
  verde = resolveTenant(files, 'verde').schemas;
});

describe('applyCustomizations', () => {
  it('applies the studio layer after the white-label files, keeping the file layer', () => {
    const patch = { sections: { identificacao: { fields: { codigo: { label: 'Código interno' } } } } };
    const { schemas, issues } = applyCustomizations(verde, { [FORM]: patch }, files);
    expect(issues).toEqual([]);
    const form = schemas[FORM] as {
      sections: Record<string, { fields: Record<string, { label?: string }> }>;
    };
    expect(form.sections.identificacao?.fields.codigo?.label).toBe('Código interno');
    // The verde file layer (a renamed menu entry) is still there underneath.
    expect(schemas[MENU]).toEqual(verde[MENU]);
    expect(verde[FORM]).not.toBe(schemas[FORM]);
  });

  it('accepts enumeration labels and colours but never a code, a key or their order', () => {
    const base = verde[ENUM] as { values: Array<{ code: number; key: string; label: string }> };
    const relabelled = base.values.map((value) => ({ ...value, label: `${value.label}!`, color: 'purple' }));
    expect(applyCustomizations(verde, { [ENUM]: { values: relabelled } }, files).issues).toEqual([]);
    const reordered = [...relabelled].reverse();
    expect(applyCustomizations(verde, { [ENUM]: { values: reordered } }, files).issues).toEqual([
      expect.objectContaining({ file: ENUM, pointer: '/values' }),
    ]);
  });

  it('names the file, pointer and rule of every problem and applies nothing when one patch is bad', () => {
    const { schemas, issues } = applyCustomizations(
      verde,
      {
        [FORM]: { sections: { identificacao: { fields: { codigo: { label: 'ok' } } } } },
        [GRID]: { columns: 'todas' },
      },
      files,
    );
    expect(issues.map((issue) => [issue.file, issue.pointer])).toEqual([[GRID, '/columns']]);
    expect(issues[0]?.message).toMatch(/\(regra: type\)$/);
    expect(schemas).toBe(verde);
  });
});

describe('tolerantCustomizations (boot after an upgrade)', () => {
  it('keeps the patches that still apply and lists, not drops, the one naming a field that is gone', () => {
    const { schemas, issues } = tolerantCustomizations(
      verde,
      {
        [FORM]: { sections: { identificacao: { fields: { campoRemovido: { label: 'Antigo' } } } } },
        [ENUM]: {
          values: (verde[ENUM] as { values: object[] }).values.map((value) => ({ ...value, color: 'grey' })),
        },
      },
      files,
    );
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((issue) => issue.file === FORM)).toBe(true);
    expect(issues.map((issue) => issue.message).join(' ')).toMatch(/campoRemovido/);
    expect(
      (schemas[ENUM] as { values: Array<{ color: string }> }).values.every((v) => v.color === 'grey'),
    ).toBe(true);
    expect(schemas[FORM]).toEqual(verde[FORM]);
  });
});

describe('describeCustomizationDiff', () => {
  it('describes each changed property in Portuguese, enumeration values by code', () => {
    const values = (verde[ENUM] as { values: Array<{ code: number; label: string }> }).values.map((value) =>
      value.code === 1 ? { ...value, label: 'Quitado' } : value,
    );
    const { schemas } = applyCustomizations(
      verde,
      {
        [ENUM]: { values },
        [FORM]: { sections: { identificacao: { fields: { codigo: { hidden: true, label: 'Cód.' } } } } },
      },
      files,
    );
    const changes = describeCustomizationDiff(verde, schemas, [FORM, ENUM]);
    expect(changes.map((change) => change.descricao)).toEqual([
      'seção identificacao › campo codigo › oculto: (padrão) → sim',
      'seção identificacao › campo codigo › rótulo: (padrão) → "Cód."',
      'valor 1 › rótulo: "Pago" → "Quitado"',
    ]);
    expect(changes.map((change) => change.alvo)).toEqual([
      'formulário produto',
      'formulário produto',
      'enumeração situacaoLancamento',
    ]);
  });
});
