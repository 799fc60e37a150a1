import { describe, expect, it } from 'vitest';
import {
  findReportByRoute,
  type ReportDefinition,
  readReportDefinitions,
  reportFormats,
  reportRoute,
  reportScreenOf,
} from './reportDefinitions.ts';

const definition = (name: string, overrides: Partial<ReportDefinition> = {}): ReportDefinition => ({
  name,
  title: name,
  menu: 'estoque',
  permission: 'RELATORIOS_ESTOQUE',
  source: { entity: 'produto' },
  columns: { descricao: { label: 'Descrição' } },
  ...overrides,
});

describe('readReportDefinitions', () => {
  it('reads the bundle reports by name or path and file-path keys, sorted by title, skipping junk', () => {
    const bundle = {
      menus: {},
      reports: {
        b: definition('b', { title: 'Zeta' }),
        'schemas/reports/a.report.json': definition('a', { title: 'Alfa' }),
        broken: { name: 'x' },
      },
      'schemas/reports/c.report.json': definition('c', { title: 'Média' }),
      'schemas/reports/d.report.json': definition('d', { menu: 'outro' as never }),
    };
    expect(readReportDefinitions(bundle).map((d) => d.name)).toEqual(['a', 'c', 'b']);
    expect(readReportDefinitions({ menus: {} })).toEqual([]);
    expect(readReportDefinitions(null)).toEqual([]);
  });
});

describe('report routes', () => {
  const all = [
    definition('posicao-estoque'),
    definition('movimentacao-estoque'),
    definition('vendas-periodo', { menu: 'vendas' }),
    definition('contas-vencimento', { menu: 'financeiro' }),
    definition('pessoas-lista', { menu: 'pessoas' }),
    definition('curva-abc'),
  ];

  it('names the main report of each menu after the menu (spec 000 §2.5), the others by their name', () => {
    expect(all.map(reportRoute)).toEqual([
      '/pages/relatorios/estoque',
      '/pages/relatorios/movimentacao-estoque',
      '/pages/relatorios/vendas',
      '/pages/relatorios/financeiro',
      '/pages/relatorios/pessoas',
      '/pages/relatorios/curva-abc',
    ]);
  });

  it('finds the report of a route segment, never for the exports page', () => {
    expect(findReportByRoute(all, 'estoque')?.name).toBe('posicao-estoque');
    expect(findReportByRoute(all, 'curva-abc')?.name).toBe('curva-abc');
    expect(findReportByRoute(all, 'posicao-estoque')).toBeUndefined();
    expect(findReportByRoute([definition('exportacoes')], 'exportacoes')).toBeUndefined();
  });

  it('offers the declared formats in pdf, xlsx order, both when none are declared', () => {
    expect(reportFormats(definition('a', { formats: ['xlsx', 'pdf'] }))).toEqual(['pdf', 'xlsx']);
    expect(reportFormats(definition('a', { formats: ['xlsx'] }))).toEqual(['xlsx']);
    expect(reportFormats(definition('a'))).toEqual(['pdf', 'xlsx']);
  });
});

describe('reportScreenOf', () => {
  it('tells report menus and report pages from other routes', () => {
    expect(reportScreenOf('pages/relatorios/estoque/menu')).toEqual({ menu: 'estoque' });
    expect(reportScreenOf('pages/relatorios/movimentacao-estoque')).toEqual({
      segment: 'movimentacao-estoque',
    });
    expect(reportScreenOf('pages/relatorios/exportacoes')).toBeNull();
    expect(reportScreenOf('pages/relatorios')).toBeNull();
    expect(reportScreenOf('pages/estoque/produtos')).toBeNull();
    expect(reportScreenOf('pages/relatorios/estoque/outra')).toBeNull();
  });
});
