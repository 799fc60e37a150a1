import { formatDateTime } from '../../../core/formatDate.ts';
import { HttpError } from '../../errors.ts';
import { caixaResumo, type ResumoCaixa } from './caixaResumo.ts';
import { formaDinheiro, formasPagamento, type PdvContext } from './caixaSessao.ts';

export interface AbrirCaixaInput {
  pdvId: number;
  operadorPdvId: number;
  valorAbertura: number;
}

const jaAberto = (pdv: string, abertura: string | Date, operador: string | null) =>
  new HttpError(
    409,
    'CAIXA_JA_ABERTO',
    `O PDV ${pdv} já tem um caixa aberto (desde ${formatDateTime(abertura)}${operador ? `, operador ${operador}` : ''}). Feche-o antes de abrir outro.`,
  );

/**
 * Abertura (flows.md §4): a session of an active PDV of the branch for an active operator with the float in
 * cash. One open session per terminal: the PDV row is locked and an open one refused with a 409; the partial
 * unique index of migration 075 holds it against any other writer. An operator works one terminal at a time.
 */
export async function abrirCaixa(context: PdvContext, input: AbrirCaixaInput): Promise<ResumoCaixa> {
  const { tx, scope } = context;
  const valorAbertura = Math.round(Number(input.valorAbertura) * 100);
  if (!(valorAbertura >= 0))
    throw new HttpError(422, 'VALOR_INVALIDO', 'O valor de abertura deve ser zero ou mais.');
  const pdv = await tx.maybeOne<{ id: number; descricao: string; ativo: boolean | null }>(
    'SELECT id::int AS id, descricao, ativo FROM pdv WHERE id = $1 AND filial_id = $2 FOR UPDATE',
    [input.pdvId, scope.filialId],
  );
  if (!pdv) throw new HttpError(422, 'PDV_NAO_ENCONTRADO', 'PDV não encontrado nesta filial.');
  if (pdv.ativo === false)
    throw new HttpError(
      422,
      'PDV_INATIVO',
      `O PDV ${pdv.descricao} está inativo. Ative-o em Configurações › PDVs.`,
    );
  const operador = await tx.maybeOne<{ nome: string; ativo: boolean | null }>(
    'SELECT nome, ativo FROM operador_pdv WHERE id = $1 AND filial_id = $2',
    [input.operadorPdvId, scope.filialId],
  );
  if (!operador)
    throw new HttpError(422, 'OPERADOR_NAO_ENCONTRADO', 'Operador de PDV não encontrado nesta filial.');
  if (operador.ativo === false)
    throw new HttpError(
      422,
      'OPERADOR_INATIVO',
      `O operador ${operador.nome} está inativo. Ative-o em Vendas › Operadores de PDV.`,
    );
  formaDinheiro(await formasPagamento(context));
  const aberto = await tx.maybeOne<{ abertura: Date; operador: string | null }>(
    `SELECT c.abertura, o.nome AS operador FROM caixa c
       LEFT JOIN operador_pdv o ON o.id = c.operador_pdv_id WHERE c.pdv_id = $1 AND c.situacao = 'aberto'`,
    [pdv.id],
  );
  if (aberto) throw jaAberto(pdv.descricao, aberto.abertura, aberto.operador);
  const outro = await tx.maybeOne<{ pdv: string }>(
    `SELECT p.descricao AS pdv FROM caixa c JOIN pdv p ON p.id = c.pdv_id
      WHERE c.operador_pdv_id = $1 AND c.situacao = 'aberto' LIMIT 1`,
    [input.operadorPdvId],
  );
  if (outro)
    throw new HttpError(
      409,
      'OPERADOR_COM_CAIXA_ABERTO',
      `O operador ${operador.nome} já está com o caixa do PDV ${outro.pdv} aberto. Feche-o antes de abrir outro.`,
    );
  const row = await tx
    .one<{ id: number }>(
      `INSERT INTO caixa (empresa_id, filial_id, criado_por, alterado_por, pdv_id, operador_pdv_id, abertura,
              valor_abertura, situacao)
       VALUES ($1, $2, $3, $3, $4, $5, now(), $6::numeric / 100, 'aberto') RETURNING id::int AS id`,
      [scope.empresaId, scope.filialId, scope.usuarioId, pdv.id, input.operadorPdvId, valorAbertura],
    )
    .catch((error: { code?: string; constraint?: string }) => {
      if (error.code === '23505' && error.constraint === 'caixa_um_aberto_por_pdv')
        throw jaAberto(pdv.descricao, new Date().toISOString(), null);
      throw error;
    });
  return caixaResumo(context, row.id);
}
