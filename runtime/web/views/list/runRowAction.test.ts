import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/createApiClient.ts';
import type { Notify } from '../../ui/NotifyProvider.tsx';
import type { GridRowAction } from './listTypes.ts';
import { runRowAction } from './runRowAction.ts';

const cancelar: GridRowAction = {
  label: 'Cancelar nota',
  action: 'notasFiscaisCancelar',
  confirmTitle: 'Cancelar a nota {numero}',
  confirm: 'O cancelamento é um evento na SEFAZ.',
  input: { field: 'justificativa', label: 'Justificativa', minLength: 15, maxLength: 255 },
  success: 'Nota {numero} cancelada na SEFAZ.',
};

/** A Notify whose prompt answers `typed`, recording what it was asked and toasted. */
function fakeNotify(typed: string | null) {
  const asked: unknown[] = [];
  const toasts: unknown[] = [];
  const notify = {
    prompt: async (options: unknown) => {
      asked.push(options);
      return typed;
    },
    confirm: async () => {
      throw new Error('an input action asks no plain confirmation');
    },
    toast: (message: unknown) => toasts.push(message),
  } as unknown as Notify;
  return { notify, asked, toasts };
}

/** An API client recording the POSTs it gets. */
function fakeApi() {
  const calls: Array<{ path: string; init: Record<string, unknown> }> = [];
  const api = {
    POST: async (path: string, init: Record<string, unknown>) => {
      calls.push({ path, init });
      return { data: {}, response: new Response('{}') };
    },
  } as unknown as ApiClient;
  return { api, calls };
}

/** A nota row: its id and the número the texts show. */
const linha: { id: number } = Object.assign({ id: 7 }, { numero: 1001 });

describe('runRowAction with an input', () => {
  it('asks the text with the row filled in and sends it as the body field', async () => {
    const { notify, asked, toasts } = fakeNotify('Pedido cancelado pelo cliente');
    const { api, calls } = fakeApi();
    const ran = await runRowAction({ api, notify, showError: async () => {} }, cancelar, linha);
    expect(ran).toBe(true);
    expect(asked).toEqual([
      {
        title: 'Cancelar a nota 1001',
        message: 'O cancelamento é um evento na SEFAZ.',
        label: 'Justificativa',
        minLength: 15,
        maxLength: 255,
        confirmLabel: 'Cancelar nota',
      },
    ]);
    expect(calls).toEqual([
      {
        path: '/api/NotasFiscais/{id}/cancelar',
        init: { params: { path: { id: 7 } }, body: { justificativa: 'Pedido cancelado pelo cliente' } },
      },
    ]);
    expect(toasts).toEqual(['Nota 1001 cancelada na SEFAZ.']);
  });

  it('calls nothing when the dialog is cancelled', async () => {
    const { notify } = fakeNotify(null);
    const { api, calls } = fakeApi();
    expect(await runRowAction({ api, notify, showError: async () => {} }, cancelar, { id: 7 })).toBe(false);
    expect(calls).toEqual([]);
  });
});
