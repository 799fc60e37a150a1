import { formatBRL as brl } from '../../../core/formatMoney.ts';
import { decodeOfx, type OfxStatement, parseOfxContas } from '../../../core/parseOfx.ts';
import { roundMoney } from '../../../core/roundMoney.ts';
import { HttpError } from '../../errors.ts';
import { extratoBancario } from '../extratoBancario.ts';
import type { RecordContext } from '../records/recordContext.ts';

/** Largest OFX file taken (a year of a busy account is well under 1 MB). */
export const OFX_MAX_BYTES = 5 * 1024 * 1024;

export interface ImportarExtratoInput {
  contaId: number;
  nomeArquivo: string;
  /** The file's bytes, base64 (decoded here: CP1252 unless the header says UTF-8). */
  conteudo: string;
  /** Which account of a multi-account file (0-based); by default the one whose number matches the conta's. */
  indiceConta?: number;
}

export interface ImportacaoResultado {
  importacaoId: number;
  linhasNovas: number;
  linhasExistentes: number;
  linhasInformativas: number;
  saldoAnterior: number;
  somaLancamentos: number;
  saldoFinal: number | null;
  /** saldoAnterior + somaLancamentos − saldoFinal; null without LEDGERBAL. */
  diferenca: number | null;
  avisos: string[];
}

const digits = (value: string | null) => (value ?? '').replace(/\D/g, '').replace(/^0+/, '');
const dataBR = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The statement of the file to import into `conta`: the chosen one, the one with its number, or the only one. */
function escolherExtrato(
  extratos: OfxStatement[],
  numeroConta: string | null,
  indice?: number,
): OfxStatement {
  if (indice !== undefined) {
    const chosen = extratos[indice];
    if (!chosen)
      throw new HttpError(
        400,
        'CONTA_DO_ARQUIVO',
        `O arquivo tem ${extratos.length} conta(s); escolha uma delas.`,
      );
    return chosen;
  }
  if (extratos.length === 1) return extratos[0] as OfxStatement;
  const numero = digits(numeroConta);
  const match = extratos.filter((extrato) => numero !== '' && digits(extrato.conta) === numero);
  if (match.length === 1) return match[0] as OfxStatement;
  throw new HttpError(
    400,
    'CONTA_DO_ARQUIVO',
    `O arquivo tem ${extratos.length} contas (${extratos.map((extrato) => extrato.conta ?? '?').join(', ')}); escolha qual importar nesta conta.`,
  );
}

/**
 * Imports an OFX file into one of the branch's accounts (flows.md §2): the statement's transactions become
 * extrato_linha rows (pendente) keyed by the dedupe key, UNIQUE per company and account with ON CONFLICT DO
 * NOTHING — re-importing the file adds 0 lines; balance lines and future-dated ones are left out and
 * counted. Records the import with the balance check saldo(DTSTART − 1) + Σ TRNAMT = LEDGERBAL.BALAMT,
 * whose difference is a warning, not a refusal. A file that is not OFX, or of another currency, is a 400.
 */
export async function importarExtrato(
  context: RecordContext,
  input: ImportarExtratoInput,
): Promise<ImportacaoResultado> {
  const { tx, scope } = context;
  const conta = await tx.maybeOne<{ id: number; numero_conta: string | null }>(
    'SELECT id, numero_conta FROM conta WHERE id = $1 AND empresa_id = $2 AND filial_id = $3',
    [input.contaId, scope.empresaId, scope.filialId],
  );
  if (!conta) throw new HttpError(400, 'CONTA_NAO_ENCONTRADA', 'Conta bancária não encontrada nesta filial.');
  const bytes = Buffer.from(input.conteudo, 'base64');
  if (bytes.length === 0) throw new HttpError(400, 'ARQUIVO_VAZIO', 'O arquivo enviado está vazio.');
  if (bytes.length > OFX_MAX_BYTES)
    throw new HttpError(
      413,
      'ARQUIVO_GRANDE',
      'O arquivo OFX tem mais de 5 MB; exporte um período menor no banco.',
    );
  let extratos: OfxStatement[];
  try {
    extratos = parseOfxContas(decodeOfx(bytes));
  } catch (error) {
    if (error instanceof RangeError) throw new HttpError(400, 'OFX_INVALIDO', error.message);
    throw error;
  }
  const extrato = escolherExtrato(extratos, conta.numero_conta, input.indiceConta);
  if (extrato.moeda && extrato.moeda !== 'BRL')
    throw new HttpError(
      400,
      'MOEDA_DO_EXTRATO',
      `O extrato está em ${extrato.moeda}; importe extratos em reais (BRL).`,
    );
  const linhas = extrato.transacoes.filter((line) => line.informativo === null);
  const informativas = extrato.transacoes.length - linhas.length;
  const avisos = [...extrato.avisos];
  const futuras = extrato.transacoes.filter((line) => line.informativo === 'futuro').length;
  if (futuras > 0)
    avisos.push(
      `${futuras} lançamento(s) com data após o fim do extrato (futuros) não foram importados; importe-os no extrato em que forem efetivados.`,
    );
  const inicio = extrato.inicio ?? linhas.map((line) => line.data).sort()[0] ?? null;
  const saldoAnterior = inicio ? (await extratoBancario(tx, conta.id, inicio, inicio)).saldoAnterior : 0;
  const somaLancamentos = roundMoney(linhas.reduce((sum, line) => sum + line.valor, 0));
  const diferenca =
    extrato.saldo === null ? null : roundMoney(saldoAnterior + somaLancamentos - extrato.saldo);
  if (diferenca !== null && diferenca !== 0)
    avisos.push(
      `O extrato não fecha com o sistema: saldo em ${inicio ? dataBR(inicio) : 'início'} ${brl(saldoAnterior)} + transações ${brl(somaLancamentos)} = ${brl(roundMoney(saldoAnterior + somaLancamentos))}, mas o saldo final do arquivo é ${brl(extrato.saldo as number)} (diferença ${brl(diferenca)}).`,
    );
  const importacao = await tx.one<{ id: number }>(
    `INSERT INTO extrato_importacao (empresa_id, filial_id, criado_por, alterado_por, conta_id, nome_arquivo, banco,
            numero_conta, data_inicio, data_fim, saldo_final, saldo_anterior, soma_lancamentos, diferenca,
            linhas_novas, linhas_existentes, linhas_informativas, avisos)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, 0, $14, $15) RETURNING id`,
    [
      scope.empresaId,
      scope.filialId,
      scope.usuarioId,
      conta.id,
      input.nomeArquivo.slice(0, 255),
      extrato.banco?.slice(0, 20) ?? null,
      extrato.conta?.slice(0, 40) ?? null,
      inicio,
      extrato.fim,
      extrato.saldo,
      saldoAnterior,
      somaLancamentos,
      diferenca,
      informativas,
      avisos.join('\n').slice(0, 4000) || null,
    ],
  );
  const inserted =
    linhas.length === 0
      ? []
      : await tx.query(
          `INSERT INTO extrato_linha (empresa_id, filial_id, criado_por, alterado_por, conta_id, importacao_id, fitid,
                  chave_dedupe, data, valor, memo, nome, documento, tipo_transacao, situacao)
           SELECT $1, $2, $3, $3, $4, $5, u.fitid, u.chave, u.data, u.valor, u.memo, u.nome, u.documento, u.tipo, 0
             FROM unnest($6::text[], $7::text[], $8::date[], $9::numeric[], $10::text[], $11::text[], $12::text[],
                         $13::text[]) AS u(fitid, chave, data, valor, memo, nome, documento, tipo)
           ON CONFLICT (empresa_id, filial_id, conta_id, chave_dedupe) DO NOTHING RETURNING id`,
          [
            scope.empresaId,
            scope.filialId,
            scope.usuarioId,
            conta.id,
            importacao.id,
            linhas.map((line) => line.fitId.slice(0, 255) || null),
            linhas.map((line) => line.chave.slice(0, 300)),
            linhas.map((line) => line.data),
            linhas.map((line) => line.valor),
            linhas.map((line) => (line.memo ?? line.descricao).slice(0, 255) || null),
            linhas.map((line) => line.nome?.slice(0, 255) ?? null),
            linhas.map((line) => line.documento?.slice(0, 60) ?? null),
            linhas.map((line) => line.tipo.slice(0, 20)),
          ],
        );
  await tx.query('UPDATE extrato_importacao SET linhas_novas = $2, linhas_existentes = $3 WHERE id = $1', [
    importacao.id,
    inserted.length,
    linhas.length - inserted.length,
  ]);
  return {
    importacaoId: importacao.id,
    linhasNovas: inserted.length,
    linhasExistentes: linhas.length - inserted.length,
    linhasInformativas: informativas,
    saldoAnterior,
    somaLancamentos,
    saldoFinal: extrato.saldo,
    diferenca,
    avisos,
  };
}
