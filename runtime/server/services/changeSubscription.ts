import { type SubscriptionState, subscriptionState } from '../../core/subscriptionState.ts';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/** efetivar: the company leaves trial (or a blocked one is reactivated); migrar: an active company changes plan. */
export type SubscriptionChange = 'efetivar' | 'migrar';

/** Days a subscription runs after it is made effective (the spec shows no billing cycle; monthly). */
export const SUBSCRIPTION_DAYS = 30;

/** The subscription state every plan call answers. */
export interface SubscriptionResult {
  empresaId: number;
  planoId: number | null;
  trial: boolean;
  bloqueada: boolean;
  dataVencimento: string | null;
  situacao: SubscriptionState;
  modulosContratados: string[];
}

interface EmpresaRow {
  id: number;
  plano_id: number | null;
  trial: boolean;
  bloqueada: boolean;
  data_vencimento: string | null;
  modulos_contratados: string[];
}

/**
 * Changes the plan of company `empresaId` (inside its tenant transaction). The plan must be an active plan
 * of the company's white-label (404). efetivar: trial and blocked cleared, due date today + 30 days; refused
 * (409) for a company already active. migrar: only the plan changes; refused (409) while still in trial or
 * when it is already the company's plan. `modulos`, when given, replaces the contracted add-on modules.
 */
export async function changeSubscription(
  tx: Tx,
  change: { empresaId: number; configWhiteLabelId: number; planoId: number; mode: SubscriptionChange },
  modulos?: string[],
): Promise<SubscriptionResult> {
  const plano = await tx.maybeOne(
    'SELECT id FROM plano WHERE id = $1 AND config_white_label_id = $2 AND ativo',
    [change.planoId, change.configWhiteLabelId],
  );
  if (!plano) throw new HttpError(404, 'PLANO_NAO_ENCONTRADO', 'Plano não encontrado.');
  const empresa = await tx.one<EmpresaRow>(
    'SELECT id, plano_id, trial, bloqueada FROM empresa WHERE id = $1 FOR UPDATE',
    [change.empresaId],
  );
  if (change.mode === 'efetivar') {
    if (!empresa.trial && !empresa.bloqueada) {
      throw new HttpError(
        409,
        'PLANO_JA_EFETIVADO',
        'A assinatura desta empresa já está ativa. Para trocar de plano, use a migração de plano.',
      );
    }
    await tx.query(
      `UPDATE empresa SET trial = false, bloqueada = false, plano_id = $2,
              data_vencimento = current_date + $3::int, alterado_em = now() WHERE id = $1`,
      [empresa.id, change.planoId, SUBSCRIPTION_DAYS],
    );
  } else {
    if (empresa.trial) throw new HttpError(409, 'PLANO_EM_TRIAL', 'Efetive um plano antes de migrar.');
    if (empresa.plano_id === change.planoId) {
      throw new HttpError(409, 'PLANO_ATUAL', 'A empresa já está neste plano. Escolha outro plano.');
    }
    await tx.query('UPDATE empresa SET plano_id = $2, alterado_em = now() WHERE id = $1', [
      empresa.id,
      change.planoId,
    ]);
  }
  if (modulos) {
    await tx.query('UPDATE empresa SET modulos_contratados = $2 WHERE id = $1', [
      empresa.id,
      JSON.stringify(modulos),
    ]);
  }
  return readSubscription(tx, empresa.id);
}

/** The subscription state of company `empresaId` as every plan call answers it. */
export async function readSubscription(tx: Tx, empresaId: number): Promise<SubscriptionResult> {
  const row = await tx.one<EmpresaRow>(
    `SELECT id, plano_id, trial, bloqueada, data_vencimento, modulos_contratados FROM empresa WHERE id = $1`,
    [empresaId],
  );
  return {
    empresaId: row.id,
    planoId: row.plano_id,
    trial: row.trial,
    bloqueada: row.bloqueada,
    dataVencimento: row.data_vencimento,
    situacao: subscriptionState(row),
    modulosContratados: row.modulos_contratados,
  };
}

/**
 * Replaces the add-on modules (ids of the white-label's visible planoModulos) of a company whose
 * subscription is in effect: a company in trial contracts them with its plan (contratarPlano).
 */
export async function setAddOnModules(
  tx: Tx,
  empresaId: number,
  modulos: string[],
): Promise<SubscriptionResult> {
  const empresa = await tx.one<EmpresaRow>('SELECT id, trial FROM empresa WHERE id = $1 FOR UPDATE', [
    empresaId,
  ]);
  if (empresa.trial) {
    throw new HttpError(
      409,
      'PLANO_EM_TRIAL',
      'Contrate um plano antes de contratar módulos adicionais: no período de teste eles são escolhidos junto com o plano.',
    );
  }
  await tx.query('UPDATE empresa SET modulos_contratados = $2, alterado_em = now() WHERE id = $1', [
    empresaId,
    JSON.stringify(modulos),
  ]);
  return readSubscription(tx, empresaId);
}
