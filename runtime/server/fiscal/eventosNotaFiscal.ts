import { gunzipSync } from 'node:zlib';
import { recusaPrazoCancelamento } from '../../core/fiscal/prazoCancelamento.ts';
import { HttpError } from '../errors.ts';
import { emitenteFiscal } from '../services/arquivosFiscais/emitenteFiscal.ts';
import { assinarXmlDfeInWorker } from './assinarXmlDfeInWorker.ts';
import type { EscopoEmissao } from './emissaoNotaFiscal.ts';
import { certificadoA1, chamarComRegistro, concluirTransmissao, tlsDaFilial } from './sefaz/clienteSefaz.ts';
import { CODIGO_UF } from './sefaz/endpointsSefaz.ts';
import {
  blocoTag,
  type DetalheEvento,
  type DocumentoDistribuido,
  lerRetConsStatServ,
  lerRetDistDFeInt,
  lerRetEnvEvento,
  lerRetInutNFe,
  montarConsStatServ,
  montarDistDFeInt,
  montarEnvEvento,
  montarEvento,
  montarInutNFe,
  montarProcEvento,
  NS_NFE,
  SCHEMA_EVENTO,
  semDeclaracao,
  valorTag,
} from './sefaz/mensagensSefaz.ts';
import {
  comTransacao,
  executarAcoesNota,
  modeloDaChave,
  ROTULO_SITUACAO,
  type ServicosTransmissao,
  SITUACAO,
  tipoEmissaoDaChave,
  ufDaChave,
} from './transmissaoNotaFiscal.ts';
import { validarXmlSchema } from './validarXmlNfe.ts';

export interface ResultadoEvento {
  cStat: number;
  xMotivo: string;
  protocolo: string | null;
  sequencia: number;
  situacao: number;
  situacaoDescricao: string;
  chave: string;
  avisos: string[];
}

function textoEntre(campo: string, valor: string | undefined, minimo: number, maximo: number): string {
  const texto = (valor ?? '').replace(/\s+/g, ' ').trim();
  if (texto.length < minimo || texto.length > maximo)
    throw new HttpError(
      422,
      'TEXTO_FORA_DO_TAMANHO',
      `${campo} precisa ter de ${minimo} a ${maximo} caracteres (tem ${texto.length}).`,
    );
  return texto;
}

const indisponivel = (motivo: string) =>
  new HttpError(
    503,
    'SEFAZ_INDISPONIVEL',
    `A SEFAZ não respondeu (${motivo}). Tente novamente em alguns minutos.`,
  );

async function assinarEValidar(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  cnpj: string,
  xml: string,
  elemento: 'infEvento' | 'infInut',
): Promise<string> {
  const a1 = await certificadoA1(servicos, escopo, cnpj);
  return assinarXmlDfeInWorker(xml, elemento, a1.pfx, a1.senha);
}

async function validarMensagem(xml: string, schema: string, oQue: string): Promise<void> {
  const validacao = await validarXmlSchema(xml, schema);
  if (!validacao.valido) {
    const primeiro = validacao.erros[0];
    throw new HttpError(
      422,
      'XML_INVALIDO',
      `O XML ${oQue} não passou na validação do schema oficial (${validacao.pacote}) e não foi enviado${primeiro ? `: ${primeiro.campo ? `${primeiro.campo}: ` : ''}${primeiro.mensagem}` : '.'}`,
      { erros: validacao.erros },
    );
  }
}

interface NotaEvento {
  id: number;
  situacao: number;
  chave: string | null;
  protocolo: string | null;
  xml: string | null;
}

/**
 * Sends an event about an authorised nota (signed infEvento, XSD-checked envEvento) and records request,
 * answer and procEventoNFe; returns the retEvento read and the transmission row.
 */
async function enviarEvento(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  nota: NotaEvento & { chave: string },
  detalhe: DetalheEvento,
  sequencia: number,
  oQue: string,
) {
  const chave = nota.chave;
  const cnpj = chave.slice(6, 20);
  const uf = ufDaChave(chave);
  const ambiente = Number(valorTag(nota.xml ?? '', 'tpAmb') ?? 2) === 1 ? 1 : 2;
  const evento = montarEvento({
    cOrgao: CODIGO_UF[uf] ?? '91',
    ambiente,
    cnpj,
    chave,
    dataHora: new Date(),
    sequencia,
    detalhe,
  });
  const assinado = await assinarEValidar(servicos, escopo, cnpj, evento, 'infEvento');
  const mensagem = montarEnvEvento(assinado, `${Date.now()}`.slice(-15));
  await validarMensagem(mensagem, SCHEMA_EVENTO[detalhe.tpEvento], oQue);
  const tls = await tlsDaFilial(servicos, escopo, cnpj);
  const tipoEmissao = tipoEmissaoDaChave(chave);
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf,
      modelo: modeloDaChave(chave),
      ambiente,
      servico: 'NFeRecepcaoEvento4',
      autorizador: tipoEmissao === 6 || tipoEmissao === 7 ? 'svc' : 'normal',
      mensagem,
      tls,
    },
    {
      documentoTipo: 'notaFiscal',
      documentoId: nota.id,
      chave,
      tipoEmissao,
      tipoEvento: detalhe.tpEvento,
      sequenciaEvento: sequencia,
    },
  );
  if (!r.ok) throw indisponivel(r.erro.message);
  const ret = lerRetEnvEvento(r.resposta.mensagem);
  const registrado = ret.cStat === 135 || ret.cStat === 136 || ret.cStat === 155;
  return {
    ret,
    registrado,
    transmissaoId: r.transmissaoId,
    envelope: r.resposta.envelope,
    procEvento: registrado && ret.xml ? montarProcEvento(assinado, ret.xml) : null,
  };
}

async function notaAutorizada(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  acao: string,
): Promise<NotaEvento & { chave: string }> {
  const nota = await servicos.db.withTenant(
    escopo,
    (tx) =>
      tx.maybeOne<NotaEvento>(
        `SELECT id::int AS id, situacao::int AS situacao, chave, protocolo, xml FROM nota_fiscal WHERE id = $1 AND filial_id = $2`,
        [notaId, escopo.filialId],
      ),
    { readOnly: true },
  );
  if (!nota) throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Nota fiscal não encontrada.');
  if (nota.situacao !== SITUACAO.AUTORIZADO || !nota.chave || !nota.protocolo)
    throw new HttpError(
      409,
      'NOTA_NAO_AUTORIZADA',
      `Só uma nota autorizada pode ${acao}; a situação desta é ${ROTULO_SITUACAO[nota.situacao] ?? nota.situacao}.`,
    );
  return { ...nota, chave: nota.chave };
}

/** When SEFAZ authorised the nota: dhRecbto of the protNFe kept in its nfeProc. */
function dataAutorizacao(nota: NotaEvento): Date | null {
  const prot = blocoTag(nota.xml ?? '', 'protNFe');
  const dh = prot ? valorTag(prot, 'dhRecbto') : undefined;
  return dh ? new Date(dh) : null;
}

/**
 * POST /api/NotasFiscais/{id}/cancelar: event 110111 within the legal window (NF-e 24 h; NFC-e the
 * emitente's UF's, 30 min by the national rule — recusaPrazoCancelamento); 135/155 → situação cancelada and the nota's stock and títulos reversed through
 * its estorno actions (a refused estorno is a warning: the cancellation at SEFAZ stands).
 */
export async function cancelarNotaFiscal(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  justificativaInformada: string | undefined,
  agora: Date = new Date(),
): Promise<ResultadoEvento> {
  const justificativa = textoEntre('A justificativa do cancelamento', justificativaInformada, 15, 255);
  const nota = await notaAutorizada(servicos, escopo, notaId, 'ser cancelada');
  const modelo = modeloDaChave(nota.chave);
  const autorizadaEm = dataAutorizacao(nota);
  // The window of the model and of the emitente's UF (runtime/core/fiscal/prazosCancelamentoNfce.json).
  const recusa = autorizadaEm
    ? recusaPrazoCancelamento({ modelo, uf: ufDaChave(nota.chave), autorizadaEm, agora })
    : null;
  if (recusa) throw new HttpError(422, 'PRAZO_CANCELAMENTO_ENCERRADO', recusa);
  const enviado = await enviarEvento(
    servicos,
    escopo,
    nota,
    { tpEvento: '110111', protocolo: nota.protocolo!, justificativa },
    1,
    'do cancelamento',
  );
  const { ret } = enviado;
  const avisos = await comTransacao(servicos, escopo, async (tx) => {
    await concluirTransmissao(tx, enviado.transmissaoId, {
      resposta: enviado.envelope,
      cStat: ret.cStat,
      xMotivo: ret.xMotivo,
      protocolo: ret.protocolo,
      xmlProcessado: enviado.procEvento,
    });
    if (!enviado.registrado) return [];
    const atual = await tx.one<{ situacao: number }>(
      'SELECT situacao::int AS situacao FROM nota_fiscal WHERE id = $1 FOR UPDATE',
      [notaId],
    );
    if (atual.situacao !== SITUACAO.AUTORIZADO) return [];
    // Reversed while the nota is still authorised (its estorno actions refuse a cancelled one).
    const refusados = await executarAcoesNota(tx, escopo, servicos, notaId, 'estornar');
    await tx.query(
      `UPDATE nota_fiscal SET situacao = $2, motivo_rejeicao = $3, versao = versao + 1, alterado_em = now() WHERE id = $1`,
      [
        notaId,
        SITUACAO.CANCELADO,
        `Cancelada: ${justificativa} (protocolo ${ret.protocolo ?? ''})`.slice(0, 2000),
      ],
    );
    return refusados;
  });
  if (!enviado.registrado)
    throw new HttpError(
      422,
      'EVENTO_REJEITADO',
      `A SEFAZ rejeitou o cancelamento: ${ret.cStat} - ${ret.xMotivo}`,
      { cStat: ret.cStat, xMotivo: ret.xMotivo },
    );
  return {
    cStat: ret.cStat,
    xMotivo: ret.xMotivo,
    protocolo: ret.protocolo,
    sequencia: 1,
    situacao: SITUACAO.CANCELADO,
    situacaoDescricao: ROTULO_SITUACAO[SITUACAO.CANCELADO]!,
    chave: nota.chave,
    avisos,
  };
}

/** Most cartas de correção per NF-e (nSeqEvento 1..20). */
const MAX_CCE = 20;

/**
 * POST /api/NotasFiscais/{id}/cartaCorrecao: event 110110 with the legal condition text, the next
 * nSeqEvento (each CC-e replaces the previous one); NF-e only.
 */
export async function cartaCorrecaoNotaFiscal(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  correcaoInformada: string | undefined,
): Promise<ResultadoEvento> {
  const correcao = textoEntre('A correção', correcaoInformada, 15, 1000);
  const nota = await notaAutorizada(servicos, escopo, notaId, 'receber carta de correção');
  if (modeloDaChave(nota.chave) === 65)
    throw new HttpError(422, 'NFCE_SEM_CCE', 'A NFC-e não admite carta de correção: cancele e emita outra.');
  const anteriores = await servicos.db.withTenant(
    escopo,
    (tx) =>
      tx.one<{ n: number }>(
        `SELECT coalesce(max(sequencia_evento), 0)::int AS n FROM nota_fiscal_transmissao
          WHERE empresa_id = $1 AND documento_tipo = 'notaFiscal' AND documento_id = $2 AND tipo_evento = '110110'
            AND c_stat IN (135, 136)`,
        [escopo.empresaId, notaId],
      ),
    { readOnly: true },
  );
  const sequencia = anteriores.n + 1;
  if (sequencia > MAX_CCE)
    throw new HttpError(422, 'LIMITE_CCE', `A nota já tem ${MAX_CCE} cartas de correção, o limite da SEFAZ.`);
  const enviado = await enviarEvento(
    servicos,
    escopo,
    nota,
    { tpEvento: '110110', correcao },
    sequencia,
    'da carta de correção',
  );
  const { ret } = enviado;
  await servicos.db.withTenant(escopo, (tx) =>
    concluirTransmissao(tx, enviado.transmissaoId, {
      resposta: enviado.envelope,
      cStat: ret.cStat,
      xMotivo: ret.xMotivo,
      protocolo: ret.protocolo,
      xmlProcessado: enviado.procEvento,
    }),
  );
  if (!enviado.registrado)
    throw new HttpError(
      422,
      'EVENTO_REJEITADO',
      `A SEFAZ rejeitou a carta de correção: ${ret.cStat} - ${ret.xMotivo}`,
      { cStat: ret.cStat, xMotivo: ret.xMotivo },
    );
  return {
    cStat: ret.cStat,
    xMotivo: ret.xMotivo,
    protocolo: ret.protocolo,
    sequencia,
    situacao: SITUACAO.AUTORIZADO,
    situacaoDescricao: ROTULO_SITUACAO[SITUACAO.AUTORIZADO]!,
    chave: nota.chave,
    avisos: [],
  };
}

async function dadosDaFilial(servicos: ServicosTransmissao, escopo: EscopoEmissao, acao: string) {
  return servicos.db.withTenant(
    escopo,
    async (tx) => {
      const emitente = await emitenteFiscal(tx, escopo.filialId, acao).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 400)
          throw new HttpError(422, error.code, error.message);
        throw error;
      });
      const config = await tx.maybeOne<{ ambiente: number }>(
        'SELECT ambiente::int AS ambiente FROM configuracao_nfe WHERE filial_id = $1 ORDER BY id LIMIT 1',
        [escopo.filialId],
      );
      if (!config)
        throw new HttpError(
          422,
          'FILIAL_SEM_CONFIGURACAO_NFE',
          'A filial não tem a configuração fiscal. Preencha Configurações › Configuração fiscal antes.',
        );
      if (!emitente.uf || !CODIGO_UF[emitente.uf])
        throw new HttpError(
          422,
          'UF_NAO_ATENDIDA',
          `A filial ${emitente.nome} não tem UF válida no endereço. Complete o endereço da filial.`,
        );
      return {
        cnpj: emitente.cnpj,
        uf: emitente.uf,
        ambiente: (config.ambiente === 1 ? 1 : 2) as 1 | 2,
      };
    },
    { readOnly: true },
  );
}

export interface PedidoInutilizacao {
  modelo: 55 | 65;
  serie: number;
  numeroInicial: number;
  numeroFinal: number;
  justificativa: string;
}

/**
 * POST /api/NotasFiscais/inutilizar: a gap of numbers of the branch (modelo, série, faixa) declared
 * unused (NFeInutilizacao4, signed infInut); 102 → an inutilização record (situação Inutilizado) with the
 * protocol. Refused before sending when a number of the range belongs to a nota that was sent.
 */
export async function inutilizarNumeracao(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  pedido: PedidoInutilizacao,
  agora: Date = new Date(),
) {
  const justificativa = textoEntre('A justificativa da inutilização', pedido.justificativa, 15, 255);
  const { modelo, serie, numeroInicial, numeroFinal } = pedido;
  if (numeroFinal < numeroInicial)
    throw new HttpError(
      422,
      'FAIXA_INVALIDA',
      `O número final (${numeroFinal}) é menor que o inicial (${numeroInicial}).`,
    );
  if (numeroFinal - numeroInicial >= 10_000)
    throw new HttpError(422, 'FAIXA_INVALIDA', 'Inutilize no máximo 10.000 números por vez.');
  const usada = await servicos.db.withTenant(
    escopo,
    (tx) =>
      tx.maybeOne<{ numero: number; situacao: number }>(
        `SELECT numero::int AS numero, situacao::int AS situacao FROM nota_fiscal
          WHERE filial_id = $1 AND serie = $2 AND numero BETWEEN $3 AND $4 AND situacao IN (1, 2, 4, 5, 6, 7)
          ORDER BY numero LIMIT 1`,
        [escopo.filialId, serie, numeroInicial, numeroFinal],
      ),
    { readOnly: true },
  );
  if (usada)
    throw new HttpError(
      409,
      'NUMERO_USADO',
      `O número ${usada.numero} da série ${serie} já é de uma nota fiscal (situação ${ROTULO_SITUACAO[usada.situacao]}): não pode ser inutilizado.`,
    );
  const filial = await dadosDaFilial(servicos, escopo, 'inutilizar a numeração');
  const ano = Number(new Date(agora.getTime() - 3 * 3600_000).toISOString().slice(0, 4));
  const dados = {
    ambiente: filial.ambiente,
    cUF: CODIGO_UF[filial.uf]!,
    ano,
    cnpj: filial.cnpj,
    modelo,
    serie,
    numeroInicial,
    numeroFinal,
    justificativa,
  };
  const assinado = await assinarEValidar(servicos, escopo, filial.cnpj, montarInutNFe(dados), 'infInut');
  await validarMensagem(assinado, 'inutNFe_v4.00.xsd', 'da inutilização');
  const tls = await tlsDaFilial(servicos, escopo, filial.cnpj);
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf: filial.uf,
      modelo,
      ambiente: filial.ambiente,
      servico: 'NFeInutilizacao4',
      mensagem: assinado,
      tls,
    },
    { documentoTipo: 'inutilizacao', documentoId: null },
  );
  if (!r.ok) throw indisponivel(r.erro.message);
  const ret = lerRetInutNFe(r.resposta.mensagem);
  const retInut = blocoTag(r.resposta.mensagem, 'retInutNFe');
  const id = await servicos.db.withTenant(escopo, async (tx) => {
    const homologada = ret.cStat === 102;
    await concluirTransmissao(tx, r.transmissaoId, {
      resposta: r.resposta.envelope,
      cStat: ret.cStat,
      xMotivo: ret.xMotivo,
      protocolo: ret.protocolo,
      xmlProcessado:
        homologada && retInut
          ? `<?xml version="1.0" encoding="UTF-8"?><ProcInutNFe xmlns="${NS_NFE}" versao="4.00">${semDeclaracao(assinado)}${retInut.replace(/<(\/?)[\w-]+:/g, '<$1')}</ProcInutNFe>`
          : null,
    });
    if (!homologada) return null;
    const row = await tx.one<{ id: number }>(
      `INSERT INTO inutilizacao (empresa_id, filial_id, criado_por, alterado_por, modelo, serie, numero_inicial,
              numero_final, ano, justificativa, situacao, protocolo, data_evento)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id::int AS id`,
      [
        escopo.empresaId,
        escopo.filialId,
        escopo.usuarioId ?? null,
        modelo,
        serie,
        numeroInicial,
        numeroFinal,
        ano,
        justificativa,
        SITUACAO.INUTILIZADO,
        ret.protocolo,
        ret.dataRecebimento ? new Date(ret.dataRecebimento) : agora,
      ],
    );
    await tx.query('UPDATE nota_fiscal_transmissao SET documento_id = $2 WHERE id = $1', [
      r.transmissaoId,
      row.id,
    ]);
    return row.id;
  });
  if (id === null)
    throw new HttpError(
      422,
      'INUTILIZACAO_REJEITADA',
      `A SEFAZ rejeitou a inutilização: ${ret.cStat} - ${ret.xMotivo}`,
      { cStat: ret.cStat, xMotivo: ret.xMotivo },
    );
  return {
    id,
    cStat: ret.cStat,
    xMotivo: ret.xMotivo,
    protocolo: ret.protocolo,
    situacao: SITUACAO.INUTILIZADO,
    situacaoDescricao: ROTULO_SITUACAO[SITUACAO.INUTILIZADO]!,
  };
}

/** GET /api/NotasFiscais/statusServico: NFeStatusServico4 of the branch's authorizer (107 em operação). */
export async function statusServico(servicos: ServicosTransmissao, escopo: EscopoEmissao, modelo: 55 | 65) {
  const filial = await dadosDaFilial(servicos, escopo, 'consultar a SEFAZ');
  const tls = await tlsDaFilial(servicos, escopo, filial.cnpj);
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf: filial.uf,
      modelo,
      ambiente: filial.ambiente,
      servico: 'NFeStatusServico4',
      mensagem: montarConsStatServ(filial.ambiente, CODIGO_UF[filial.uf]!),
      tls,
    },
    { documentoTipo: 'filial', documentoId: escopo.filialId },
  );
  if (!r.ok) {
    return {
      emOperacao: false,
      cStat: null,
      xMotivo: `Sem resposta da SEFAZ: ${r.erro.message}`,
      tempoMedio: null,
      uf: filial.uf,
      modelo,
      ambiente: filial.ambiente,
    };
  }
  const ret = lerRetConsStatServ(r.resposta.mensagem);
  await servicos.db.withTenant(escopo, (tx) =>
    concluirTransmissao(tx, r.transmissaoId, {
      resposta: r.resposta.envelope,
      cStat: ret.cStat,
      xMotivo: ret.xMotivo,
    }),
  );
  return {
    emOperacao: ret.cStat === 107,
    cStat: ret.cStat,
    xMotivo: ret.xMotivo,
    tempoMedio: ret.tempoMedio,
    uf: filial.uf,
    modelo,
    ambiente: filial.ambiente,
  };
}

/**
 * Manifestação do destinatário (210200 confirmação, 210210 ciência, 210220 desconhecimento, 210240
 * operação não realizada with a justificativa) of an NF-e received by the branch, sent to the Ambiente
 * Nacional's RecepcaoEvento (cOrgao 91). Returns SEFAZ's answer; nothing else is stored but the request.
 */
export async function manifestarDestinatario(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  chave: string,
  detalhe: Extract<DetalheEvento, { tpEvento: '210200' | '210210' | '210220' | '210240' }>,
  documento: { tipo: 'manifestacao' | 'filial'; id: number } = { tipo: 'filial', id: escopo.filialId },
) {
  if (!/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/.test(chave))
    throw new HttpError(422, 'CHAVE_INVALIDA', 'A chave de acesso precisa ter 44 caracteres.');
  const filial = await dadosDaFilial(servicos, escopo, 'manifestar a nota');
  const evento = montarEvento({
    cOrgao: '91',
    ambiente: filial.ambiente,
    cnpj: filial.cnpj,
    chave,
    dataHora: new Date(),
    sequencia: 1,
    detalhe,
  });
  const assinado = await assinarEValidar(servicos, escopo, filial.cnpj, evento, 'infEvento');
  const mensagem = montarEnvEvento(assinado, `${Date.now()}`.slice(-15));
  await validarMensagem(mensagem, SCHEMA_EVENTO[detalhe.tpEvento], 'da manifestação');
  const tls = await tlsDaFilial(servicos, escopo, filial.cnpj);
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf: filial.uf,
      modelo: 55,
      ambiente: filial.ambiente,
      servico: 'NFeRecepcaoEvento4',
      autorizador: 'AN',
      mensagem,
      tls,
    },
    {
      documentoTipo: documento.tipo,
      documentoId: documento.id,
      chave,
      tipoEvento: detalhe.tpEvento,
      sequenciaEvento: 1,
    },
  );
  if (!r.ok) throw indisponivel(r.erro.message);
  const ret = lerRetEnvEvento(r.resposta.mensagem);
  await servicos.db.withTenant(escopo, (tx) =>
    concluirTransmissao(tx, r.transmissaoId, {
      resposta: r.resposta.envelope,
      cStat: ret.cStat,
      xMotivo: ret.xMotivo,
      protocolo: ret.protocolo,
      xmlProcessado: ret.xml ? montarProcEvento(assinado, ret.xml) : null,
    }),
  );
  return { cStat: ret.cStat, xMotivo: ret.xMotivo, protocolo: ret.protocolo };
}

/**
 * Distribuição DF-e (Ambiente Nacional): the documents addressed to the branch's CNPJ after `ultimoNsu`
 * (resNFe, procNFe, events), unzipped. 137 = nothing new.
 */
export async function distribuicaoDFe(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  ultimoNsu: string,
): Promise<{
  cStat: number;
  xMotivo: string;
  ultimoNsu: string;
  maximoNsu: string;
  documentos: DocumentoDistribuido[];
}> {
  const filial = await dadosDaFilial(servicos, escopo, 'consultar as notas recebidas');
  const tls = await tlsDaFilial(servicos, escopo, filial.cnpj);
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf: filial.uf,
      modelo: 55,
      ambiente: filial.ambiente,
      servico: 'NFeDistribuicaoDFe',
      autorizador: 'AN',
      mensagem: montarDistDFeInt(filial.ambiente, CODIGO_UF[filial.uf]!, filial.cnpj, ultimoNsu),
      tls,
    },
    { documentoTipo: 'filial', documentoId: escopo.filialId },
  );
  if (!r.ok) throw indisponivel(r.erro.message);
  const ret = lerRetDistDFeInt(r.resposta.mensagem, (dados) =>
    gunzipSync(dados, { maxOutputLength: 16 * 1024 * 1024 }),
  );
  await servicos.db.withTenant(escopo, (tx) =>
    concluirTransmissao(tx, r.transmissaoId, {
      resposta: r.resposta.envelope,
      cStat: ret.cStat,
      xMotivo: ret.xMotivo,
    }),
  );
  return ret;
}

/** GET /api/NotasFiscais/{id}/transmissoes: every request and answer of the nota, oldest first. */
export async function transmissoesDaNota(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
) {
  return servicos.db.withTenant(
    escopo,
    async (tx) => {
      const nota = await tx.maybeOne('SELECT id FROM nota_fiscal WHERE id = $1 AND filial_id = $2', [
        notaId,
        escopo.filialId,
      ]);
      if (!nota) throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Nota fiscal não encontrada.');
      return tx.query(
        `SELECT id::int AS id, servico, url, ambiente::int AS ambiente, tipo_emissao::int AS "tipoEmissao", chave,
                tipo_evento AS "tipoEvento", sequencia_evento AS "sequenciaEvento", c_stat AS "cStat", x_motivo AS "xMotivo",
                protocolo, recibo, erro, requisicao, resposta, xml_processado AS "xmlProcessado",
                criado_em AS "criadoEm", respondido_em AS "respondidoEm"
           FROM nota_fiscal_transmissao
          WHERE empresa_id = $1 AND documento_tipo = 'notaFiscal' AND documento_id = $2
          ORDER BY id`,
        [escopo.empresaId, notaId],
      );
    },
    { readOnly: true },
  );
}

/** GET /api/NotasFiscais/{id}/nfeProc: the authorised XML (NFe + protNFe) and its file name. */
export async function nfeProcDaNota(servicos: ServicosTransmissao, escopo: EscopoEmissao, notaId: number) {
  const nota = await servicos.db.withTenant(
    escopo,
    (tx) =>
      tx.maybeOne<{ situacao: number; chave: string | null; xml: string | null }>(
        'SELECT situacao::int AS situacao, chave, xml FROM nota_fiscal WHERE id = $1 AND filial_id = $2',
        [notaId, escopo.filialId],
      ),
    { readOnly: true },
  );
  if (!nota) throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Nota fiscal não encontrada.');
  if (!nota.xml || !nota.chave || !nota.xml.includes('<protNFe'))
    throw new HttpError(
      409,
      'NOTA_SEM_XML_AUTORIZADO',
      `A nota não foi autorizada (situação ${ROTULO_SITUACAO[nota.situacao]}): ainda não há XML autorizado para baixar.`,
    );
  return { xml: nota.xml, arquivo: `${nota.chave}-procNFe.xml` };
}

const EVENTOS_MANIFESTACAO = ['210200', '210210', '210220', '210240'] as const;

/**
 * POST /api/Manifestacoes/{id}/manifestar: the branch's manifestação about a received NF-e (NF-e ›
 * Manifestações); 135/136 → the record keeps the event, its date and protocol. Operação não Realizada needs
 * a justificativa of 15 to 255 characters.
 */
export async function manifestarNota(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  id: number,
  evento: number,
  justificativaInformada?: string,
) {
  const tpEvento = String(evento) as (typeof EVENTOS_MANIFESTACAO)[number];
  if (!EVENTOS_MANIFESTACAO.includes(tpEvento))
    throw new HttpError(
      422,
      'EVENTO_INVALIDO',
      'Escolha a manifestação: 210200 Confirmação, 210210 Ciência, 210220 Desconhecimento ou 210240 Operação não Realizada.',
    );
  const justificativa =
    tpEvento === '210240'
      ? textoEntre('A justificativa da Operação não Realizada', justificativaInformada, 15, 255)
      : null;
  const registro = await servicos.db.withTenant(
    escopo,
    (tx) =>
      tx.maybeOne<{ chave: string }>('SELECT chave FROM manifestacao WHERE id = $1 AND filial_id = $2', [
        id,
        escopo.filialId,
      ]),
    { readOnly: true },
  );
  if (!registro) throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Manifestação não encontrada.');
  const detalhe =
    tpEvento === '210240'
      ? { tpEvento, justificativa: justificativa! }
      : { tpEvento: tpEvento as '210200' | '210210' | '210220' };
  const ret = await manifestarDestinatario(servicos, escopo, registro.chave, detalhe, {
    tipo: 'manifestacao',
    id,
  });
  if (ret.cStat !== 135 && ret.cStat !== 136)
    throw new HttpError(
      422,
      'EVENTO_REJEITADO',
      `A SEFAZ rejeitou a manifestação: ${ret.cStat} - ${ret.xMotivo}`,
      { cStat: ret.cStat, xMotivo: ret.xMotivo },
    );
  await servicos.db.withTenant(escopo, (tx) =>
    tx.query(
      `UPDATE manifestacao SET evento = $2, justificativa = $3, data_evento = now(), protocolo = $4, versao = versao + 1,
              alterado_em = now(), alterado_por = $5
        WHERE id = $1`,
      [id, evento, justificativa, ret.protocolo, escopo.usuarioId ?? null],
    ),
  );
  return { ...ret, evento };
}

/** Summary of a distributed document (resNFe or procNFe) for the manifestação list; null for events. */
function resumoDocumento(xml: string) {
  let chave: string | undefined;
  let cnpj: string | undefined;
  let nome: string | undefined;
  let vNF: string | undefined;
  if (/<(?:[\w-]+:)?resNFe[\s>]/.test(xml)) {
    chave = valorTag(xml, 'chNFe');
    cnpj = valorTag(xml, 'CNPJ');
    nome = valorTag(xml, 'xNome');
    vNF = valorTag(xml, 'vNF');
  } else if (/<(?:[\w-]+:)?nfeProc[\s>]/.test(xml)) {
    const emit = blocoTag(xml, 'emit') ?? '';
    chave = /Id="NFe([0-9A-Z]{44})"/.exec(xml)?.[1];
    cnpj = valorTag(emit, 'CNPJ');
    nome = valorTag(emit, 'xNome');
    vNF = valorTag(blocoTag(xml, 'ICMSTot') ?? '', 'vNF');
  }
  if (!chave) return null;
  const dhEmi = valorTag(xml, 'dhEmi');
  return {
    chave,
    cnpj: cnpj ?? null,
    nome: nome?.slice(0, 60) ?? null,
    dataEmissao: dhEmi ? new Date(dhEmi) : null,
    valorTotal: vNF === undefined ? null : Number(vNF),
  };
}

/**
 * POST /api/Manifestacoes/sincronizar: the NF-e addressed to the branch since the last NSU read
 * (Distribuição DF-e, Ambiente Nacional; the last ultNSU is the one of the previous answer in the
 * transmission log) become manifestação records, not yet manifested; a chave already listed is skipped.
 */
export async function sincronizarManifestacoes(servicos: ServicosTransmissao, escopo: EscopoEmissao) {
  const anterior = await servicos.db.withTenant(
    escopo,
    (tx) =>
      tx.maybeOne<{ resposta: string | null }>(
        `SELECT resposta FROM nota_fiscal_transmissao
          WHERE empresa_id = $1 AND documento_tipo = 'filial' AND documento_id = $2 AND servico = 'NFeDistribuicaoDFe'
            AND c_stat IN (137, 138)
          ORDER BY id DESC LIMIT 1`,
        [escopo.empresaId, escopo.filialId],
      ),
    { readOnly: true },
  );
  const ultimo = valorTag(anterior?.resposta ?? '', 'ultNSU') ?? '0';
  const ret = await distribuicaoDFe(servicos, escopo, ultimo);
  const novas = await servicos.db.withTenant(escopo, async (tx) => {
    let inseridas = 0;
    for (const documento of ret.documentos) {
      const resumo = resumoDocumento(documento.xml);
      if (!resumo) continue;
      const rows = await tx.query(
        `INSERT INTO manifestacao (empresa_id, filial_id, criado_por, alterado_por, chave, cnpj_emitente, nome_emitente,
                data_emissao, valor_total)
         SELECT $1, $2, $3, $3, $4::text, $5::text, $6::text, $7::timestamptz, $8::numeric
          WHERE NOT EXISTS (SELECT 1 FROM manifestacao WHERE filial_id = $2 AND chave = $4::text)
         RETURNING id`,
        [
          escopo.empresaId,
          escopo.filialId,
          escopo.usuarioId ?? null,
          resumo.chave,
          resumo.cnpj,
          resumo.nome,
          resumo.dataEmissao,
          resumo.valorTotal,
        ],
      );
      inseridas += rows.length;
    }
    return inseridas;
  });
  return {
    cStat: ret.cStat,
    xMotivo: ret.xMotivo,
    ultimoNsu: ret.ultimoNsu,
    maximoNsu: ret.maximoNsu,
    novas,
  };
}
