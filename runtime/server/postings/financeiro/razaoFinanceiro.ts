import { dataBR, fromCents } from '../../../core/financeiro/titulos.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { RecordScope } from '../../services/records/buildRecordQuery.ts';
import type { DomainEvent } from '../domainEvents.ts';

/**
 * What a finance posting service receives: the caller's tenant transaction and scope (RLS limits every
 * read to the empresa and filial), and where to collect the domain events the caller emits after the
 * commit (the action routes do; a dedicated route emits them itself).
 */
export interface FinanceiroContext {
  tx: Tx;
  scope: RecordScope;
  events?: DomainEvent[];
}

/** A conta financeira as the services read it, locked. */
export interface ContaLocked {
  id: number;
  descricao: string;
  ativo: boolean;
  dataSaldoInicial: string | null;
}

/** The filial of the scope (the finance tables are per filial). */
export function filialOf(scope: RecordScope): number {
  if (scope.filialId === null)
    throw new HttpError(422, 'FILIAL_OBRIGATORIA', 'Selecione uma filial antes de movimentar o financeiro.');
  return scope.filialId;
}

/**
 * Locks the accounts (SELECT … FOR UPDATE, by id: two postings on the same accounts never deadlock) and
 * returns them by id; an account missing in the filial is a 422 naming it.
 */
export async function lockContas(
  context: FinanceiroContext,
  ids: number[],
): Promise<Map<number, ContaLocked>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await context.tx.query<{
    id: string;
    descricao: string;
    ativo: boolean | null;
    data_saldo_inicial: string | null;
  }>(
    `SELECT id, descricao, ativo, to_char(data_saldo_inicial, 'YYYY-MM-DD') AS data_saldo_inicial
       FROM conta WHERE id = ANY($1::bigint[]) AND empresa_id = $2 ORDER BY id FOR UPDATE`,
    [unique, context.scope.empresaId],
  );
  const found = new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        descricao: row.descricao,
        ativo: row.ativo !== false,
        dataSaldoInicial: row.data_saldo_inicial,
      },
    ]),
  );
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined)
    throw new HttpError(422, 'CONTA_NAO_ENCONTRADA', `A conta ${missing} não foi encontrada nesta filial.`);
  return found;
}

/** No movement before the account's opening balance (flows.md §2), none on an inactive account. */
export function assertDataConta(conta: ContaLocked, data: string): void {
  if (!conta.ativo)
    throw new HttpError(
      422,
      'CONTA_INATIVA',
      `A conta "${conta.descricao}" está inativa: ative-a em Financeiro › Contas ou escolha outra conta.`,
    );
  if (conta.dataSaldoInicial && data < conta.dataSaldoInicial)
    throw new HttpError(
      422,
      'DATA_ANTES_SALDO_INICIAL',
      `A conta "${conta.descricao}" tem saldo inicial em ${dataBR(conta.dataSaldoInicial)}: não há movimentos antes dessa data (informada: ${dataBR(data)}).`,
    );
}

/** One ledger row to write. */
export interface NovoMovimento {
  contaId: number;
  data: string;
  /** Signed, in cents: + entrada, − saída. */
  valor: number;
  descricao: string | null;
  categoriaFinanceiraId?: number | null;
  pessoaId?: number | null;
  lancamentoId?: number | null;
  baixaId?: number | null;
  origemTipo: 'baixa' | 'transferencia' | 'avulso';
  origemId: number;
  origemLinha: number;
  estornoDe?: number | null;
  /** A preallocated id (an avulso movement is its own origem). */
  id?: number;
}

/**
 * Appends a movement to the ledger and moves its account's balance (conta.movimentado; saldo_atual is
 * generated from it) in the caller's transaction; the account must be locked by the caller. A repeated
 * origem is a 409 (the UNIQUE key): the same posting never lands twice.
 */
export async function lancarMovimento(context: FinanceiroContext, movimento: NovoMovimento): Promise<number> {
  const { tx, scope } = context;
  const row = await tx
    .one<{ id: string }>(
      `INSERT INTO movimento_financeiro (id, empresa_id, filial_id, criado_por, alterado_por, conta_id, data, valor,
              descricao, categoria_financeira_id, pessoa_id, lancamento_id, baixa_id, origem_tipo, origem_id,
              origem_linha, estorno_de)
       VALUES (coalesce($1::bigint, nextval('movimento_financeiro_id_seq')), $2, $3, $4, $4, $5, $6, $7, $8, $9, $10,
               $11, $12, $13, $14, $15, $16)
       RETURNING id`,
      [
        movimento.id ?? null,
        scope.empresaId,
        filialOf(scope),
        scope.usuarioId,
        movimento.contaId,
        movimento.data,
        fromCents(movimento.valor),
        movimento.descricao?.slice(0, 200) ?? null,
        movimento.categoriaFinanceiraId ?? null,
        movimento.pessoaId ?? null,
        movimento.lancamentoId ?? null,
        movimento.baixaId ?? null,
        movimento.origemTipo,
        movimento.origemId,
        movimento.origemLinha,
        movimento.estornoDe ?? null,
      ],
    )
    .catch((error: { code?: string; constraint?: string }) => {
      if (error.code === '23505')
        throw new HttpError(
          409,
          'MOVIMENTO_JA_LANCADO',
          'Este movimento já foi lançado (ou estornado): atualize a tela e confira o extrato.',
        );
      throw error;
    });
  await tx.query(
    `UPDATE conta SET movimentado = movimentado + $2::numeric, versao = versao + 1, alterado_em = now(),
            alterado_por = $3
      WHERE id = $1`,
    [movimento.contaId, fromCents(movimento.valor), scope.usuarioId],
  );
  return Number(row.id);
}

/** A movement as estornos read it, locked. */
export interface MovimentoLocked {
  id: number;
  contaId: number;
  data: string;
  valor: number;
  descricao: string | null;
  categoriaFinanceiraId: number | null;
  pessoaId: number | null;
  lancamentoId: number | null;
  baixaId: number | null;
  origemTipo: 'baixa' | 'transferencia' | 'avulso';
  origemId: number;
  origemLinha: number;
  estornoDe: number | null;
  extratoLinhaId: number | null;
  estornado: boolean;
}

/** The movements of one origem (the original lines, not their reversals), locked, by line. */
export async function movimentosDaOrigem(
  context: FinanceiroContext,
  origemTipo: string,
  origemId: number,
): Promise<MovimentoLocked[]> {
  const rows = await context.tx.query<Record<string, string | null>>(
    `SELECT m.id, m.conta_id, to_char(m.data, 'YYYY-MM-DD') AS data, m.valor, m.descricao, m.categoria_financeira_id,
            m.pessoa_id, m.lancamento_id, m.baixa_id, m.origem_tipo, m.origem_id, m.origem_linha, m.estorno_de,
            m.extrato_linha_id,
            EXISTS (SELECT 1 FROM movimento_financeiro r WHERE r.estorno_de = m.id)::text AS estornado
       FROM movimento_financeiro m
      WHERE m.origem_tipo = $1 AND m.origem_id = $2 AND m.origem_linha > 0 AND m.empresa_id = $3
      ORDER BY m.origem_linha FOR UPDATE`,
    [origemTipo, origemId, context.scope.empresaId],
  );
  const num = (value: string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    id: Number(row.id),
    contaId: Number(row.conta_id),
    data: row.data as string,
    valor: Math.round(Number(row.valor) * 100),
    descricao: row.descricao ?? null,
    categoriaFinanceiraId: num(row.categoria_financeira_id ?? null),
    pessoaId: num(row.pessoa_id ?? null),
    lancamentoId: num(row.lancamento_id ?? null),
    baixaId: num(row.baixa_id ?? null),
    origemTipo: row.origem_tipo as MovimentoLocked['origemTipo'],
    origemId: Number(row.origem_id),
    origemLinha: Number(row.origem_linha),
    estornoDe: num(row.estorno_de ?? null),
    extratoLinhaId: num(row.extrato_linha_id ?? null),
    estornado: row.estornado === 'true',
  }));
}

/**
 * Writes the reversing row of each movement (−valor, negated origem_linha, estorno_de) dated `data`, the
 * accounts locked here. Refused while one of them is reconciled with a statement line.
 */
export async function estornarMovimentos(
  context: FinanceiroContext,
  movimentos: MovimentoLocked[],
  data: string,
  conciliado: string,
): Promise<number[]> {
  if (movimentos.some((movimento) => movimento.extratoLinhaId !== null))
    throw new HttpError(409, 'MOVIMENTO_CONCILIADO', conciliado);
  const contas = await lockContas(
    context,
    movimentos.map((movimento) => movimento.contaId),
  );
  const ids: number[] = [];
  for (const movimento of movimentos) {
    if (movimento.estornado) continue;
    if (data < movimento.data)
      throw new HttpError(
        422,
        'ESTORNO_ANTES_DO_MOVIMENTO',
        `A data do estorno (${dataBR(data)}) não pode ser anterior à do movimento (${dataBR(movimento.data)}).`,
      );
    assertDataConta({ ...(contas.get(movimento.contaId) as ContaLocked), ativo: true }, data);
    ids.push(
      await lancarMovimento(context, {
        contaId: movimento.contaId,
        data,
        valor: -movimento.valor,
        descricao: `Estorno: ${movimento.descricao ?? ''}`.trim(),
        categoriaFinanceiraId: movimento.categoriaFinanceiraId,
        pessoaId: movimento.pessoaId,
        lancamentoId: movimento.lancamentoId,
        baixaId: movimento.baixaId,
        origemTipo: movimento.origemTipo,
        origemId: movimento.origemId,
        origemLinha: -movimento.origemLinha,
        estornoDe: movimento.id,
      }),
    );
  }
  return ids;
}

/** Today in the server's calendar, YYYY-MM-DD (the default date of an estorno). */
export function hoje(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
