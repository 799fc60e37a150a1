import { describe, expect, it } from 'vitest';
import type { RecordLock } from './documentDefinition.ts';
import { isRecordLocked } from './isRecordLocked.ts';

const lock: RecordLock = {
  when: [{ estoqueLancadoPor: ['notaFiscal'] }, { contasLancadasPor: ['notaFiscal'] }],
  message: 'Estorne antes.',
};

describe('isRecordLocked', () => {
  it('holds when any condition holds, and never without a lock', () => {
    expect(isRecordLocked(lock, { estoqueLancadoPor: 'notaFiscal' })).toBe(true);
    expect(isRecordLocked(lock, { estoqueLancadoPor: null, contasLancadasPor: 'notaFiscal' })).toBe(true);
    expect(isRecordLocked(lock, { estoqueLancadoPor: 'pedido', contasLancadasPor: 'pedido' })).toBe(false);
    expect(isRecordLocked(lock, {})).toBe(false);
    expect(isRecordLocked(undefined, { estoqueLancadoPor: 'notaFiscal' })).toBe(false);
  });
});
