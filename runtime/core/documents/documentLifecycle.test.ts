import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../types.ts';
import type { DocumentDefinition } from './documentDefinition.ts';
import { documentLifecycle } from './documentLifecycle.ts';

const document: DocumentDefinition = {
  statusField: 'situacao',
  initial: 'rascunho',
  states: {
    rascunho: { label: 'Rascunho', editable: true },
    efetivado: { label: 'Efetivado', color: 'success' },
  },
  transitions: [
    { action: 'efetivar', from: ['rascunho'], to: 'efetivado', label: 'Efetivar' },
    { action: 'estornar', from: ['efetivado'], to: 'rascunho', label: 'Estornar', level: 4 },
    { action: 'aprovar', from: ['rascunho'], to: 'efetivado', label: 'Aprovar', permission: 'APROVAR' },
  ],
};
const user = (permissoes: Record<string, number>) => ({ permissoes }) as unknown as SessionUser;

describe('documentLifecycle', () => {
  it('gives the state, editability and the transitions the user may take from it', () => {
    const view = documentLifecycle(document, { situacao: 'rascunho' }, 'ESTOQUE', user({ ESTOQUE: 3 }));
    expect(view).toMatchObject({ status: 'rascunho', editable: true });
    expect(view.transitions.map((t) => t.action)).toEqual(['efetivar']);
    const approver = documentLifecycle(document, {}, 'ESTOQUE', user({ ESTOQUE: 3, APROVAR: 3 }));
    expect(approver.transitions.map((t) => t.action)).toEqual(['efetivar', 'aprovar']);
  });

  it('a posted document is not editable; estornar needs TOTAL', () => {
    const posted = { situacao: 'efetivado' };
    expect(documentLifecycle(document, posted, 'ESTOQUE', user({ ESTOQUE: 3 }))).toMatchObject({
      editable: false,
      transitions: [],
    });
    expect(documentLifecycle(document, posted, 'ESTOQUE', user({ ESTOQUE: 4 })).transitions).toHaveLength(1);
    expect(documentLifecycle(document, posted, 'ESTOQUE', null).transitions).toEqual([]);
  });
});
