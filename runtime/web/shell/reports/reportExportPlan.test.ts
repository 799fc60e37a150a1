import { describe, expect, it } from 'vitest';
import { type Relatorio, reportExportPlan } from './reportExportPlan.ts';

const record = (id: number, overrides: Partial<Relatorio>): Relatorio => ({
  id,
  descricao: 'Vendas',
  tipo: 'pdf',
  status: 1,
  statusString: 'Finalizado',
  dataInclusao: `2025-01-0${id}T10:00:00.000Z`,
  url: `/api/Relatorios/${id}/arquivo`,
  erro: null,
  ...overrides,
});

describe('reportExportPlan', () => {
  it('starts when nothing of the same kind exists (other format or name do not count)', () => {
    const others = [record(1, { tipo: 'xlsx' }), record(2, { descricao: 'Estoque' })];
    expect(reportExportPlan(others, 'Vendas', 'pdf')).toEqual({ kind: 'start' });
    expect(reportExportPlan([record(3, { status: 2, url: null })], 'Vendas', 'pdf')).toEqual({
      kind: 'start',
    });
  });

  it('reports one of the same kind still processing', () => {
    const processing = record(2, { status: 0, url: null });
    expect(reportExportPlan([record(1, {}), processing], 'Vendas', 'pdf')).toEqual({
      kind: 'processing',
      relatorio: processing,
    });
  });

  it('offers the newest finished one', () => {
    const newest = record(4, {});
    expect(reportExportPlan([record(1, {}), newest, record(2, {})], 'Vendas', 'pdf')).toEqual({
      kind: 'finished',
      relatorio: newest,
    });
  });
});
