import {
  applyStockMovement,
  type StockMovement,
  type StockPosting,
  type StockState,
} from '../../core/estoque/applyStockMovement.ts';
import { roundTo } from '../../core/estoque/roundTo.ts';
import { type LoteDisponivel, sugerirLotesFefo } from '../../core/estoque/sugerirLotesFefo.ts';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { RecordScope } from '../services/records/buildRecordQuery.ts';
import { formatDataHora, formatQtd, stockError } from './stockErrors.ts';

/** One stock ledger row to post for a document line. */
export interface StockLine {
  produtoId: number;
  depositoId: number;
  loteId: number | null;
  /** The variação (grade SKU, produtoVariacao): required when the product has any, its own balance. */
  variacaoId?: number | null;
  /** A row of the in-transit balance of depositoId (transferenciaFilial): goods sent, not yet received. */
  emTransito?: boolean;
  /** The movement, or a function of the postings of the earlier lines of the call (a transfer's destination). */
  movement: StockMovement | ((earlier: StockPosting[]) => StockMovement);
  /** Date of the movement (ISO 8601). */
  data: string;
  motivo: string | null;
  /** origem (tipo, linha) of the row; the id is the document's. */
  origemTipo: string;
  origemLinha: number;
  /** A balanço line: later movements may not be dated before it (E9). */
  balanco?: boolean;
  /** The ledger row this one reverses: exempt from the lot and balanço rules (undoing is always allowed). */
  estornoDe?: number;
  /** Prefix of messages about this line ("Item 2: "). */
  rotulo?: string;
  /**
   * A saída without a lot: when its product controls lots, it is split over the lots valid on its date by
   * FEFO (runtime/core sugerirLotesFefo), one row per lot (linhas origemLinha × 10000 + k when split).
   */
  fefo?: boolean;
}

interface Saldo extends StockState {
  id: number;
  reservado: number;
  ultima: string | null;
  touched: boolean;
}

interface Key {
  produtoId: number;
  depositoId: number;
  loteId: number | null;
  variacaoId?: number | null;
  emTransito?: boolean;
}
const keyOf = (line: Key) =>
  `${line.produtoId}/${line.depositoId}/${line.loteId ?? ''}/${line.variacaoId ?? ''}/${line.emTransito === true ? 'T' : ''}`;
/** The calendar day of an instant in Brasília ('YYYY-MM-DD'): lot validity and the period lock are days. */
export const dateOnly = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

type ProdutoMeta = { descricao: string; unidade: string | null; controla_lote: boolean };
type LoteMeta = { id: number; produto_id: number; numero: string; validade: string };

/**
 * The FEFO lines of lot-controlled products split over the lots valid on their date, first to expire
 * first (flows.md E10: an expired lot never leaves), each up to its available balance — later lines of the
 * same product and depósito take what earlier ones left; refused naming what the valid lots lack. The
 * chosen lots join `lotes` (the lot checks and messages read them there).
 */
function splitFefo(
  lines: StockLine[],
  produtos: Map<number, ProdutoMeta>,
  depositos: Map<number, string>,
  lotes: Map<number, LoteMeta>,
  candidatos: (LoteDisponivel & { produto_id: number; deposito_id: number; variacao_id: number | null })[],
): StockLine[] {
  const disponiveis = new Map<string, LoteDisponivel[]>();
  for (const row of candidatos) {
    // A product with a grade: only the lots of the line's variação (each variação has its own balance).
    const key = `${row.produto_id}/${row.deposito_id}/${row.variacao_id ?? ''}`;
    const list = disponiveis.get(key) ?? [];
    list.push({
      loteId: Number(row.loteId),
      numero: row.numero,
      validade: row.validade,
      disponivel: Number(row.disponivel),
    });
    disponiveis.set(key, list);
    lotes.set(Number(row.loteId), {
      id: Number(row.loteId),
      produto_id: Number(row.produto_id),
      numero: row.numero,
      validade: row.validade,
    });
  }
  const result: StockLine[] = [];
  for (const line of lines) {
    const produto = produtos.get(line.produtoId);
    const movement = line.movement;
    if (
      !line.fefo ||
      line.loteId !== null ||
      !produto?.controla_lote ||
      typeof movement === 'function' ||
      movement.tipo !== 'saida'
    ) {
      result.push(line);
      continue;
    }
    const candidatosLinha =
      disponiveis.get(`${line.produtoId}/${line.depositoId}/${line.variacaoId ?? ''}`) ?? [];
    const sugestao = sugerirLotesFefo(candidatosLinha, movement.qtd, dateOnly(line.data));
    const prefix = (line.rotulo ?? '').replace(/: $/, '');
    const unidade = produto.unidade ?? 'UN';
    if (sugestao.faltante > 0)
      throw stockError(
        'LOTES_INSUFICIENTES',
        `${prefix ? `${prefix}: ` : ''}os lotes dentro da validade do produto ${produto.descricao} têm ${formatQtd(roundTo(movement.qtd - sugestao.faltante, 6))} ${unidade} disponíveis no depósito ${depositos.get(line.depositoId) ?? ''}; faltam ${formatQtd(sugestao.faltante)} ${unidade}.`,
        { produtoId: line.produtoId, depositoId: line.depositoId, faltante: sugestao.faltante },
      );
    sugestao.lotes.forEach((escolhido, k) => {
      const lote = candidatosLinha.find((candidate) => candidate.loteId === escolhido.loteId);
      if (lote) lote.disponivel = roundTo(lote.disponivel - escolhido.quantidade, 6);
      result.push({
        ...line,
        loteId: escolhido.loteId,
        movement: { tipo: 'saida', qtd: escolhido.quantidade },
        // Split: linhas origemLinha × 10000 + k (an item number is at most 9999, so no clash).
        origemLinha: sugestao.lotes.length === 1 ? line.origemLinha : line.origemLinha * 10000 + k + 1,
        rotulo: `${prefix} (lote ${escolhido.numero}): `,
        fefo: false,
      });
    });
  }
  return result;
}

/**
 * Posts stock ledger rows (MovimentacoesEstoque) and keeps the balances (SaldosEstoque) in the caller's
 * transaction: creates the balance rows missing and locks them all FOR UPDATE in key order (so two
 * documents touching the same items queue instead of deadlocking), then applies each line in order with
 * the moving-average rules of runtime/core, refusing with a pt-BR 422 naming the rule: a lot missing or of
 * another product, an expired lot on a saída (E10), negative stock unless the empresa allows it (E5), a
 * movement dated before a balanço of the key (E9) or one that breaks a later running balance (E6), a
 * balanço dated before the key's last movement.
 */
export async function postStockMovements(
  context: { tx: Tx; scope: RecordScope },
  origemId: number,
  requested: StockLine[],
): Promise<void> {
  const { tx, scope } = context;
  if (requested.length === 0) return;
  let lines = requested;
  const ids = (pick: (line: StockLine) => number | null) => [
    ...new Set(lines.map(pick).filter((id): id is number => id !== null)),
  ];
  // One round trip reads the products, depósitos, lots, the lots a FEFO line may take and the empresa's
  // stock settings.
  const fefoProdutos = ids((line) => (line.fefo && line.loteId === null ? line.produtoId : null));
  const meta = await tx.one<{
    produtos:
      | { id: number; descricao: string; unidade: string | null; controla_lote: boolean; grade: boolean }[]
      | null;
    depositos: { id: number; descricao: string }[] | null;
    lotes: { id: number; produto_id: number; numero: string; validade: string }[] | null;
    variacoes: { id: number; produto_id: number; descricao: string }[] | null;
    fefo: (LoteDisponivel & { produto_id: number; deposito_id: number; variacao_id: number | null })[] | null;
    permitir: boolean | null;
    fechado: string | null;
  }>(
    `SELECT (SELECT json_agg(json_build_object('id', id, 'descricao', descricao, 'unidade', unidade,
                   'controla_lote', controla_lote, 'grade', EXISTS (SELECT FROM produto_variacao v WHERE v.produto_id = produto.id)))
               FROM produto WHERE id = ANY($1)) AS produtos,
            (SELECT json_agg(json_build_object('id', id, 'descricao', descricao)) FROM deposito WHERE id = ANY($2)) AS depositos,
            (SELECT json_agg(json_build_object('id', id, 'produto_id', produto_id, 'numero', numero, 'validade', validade))
               FROM lote WHERE id = ANY($3)) AS lotes,
            (SELECT json_agg(json_build_object('id', id, 'produto_id', produto_id, 'descricao', descricao))
               FROM produto_variacao WHERE id = ANY($6)) AS variacoes,
            CASE WHEN cardinality($5::bigint[]) > 0 THEN (
              SELECT json_agg(json_build_object('produto_id', s.produto_id, 'deposito_id', s.deposito_id, 'variacao_id', s.variacao_id,
                       'loteId', l.id, 'numero', l.numero, 'validade', l.validade, 'disponivel', s.disponivel))
                FROM saldo_estoque s JOIN lote l ON l.id = s.lote_id
                JOIN produto p ON p.id = s.produto_id AND p.controla_lote
               WHERE s.empresa_id = $4 AND s.produto_id = ANY($5) AND s.deposito_id = ANY($2) AND s.disponivel > 0
                 AND NOT s.em_transito)
            END AS fefo,
            c.permitir, c.fechado::text AS fechado
       FROM (SELECT 1) AS one LEFT JOIN LATERAL (
         SELECT permitir_estoque_negativo AS permitir, estoque_fechado_ate AS fechado
           FROM configuracao_geral WHERE empresa_id = $4 LIMIT 1) AS c ON true`,
    [
      ids((line) => line.produtoId),
      ids((line) => line.depositoId),
      ids((line) => line.loteId),
      scope.empresaId,
      fefoProdutos,
      ids((line) => line.variacaoId ?? null),
    ],
  );
  const produtos = new Map((meta.produtos ?? []).map((row) => [Number(row.id), row]));
  const depositos = new Map((meta.depositos ?? []).map((row) => [Number(row.id), row.descricao]));
  const lotes = new Map((meta.lotes ?? []).map((row) => [Number(row.id), row]));
  const variacoes = new Map((meta.variacoes ?? []).map((row) => [Number(row.id), row]));
  const config = meta;
  const permitirNegativo = config?.permitir === true;
  // Period lock (flows.md §0 "period freeze"): nothing is posted on or before the closed date.
  const fechado = config?.fechado ?? null;
  const closed = fechado ? lines.find((line) => dateOnly(line.data) <= fechado) : undefined;
  if (fechado && closed)
    throw stockError(
      'PERIODO_FECHADO',
      `O estoque está fechado até ${fechado.split('-').reverse().join('/')}: não é possível lançar movimentações com data de ${dateOnly(closed.data).split('-').reverse().join('/')}.`,
    );

  // The lots a FEFO line may take are locked with the other keys (one statement, key order), and the split
  // runs on their locked balances: two saídas racing for the same lot queue, and the second takes the next
  // lot instead of being refused on a balance read before the first committed.
  const candidatos = meta.fefo ?? [];
  const splits = (line: StockLine) =>
    line.fefo === true &&
    line.loteId === null &&
    produtos.get(line.produtoId)?.controla_lote === true &&
    typeof line.movement !== 'function' &&
    line.movement.tipo === 'saida';
  const lockLines: Key[] = [
    ...lines.filter((line) => !splits(line)),
    ...candidatos.map((row) => ({
      produtoId: Number(row.produto_id),
      depositoId: Number(row.deposito_id),
      loteId: Number(row.loteId),
      variacaoId: row.variacao_id === null ? null : Number(row.variacao_id),
    })),
  ];
  for (const line of lines) {
    if (!produtos.has(line.produtoId))
      throw stockError('PRODUTO_NAO_ENCONTRADO', `${line.rotulo ?? ''}produto não encontrado.`);
    if (!depositos.has(line.depositoId))
      throw stockError(
        'DEPOSITO_NAO_ENCONTRADO',
        `${line.rotulo ?? ''}depósito não encontrado nesta filial.`,
      );
  }
  const keys = [...new Map(lockLines.map((line) => [keyOf(line), line])).values()].sort(
    (a, b) =>
      a.produtoId - b.produtoId ||
      a.depositoId - b.depositoId ||
      (a.loteId ?? 0) - (b.loteId ?? 0) ||
      (a.variacaoId ?? 0) - (b.variacaoId ?? 0) ||
      Number(a.emTransito === true) - Number(b.emTransito === true),
  );
  // One statement creates the missing balance rows and locks them all, in key order (lock order): the
  // no-op DO UPDATE takes the row lock (waiting for a concurrent poster) and returns the latest version.
  const locked = await tx.query<Record<string, unknown>>(
    `INSERT INTO saldo_estoque AS s (empresa_id, filial_id, produto_id, deposito_id, lote_id, variacao_id, em_transito,
                                     criado_por, alterado_por)
     SELECT $1, $2, k.p, k.d, nullif(k.l, 0), nullif(k.v, 0), k.t, $6, $6
       FROM unnest($3::bigint[], $4::bigint[], $5::bigint[], $7::bigint[], $8::boolean[]) WITH ORDINALITY AS k(p, d, l, v, t, o)
      ORDER BY k.o
     ON CONFLICT (empresa_id, produto_id, deposito_id, lote_id, variacao_id, em_transito) DO UPDATE SET versao = s.versao
     RETURNING id, produto_id, deposito_id, lote_id, variacao_id, em_transito, fisico, reservado, custo_medio, valor, ultima_movimentacao`,
    [
      scope.empresaId,
      scope.filialId,
      keys.map((line) => line.produtoId),
      keys.map((line) => line.depositoId),
      keys.map((line) => line.loteId ?? 0),
      scope.usuarioId,
      keys.map((line) => line.variacaoId ?? 0),
      keys.map((line) => line.emTransito === true),
    ],
  );
  const saldos = new Map<string, Saldo>();
  for (const row of locked)
    saldos.set(
      keyOf({
        produtoId: Number(row.produto_id),
        depositoId: Number(row.deposito_id),
        loteId: row.lote_id === null ? null : Number(row.lote_id),
        variacaoId: row.variacao_id === null ? null : Number(row.variacao_id),
        emTransito: row.em_transito === true,
      }),
      {
        id: Number(row.id),
        qtd: Number(row.fisico),
        reservado: Number(row.reservado),
        custoMedio: Number(row.custo_medio),
        valor: Number(row.valor),
        ultima: row.ultima_movimentacao ? new Date(row.ultima_movimentacao as string).toISOString() : null,
        touched: false,
      },
    );

  if (lines.some(splits)) {
    const fresh = candidatos.map((row) => {
      const saldo = saldos.get(
        keyOf({
          produtoId: Number(row.produto_id),
          depositoId: Number(row.deposito_id),
          loteId: Number(row.loteId),
          variacaoId: row.variacao_id === null ? null : Number(row.variacao_id),
        }),
      );
      return saldo ? { ...row, disponivel: roundTo(saldo.qtd - saldo.reservado, 6) } : row;
    });
    lines = splitFefo(lines, produtos, depositos, lotes, fresh);
  }

  const posted: StockPosting[] = [];
  // Ledger rows go in one multi-row INSERT; a backdated check reads the ledger, so it flushes them first.
  const pending: unknown[][] = [];
  const saldoUpdate = `UPDATE saldo_estoque s SET fisico = u.fisico, custo_medio = u.custo, valor = u.valor,
            ultima_movimentacao = u.ultima, versao = s.versao + 1, alterado_em = now(), alterado_por = $3
       FROM unnest($24::bigint[], $25::numeric[], $26::numeric[], $27::numeric[], $28::timestamptz[])
            AS u(id, fisico, custo, valor, ultima)
      WHERE s.id = u.id`;
  /**
   * Writes the pending ledger rows in one multi-row INSERT; the last call also writes the touched balances
   * in the same statement (a CTE), so a document without backdated lines posts in one round trip.
   */
  const flush = async (saldosTouched?: Saldo[]) => {
    if (pending.length === 0 && !saldosTouched) return;
    const columns = (i: number) => pending.map((row) => row[i]);
    const insert = `INSERT INTO movimentacao_estoque (empresa_id, filial_id, criado_por, alterado_por, produto_id, deposito_id, lote_id,
         variacao_id, em_transito, tipo, quantidade, custo_unitario, data, motivo, qtd, qtd_apos, custo_medio_apos, valor_apos, dif_valor,
         origem_tipo, origem_id, origem_linha, estorno_de, balanco)
       SELECT $1, $2, $3, $3, r.produto_id, r.deposito_id, r.lote_id, r.variacao_id, r.em_transito, r.tipo, r.quantidade, r.custo_unitario, r.data,
              r.motivo, r.qtd, r.qtd_apos, r.custo_medio_apos, r.valor_apos, r.dif_valor, r.origem_tipo, $4,
              r.origem_linha, r.estorno_de, r.balanco
         FROM unnest($5::bigint[], $6::bigint[], $7::bigint[], $8::int[], $9::numeric[],
         $10::numeric[], $11::timestamptz[], $12::text[], $13::numeric[], $14::numeric[], $15::numeric[], $16::numeric[],
         $17::numeric[], $18::text[], $19::int[], $20::int[], $21::boolean[], $22::bigint[], $23::boolean[])
         AS r(produto_id, deposito_id, lote_id, tipo, quantidade, custo_unitario, data, motivo, qtd, qtd_apos,
              custo_medio_apos, valor_apos, dif_valor, origem_tipo, origem_linha, estorno_de, balanco, variacao_id, em_transito)
       ON CONFLICT (origem_tipo, origem_id, origem_linha) DO NOTHING RETURNING id`;
    const params: unknown[] = [
      scope.empresaId,
      scope.filialId,
      scope.usuarioId,
      origemId,
      ...Array.from({ length: 19 }, (_, i) => columns(i)),
    ];
    let inserted: number;
    if (saldosTouched) {
      params.push(
        saldosTouched.map((saldo) => saldo.id),
        saldosTouched.map((saldo) => saldo.qtd),
        saldosTouched.map((saldo) => saldo.custoMedio),
        saldosTouched.map((saldo) => saldo.valor),
        saldosTouched.map((saldo) => saldo.ultima),
      );
      const result = await tx.one<{ inserted: string }>(
        `WITH ins AS (${insert}), upd AS (${saldoUpdate} RETURNING s.id)
         SELECT (SELECT count(*) FROM ins) AS inserted, (SELECT count(*) FROM upd) AS updated`,
        params,
      );
      inserted = Number(result.inserted);
    } else inserted = (await tx.query(insert, params)).length;
    if (inserted !== pending.length)
      throw new HttpError(409, 'DOCUMENTO_JA_LANCADO', 'Este documento já foi lançado no estoque.');
    pending.length = 0;
  };
  for (const line of lines) {
    const saldo = saldos.get(keyOf(line));
    if (!saldo)
      throw new HttpError(409, 'SALDO_NAO_ENCONTRADO', 'Saldo de estoque não encontrado nesta filial.');
    const produto = produtos.get(line.produtoId) as {
      descricao: string;
      unidade: string | null;
      controla_lote: boolean;
      grade: boolean;
    };
    const deposito = depositos.get(line.depositoId) as string;
    const prefix = line.rotulo ?? '';
    const lote = line.loteId === null ? undefined : lotes.get(line.loteId);
    if (line.estornoDe === undefined) {
      if (produto.controla_lote && line.loteId === null)
        throw stockError(
          'LOTE_OBRIGATORIO',
          `${prefix}o produto ${produto.descricao} controla lote: informe o lote.`,
        );
      if (line.loteId !== null && (!lote || Number(lote.produto_id) !== line.produtoId))
        throw stockError('LOTE_INVALIDO', `${prefix}o lote informado não é do produto ${produto.descricao}.`);
      checkVariacao(line, produto, variacoes);
    }
    const posting = applyStockMovement(
      saldo,
      typeof line.movement === 'function' ? line.movement(posted) : line.movement,
    );
    posted.push(posting);
    const unidade = produto.unidade ?? 'UN';
    const variacao = line.variacaoId ? variacoes.get(line.variacaoId) : undefined;
    const detalhes = [lote ? `lote ${lote.numero}` : '', variacao ? `variação ${variacao.descricao}` : '']
      .filter(Boolean)
      .join(', ');
    const onde = `${line.emTransito ? 'em trânsito para' : 'no'} depósito ${deposito}${detalhes ? ` (${detalhes})` : ''}`;
    if (line.estornoDe === undefined && lote && posting.qtd < 0 && dateOnly(line.data) > lote.validade)
      throw stockError(
        'LOTE_VENCIDO',
        `${prefix}o lote ${lote.numero} do produto ${produto.descricao} venceu em ${lote.validade.split('-').reverse().join('/')}: não pode sair do estoque.`,
      );
    if (posting.qtd < 0 && posting.after.qtd < 0 && !permitirNegativo)
      throw stockError(
        'ESTOQUE_INSUFICIENTE',
        `Estoque insuficiente: produto ${produto.descricao} tem ${formatQtd(saldo.qtd)} ${unidade} disponíveis ${onde}.`,
        {
          produtoId: line.produtoId,
          depositoId: line.depositoId,
          loteId: line.loteId,
          disponivel: saldo.qtd,
        },
      );
    const backdated = saldo.ultima !== null && new Date(line.data) < new Date(saldo.ultima);
    // A count states the quantity at its moment: one dated before later movements would be a count of a
    // past the later rows were already posted over (their running balances would no longer follow it).
    if (backdated && line.balanco && line.estornoDe === undefined)
      throw stockError(
        'BALANCO_RETROATIVO',
        `${prefix}o balanço do produto ${produto.descricao} ${onde} deve ter data igual ou posterior à última movimentação (${formatDataHora(saldo.ultima as string)}).`,
      );
    if (backdated) {
      await flush();
      const params: unknown[] = [
        scope.empresaId,
        line.produtoId,
        line.depositoId,
        line.data,
        line.loteId,
        line.variacaoId ?? null,
        line.emTransito === true,
      ];
      const where = `empresa_id = $1 AND produto_id = $2 AND deposito_id = $3 AND lote_id IS NOT DISTINCT FROM $5::bigint
         AND variacao_id IS NOT DISTINCT FROM $6::bigint AND em_transito = $7`;
      if (line.estornoDe === undefined) {
        const balanco = await tx.maybeOne<{ data: string }>(
          `SELECT data FROM movimentacao_estoque WHERE ${where} AND balanco AND data > $4 ORDER BY data DESC LIMIT 1`,
          params,
        );
        if (balanco)
          throw stockError(
            'BALANCO_POSTERIOR',
            `${prefix}há um balanço do produto ${produto.descricao} ${onde} em ${formatDataHora(balanco.data)}, depois da data desta movimentação: lance-a com data igual ou posterior ao balanço.`,
          );
      }
      if (posting.qtd < 0 && !permitirNegativo) {
        const check = await tx.one<{ base: string; menor: string | null; quando: string | null }>(
          `SELECT (SELECT coalesce(sum(qtd), 0) FROM movimentacao_estoque WHERE ${where} AND data <= $4) AS base,
                  t.run AS menor, t.data AS quando
             FROM (SELECT 1) AS one LEFT JOIN LATERAL (
               SELECT data, sum(qtd) OVER (ORDER BY data, id) AS run FROM movimentacao_estoque WHERE ${where} AND data > $4
               ORDER BY run, data LIMIT 1) AS t ON true`,
          params,
        );
        const base = Number(check.base) + posting.qtd;
        const menor = check.menor === null ? base : Math.min(base, base + Number(check.menor));
        if (menor < -1e-9) {
          const quando = check.menor !== null && base + Number(check.menor) < base ? check.quando : line.data;
          throw stockError(
            'ESTOQUE_INSUFICIENTE_RETROATIVO',
            `Estoque insuficiente em ${formatDataHora(quando as string)}: a movimentação retroativa deixaria o produto ${produto.descricao} com ${formatQtd(menor)} ${unidade} ${onde}.`,
          );
        }
      }
    }
    pending.push([
      line.produtoId,
      line.depositoId,
      line.loteId,
      posting.qtd < 0 ? 1 : 0,
      Math.abs(posting.qtd),
      posting.custoUnitario,
      line.data,
      line.motivo,
      posting.qtd,
      posting.after.qtd,
      posting.after.custoMedio,
      posting.after.valor,
      posting.difValor,
      line.origemTipo,
      line.origemLinha,
      line.estornoDe ?? null,
      line.balanco === true,
      line.variacaoId ?? null,
      line.emTransito === true,
    ]);
    Object.assign(saldo, posting.after, { touched: true });
    if (saldo.ultima === null || new Date(line.data) > new Date(saldo.ultima)) saldo.ultima = line.data;
  }
  await flush([...saldos.values()].filter((saldo) => saldo.touched));
}

/**
 * Grade (variações as SKUs, flows.md §1 key produto × depósito × lote × variação): a product with any
 * produtoVariacao posts only per variação, and the variação named must be one of the product's.
 */
function checkVariacao(
  line: StockLine,
  produto: { descricao: string; grade: boolean },
  variacoes: Map<number, { produto_id: number; descricao: string }>,
): void {
  const prefix = line.rotulo ?? '';
  const variacaoId = line.variacaoId ?? null;
  if (variacaoId === null) {
    if (produto.grade)
      throw stockError(
        'VARIACAO_OBRIGATORIA',
        `${prefix}o produto ${produto.descricao} tem grade: informe a variação (cada variação tem o seu saldo).`,
      );
    return;
  }
  const variacao = variacoes.get(variacaoId);
  if (!variacao || Number(variacao.produto_id) !== line.produtoId)
    throw stockError(
      'VARIACAO_INVALIDA',
      `${prefix}a variação informada não é do produto ${produto.descricao}.`,
    );
}
