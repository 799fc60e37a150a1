import { IBS_CBS_2026 } from '../../core/fiscal/calcularTributosNota.ts';
import type {
  DadosNotaXml,
  DestinatarioXml,
  ItemXml,
  TransportadorXml,
} from '../../core/fiscal/montarXmlNfe.ts';
import { ratearValor } from '../../core/fiscal/ratearValor.ts';
import type {
  AliquotasIbpt,
  Crt,
  EntradaTributos,
  ItemTributavel,
} from '../../core/fiscal/tributacaoTipos.ts';
import { formatCpfCnpj } from '../../core/formatCpfCnpj.ts';
import { isValidCpfCnpj } from '../../core/isValidCpfCnpj.ts';
import type { Database, Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { emitenteFiscal } from '../services/arquivosFiscais/emitenteFiscal.ts';
import { pagamentosDoCaixa } from './pagamentosDoCaixa.ts';

/** What the preview and the XML need of one nota fiscal, assembled from its rows (no taxes yet). */
export interface NotaCarregada {
  notaId: number;
  filialId: number;
  cnpjEmitente: string;
  ufEmitente: string;
  configuracao: ConfiguracaoRow;
  entrada: EntradaTributos;
  /** The XML data without `tributos`, `modelo`, `serie` and `numero` (chosen by the caller). */
  xml: Omit<DadosNotaXml, 'tributos' | 'modelo' | 'serie' | 'numero'>;
  serie: number | null;
  numero: number | null;
}

export interface ConfiguracaoRow {
  ambiente: 1 | 2;
  crt: Crt;
  tipoEmissao: number;
  serieNfe: number;
  proximoNumeroNfe: number;
  serieNfce: number;
  proximoNumeroNfce: number;
  cscId: string | null;
  cscToken: string | null;
  /** NFC-e QR code version chosen (2 or 3); null = automatic (versaoQrCodeNfce). */
  versaoQrCodeNfce: number | null;
  /** tpImp of the NF-e: 1 retrato, 2 paisagem. */
  modoImpressaoDanfe: number;
  informacoesComplementares: string | null;
  informarTributosAproximados: boolean;
  aliquotaCreditoSimples: number | null;
}

interface NotaRow {
  id: number;
  filial_id: number;
  tipo_operacao: number;
  finalidade: number;
  numero: number | null;
  serie: number | null;
  data_emissao: Date;
  valor_frete: string;
  valor_desconto: string;
  modalidade_frete: number;
  informacoes_complementares: string | null;
  natureza: string | null;
  indicador_presenca: number | null;
  consumidor_final: number | null;
  destinatario_id: number | null;
  documento_consumidor: string | null;
  transportador_id: number | null;
}

interface PessoaRow {
  nome: string;
  cpf_cnpj: string | null;
  inscricao_estadual: string | null;
  indicador_ie: number | null;
  uf: string | null;
  codigo_municipio: number | null;
  municipio: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cep: string | null;
  email: string | null;
  telefone: string | null;
}

interface ItemRow {
  numero_item: number;
  produto_id: number | null;
  produto: string | null;
  codigo: string | null;
  descricao: string;
  ncm: string | null;
  cest: string | null;
  codigo_barras: string | null;
  unidade: string;
  quantidade: string;
  valor_unitario: string;
  valor_desconto: string;
  origem: number | null;
  cfop_item: string;
  perfil: string | null;
  cfop_perfil: string | null;
  tributacao_estadual: string | null;
  te_id: number | null;
  cst_icms: string | null;
  csosn: string | null;
  aliquota_icms: string | null;
  modalidade_base_calculo_icms: number | null;
  reducao_base: string | null;
  modalidade_base_calculo_icms_st: number | null;
  mva_st: string | null;
  reducao_base_st: string | null;
  aliquota_interna_destino: string | null;
  aliquota_fcp: string | null;
  percentual_diferimento: string | null;
  aliquota_ad_rem: string | null;
  aliquota_ad_rem_retencao: string | null;
  st_base_unitaria: string | null;
  st_aliquota: string | null;
  st_icms_unitario: string | null;
  tf_id: number | null;
  cst_pis: string | null;
  aliquota_pis: string | null;
  cst_cofins: string | null;
  aliquota_cofins: string | null;
  cst_ipi: string | null;
  aliquota_ipi: string | null;
  enquadramento_ipi: string | null;
  cst_ibs_cbs: string | null;
  classificacao_tributaria_ibs_cbs: string | null;
}

const num = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);
const digits = (value: string | null | undefined) => (value ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();
const invalido = (code: string, message: string) => new HttpError(422, code, message);

async function configuracaoDaFilial(tx: Tx, filialId: number): Promise<ConfiguracaoRow> {
  const row = await tx.maybeOne<ConfiguracaoRow>(
    `SELECT ambiente::int AS ambiente, regime_tributario::int AS crt, tipo_emissao::int AS "tipoEmissao",
            serie_nfe::int AS "serieNfe", proximo_numero_nfe::int AS "proximoNumeroNfe",
            serie_nfce::int AS "serieNfce", proximo_numero_nfce::int AS "proximoNumeroNfce",
            csc_id AS "cscId", csc_token AS "cscToken", versao_qr_code_nfce::int AS "versaoQrCodeNfce",
            COALESCE(modo_impressao_danfe, 1)::int AS "modoImpressaoDanfe", informacoes_complementares AS "informacoesComplementares",
            COALESCE(informar_tributos_aproximados, true) AS "informarTributosAproximados",
            aliquota_credito_simples::float8 AS "aliquotaCreditoSimples"
       FROM configuracao_nfe WHERE filial_id = $1 ORDER BY id LIMIT 1`,
    [filialId],
  );
  if (!row)
    throw invalido(
      'FILIAL_SEM_CONFIGURACAO_NFE',
      'A filial não tem a configuração fiscal. Preencha Configurações › Configuração fiscal (ambiente, regime tributário, séries) antes de emitir a nota.',
    );
  return row;
}

/** transp/transporta from the nota's transportadora; its CPF/CNPJ, when informed, must be valid. */
function transportadorXml(pessoa: PessoaRow): TransportadorXml {
  const documento = digits(pessoa.cpf_cnpj);
  if (documento && !isValidCpfCnpj(documento))
    throw invalido(
      'TRANSPORTADOR_DOCUMENTO_INVALIDO',
      `O CPF/CNPJ ${formatCpfCnpj(documento)} da transportadora ${pessoa.nome} não é válido (dígitos verificadores). Corrija o documento no cadastro da transportadora.`,
    );
  const endereco = [pessoa.logradouro, pessoa.numero, pessoa.complemento].filter(Boolean).join(', ');
  return {
    documento: documento || null,
    nome: pessoa.nome,
    ie: digits(pessoa.inscricao_estadual) || null,
    endereco: endereco || null,
    municipio: pessoa.municipio,
    uf: pessoa.uf,
  };
}

function destinatario(pessoa: PessoaRow): DestinatarioXml {
  const documento = digits(pessoa.cpf_cnpj);
  // isValidCpfCnpj, the one check of the product: a CNPJ may be alphanumeric (IN RFB 2.229/2024).
  if (!isValidCpfCnpj(documento))
    throw invalido(
      'DESTINATARIO_SEM_DOCUMENTO',
      documento
        ? `O CPF/CNPJ ${formatCpfCnpj(documento)} do destinatário ${pessoa.nome} não é válido (dígitos verificadores). Corrija o documento no cadastro do cliente.`
        : `O destinatário ${pessoa.nome} não tem CPF ou CNPJ. Informe o documento no cadastro do cliente.`,
    );
  const indIEDest = ([1, 2, 9].includes(pessoa.indicador_ie ?? 9) ? (pessoa.indicador_ie ?? 9) : 9) as
    | 1
    | 2
    | 9;
  const ie = digits(pessoa.inscricao_estadual);
  if (indIEDest === 1 && !ie)
    throw invalido(
      'DESTINATARIO_SEM_IE',
      `O destinatário ${pessoa.nome} está marcado como contribuinte do ICMS mas não tem inscrição estadual. Informe a inscrição estadual no cadastro do cliente ou mude o indicador da IE para não contribuinte.`,
    );
  if (!pessoa.uf || !pessoa.codigo_municipio)
    throw invalido(
      'DESTINATARIO_SEM_ENDERECO',
      `O destinatário ${pessoa.nome} não tem UF e município no cadastro. Complete o endereço do cliente.`,
    );
  return {
    documento,
    nome: pessoa.nome,
    indIEDest,
    ie: indIEDest === 1 ? ie : null,
    email: pessoa.email,
    endereco: {
      logradouro: pessoa.logradouro || 'Não informado',
      numero: pessoa.numero || 'S/N',
      complemento: pessoa.complemento,
      bairro: pessoa.bairro || 'Não informado',
      codigoMunicipio: pessoa.codigo_municipio,
      municipio: pessoa.municipio ?? '',
      uf: pessoa.uf,
      cep: pessoa.cep,
      telefone: pessoa.telefone,
    },
  };
}

function itemTributavel(row: ItemRow, ufDestino: string, simples: boolean): ItemTributavel {
  const nome = `Item ${row.numero_item} (${row.descricao})`;
  if (!row.produto_id)
    throw invalido(
      'ITEM_SEM_PRODUTO',
      `${nome}: o item não está ligado a um produto do cadastro. Escolha o produto.`,
    );
  const ncm = digits(row.ncm);
  if (!/^[0-9]{8}$/.test(ncm))
    throw invalido(
      'PRODUTO_SEM_NCM',
      `${nome}: o produto ${row.produto ?? ''} não tem NCM válido (8 dígitos). Informe o NCM no cadastro do produto.`,
    );
  if (!row.perfil)
    throw invalido(
      'PRODUTO_SEM_PERFIL_TRIBUTARIO',
      `${nome}: o produto não tem perfil tributário. Escolha o perfil tributário no cadastro do produto.`,
    );
  if (!row.te_id)
    throw invalido(
      'TRIBUTACAO_ESTADUAL_AUSENTE',
      `${nome}: o perfil tributário ${row.perfil} não tem tributação estadual para a UF ${ufDestino}. Cadastre a tributação estadual "${row.tributacao_estadual ?? row.perfil}" da UF ${ufDestino} (Fiscais › Tributações estaduais).`,
    );
  if (!row.tf_id || !row.cst_pis || !row.cst_cofins)
    throw invalido(
      'TRIBUTACAO_FEDERAL_AUSENTE',
      `${nome}: o perfil tributário ${row.perfil} não tem tributação federal (PIS/COFINS). Escolha a tributação federal no perfil.`,
    );
  // CST 60 / CSOSN 500: the ST retained on the product's last purchase with ST, per stock unit (vBCSTRet…).
  const codigoIcms = simples ? row.csosn : row.cst_icms;
  const stRetido =
    (codigoIcms === '60' || codigoIcms === '500') && num(row.st_base_unitaria)
      ? {
          baseUnitaria: Number(row.st_base_unitaria),
          aliquota: Math.round(Number(row.st_aliquota ?? 0) * 100) / 100,
          icmsProprioUnitario: Number(row.st_icms_unitario ?? 0),
        }
      : null;
  return {
    numeroItem: row.numero_item,
    stRetido,
    produto: { ncm, origem: row.origem ?? 0, cest: row.cest },
    cfop: row.cfop_perfil ?? row.cfop_item,
    quantidade: Number(row.quantidade),
    valorUnitario: Number(row.valor_unitario),
    valorDesconto: Number(row.valor_desconto ?? 0),
    icms: {
      cst: simples ? null : row.cst_icms,
      csosn: simples ? row.csosn : null,
      aliquota: Number(row.aliquota_icms ?? 0),
      modalidadeBc: row.modalidade_base_calculo_icms,
      reducaoBase: num(row.reducao_base),
      modalidadeBcSt: row.modalidade_base_calculo_icms_st,
      mvaSt: num(row.mva_st),
      reducaoBaseSt: num(row.reducao_base_st),
      aliquotaInternaDestino: num(row.aliquota_interna_destino),
      aliquotaFcp: num(row.aliquota_fcp),
      percentualDiferimento: num(row.percentual_diferimento),
      adRem: num(row.aliquota_ad_rem),
      adRemRetencao: num(row.aliquota_ad_rem_retencao),
    },
    federal: {
      cstPis: row.cst_pis,
      aliquotaPis: Number(row.aliquota_pis ?? 0),
      cstCofins: row.cst_cofins,
      aliquotaCofins: Number(row.aliquota_cofins ?? 0),
      cstIpi: row.cst_ipi,
      aliquotaIpi: num(row.aliquota_ipi),
      enquadramentoIpi: row.enquadramento_ipi,
    },
  };
}

/** IBPT rates (Lei 12.741) of the NCMs in the emitente's UF, current today; platform data read as erp_system. */
async function aliquotasIbpt(db: Database, uf: string, ncms: string[]): Promise<Map<string, AliquotasIbpt>> {
  const rows = await db.withSystem((tx) =>
    tx.query<{ codigo: string } & AliquotasIbpt>(
      `SELECT codigo, nacional_federal::float8 AS "nacionalFederal", importados_federal::float8 AS "importadosFederal",
              estadual::float8 AS estadual, municipal::float8 AS municipal
         FROM ibpt_ncm WHERE uf = $1 AND tipo = 0 AND ex = '' AND codigo = ANY($2::text[])
          AND current_date BETWEEN vigencia_inicio AND vigencia_fim`,
      [uf, ncms],
    ),
  );
  return new Map(rows.map(({ codigo, ...aliquotas }) => [codigo, aliquotas]));
}

/**
 * Assembles the engine's and the XML builder's inputs from a nota fiscal row: the emitente filial (its
 * fiscal pessoa and configuração fiscal), the destinatário pessoa, the items with their produto, perfil
 * tributário, tributação estadual of the destination UF (the perfil's, or the one with the same
 * description for that UF) and tributação federal, and the IBPT rates. 404 when the note is not the
 * user's branch's; 422 naming what to fix for missing or contradictory registrations.
 */
export async function carregarNotaFiscal(
  db: Database,
  tx: Tx,
  filialId: number,
  notaId: number,
): Promise<NotaCarregada> {
  const nota = await tx.maybeOne<NotaRow>(
    `SELECT n.id::int AS id, n.filial_id::int AS filial_id, n.tipo_operacao::int AS tipo_operacao,
            n.finalidade::int AS finalidade, n.numero::int AS numero, n.serie::int AS serie, n.data_emissao,
            n.valor_frete, n.valor_desconto, n.modalidade_frete::int AS modalidade_frete,
            n.informacoes_complementares, no.descricao AS natureza, no.indicador_presenca::int AS indicador_presenca,
            no.consumidor_final::int AS consumidor_final,
            n.destinatario_id::int AS destinatario_id, n.transportador_id::int AS transportador_id,
            n.documento_consumidor
       FROM nota_fiscal n LEFT JOIN natureza_operacao no ON no.id = n.natureza_operacao_id
      WHERE n.id = $1 AND n.filial_id = $2`,
    [notaId, filialId],
  );
  if (!nota) throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Nota fiscal não encontrada.');
  if (!nota.natureza)
    throw invalido(
      'NOTA_SEM_NATUREZA',
      'A nota não tem natureza de operação. Escolha a natureza de operação da nota.',
    );
  const configuracao = await configuracaoDaFilial(tx, filialId);
  const emitente = await emitenteFiscal(tx, filialId, 'emitir a nota').catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 400) throw invalido(error.code, error.message);
    throw error;
  });
  if (!emitente.codigoMunicipio || !emitente.uf)
    throw invalido(
      'FILIAL_SEM_ENDERECO',
      `A filial ${emitente.nome} não tem UF e município. Complete o endereço da pessoa do tipo Filial com o CNPJ ${emitente.cnpj}.`,
    );
  // An NFC-e sold at the counter may have no consumer (Frente de caixa): no dest, the emitente's UF, a consumidor
  // final; the XML builder still refuses an NF-e (modelo 55) without one.
  const pessoa =
    nota.destinatario_id === null
      ? null
      : await tx.maybeOne<PessoaRow>(
          `SELECT p.nome, p.cpf_cnpj, p.inscricao_estadual, p.indicador_ie::int AS indicador_ie, p.uf,
            p.codigo_municipio::int AS codigo_municipio, m.nome AS municipio, p.logradouro, p.numero, p.complemento,
            p.bairro, p.cep, p.email, p.telefone
       FROM pessoa p LEFT JOIN municipio m ON m.codigo = p.codigo_municipio WHERE p.id = $1`,
          [nota.destinatario_id],
        );
  if (nota.destinatario_id !== null && !pessoa)
    throw invalido('NOTA_SEM_DESTINATARIO', 'A nota não tem destinatário. Escolha o cliente da nota.');
  // "CPF na nota?" at the counter: the consumer identified by the document alone (no name, no address).
  const dest = pessoa
    ? destinatario(pessoa)
    : nota.documento_consumidor
      ? { documento: digits(nota.documento_consumidor), nome: null, indIEDest: 9 as const }
      : null;
  const transportadora = nota.transportador_id
    ? await tx.maybeOne<PessoaRow>(
        `SELECT p.nome, p.cpf_cnpj, p.inscricao_estadual, p.indicador_ie::int AS indicador_ie, p.uf,
                p.codigo_municipio::int AS codigo_municipio, m.nome AS municipio, p.logradouro, p.numero, p.complemento,
                p.bairro, p.cep, p.email, p.telefone
           FROM pessoa p LEFT JOIN municipio m ON m.codigo = p.codigo_municipio WHERE p.id = $1`,
        [nota.transportador_id],
      )
    : null;
  const ufDestino = dest?.endereco?.uf ?? emitente.uf;
  const itens = await tx.query<ItemRow>(
    `SELECT i.numero_item::int AS numero_item, i.produto_id::int AS produto_id, p.descricao AS produto,
            COALESCE(i.codigo, p.codigo) AS codigo, i.descricao, COALESCE(NULLIF(i.ncm, ''), p.ncm) AS ncm,
            COALESCE(NULLIF(i.cest, ''), p.cest) AS cest, p.codigo_barras, i.unidade, i.quantidade, i.valor_unitario,
            COALESCE(i.valor_desconto, 0) AS valor_desconto, COALESCE(p.origem, i.origem)::int AS origem,
            i.cfop AS cfop_item, pt.descricao AS perfil, c.codigo AS cfop_perfil, te0.descricao AS tributacao_estadual,
            te.id::int AS te_id, te.cst_icms, te.csosn, te.aliquota_icms, te.modalidade_base_calculo_icms::int AS modalidade_base_calculo_icms,
            te.reducao_base, te.modalidade_base_calculo_icms_st::int AS modalidade_base_calculo_icms_st, te.mva_st,
            te.reducao_base_st, te.aliquota_interna_destino, te.aliquota_fcp, te.percentual_diferimento,
            te.aliquota_ad_rem, te.aliquota_ad_rem_retencao,
            st.base_unitaria AS st_base_unitaria, st.aliquota AS st_aliquota, st.icms_unitario AS st_icms_unitario,
            tf.id::int AS tf_id, tf.cst_pis, tf.aliquota_pis, tf.cst_cofins, tf.aliquota_cofins, tf.cst_ipi, tf.aliquota_ipi,
            tf.enquadramento_ipi, tf.cst_ibs_cbs, tf.classificacao_tributaria_ibs_cbs
       FROM nota_fiscal_item i
       LEFT JOIN produto p ON p.id = i.produto_id
       LEFT JOIN perfil_tributario pt ON pt.id = p.perfil_tributario_id
       LEFT JOIN cfop c ON c.id = pt.cfop_id
       LEFT JOIN tributacao_federal tf ON tf.id = pt.tributacao_federal_id
       LEFT JOIN tributacao_estadual te0 ON te0.id = pt.tributacao_estadual_id
       LEFT JOIN LATERAL (
         SELECT t.* FROM tributacao_estadual t
          WHERE t.uf = $2 AND (t.id = te0.id OR t.descricao = te0.descricao)
          ORDER BY (t.id = te0.id) DESC, t.id LIMIT 1) te ON true
       -- ST retained before (CST 60 / CSOSN 500): the last purchase of the product that carried ST, per stock unit
       -- (quantity × fator de conversão); pST = (ICMS ST + own ICMS + FCP ST) / base ST.
       LEFT JOIN LATERAL (
         SELECT e.base_icms_st / (e.quantidade * COALESCE(NULLIF(e.fator_conversao, 0), 1)) AS base_unitaria,
                (e.valor_icms_st + COALESCE(e.valor_icms, 0) + COALESCE(e.valor_fcp_st, 0)) * 100 / e.base_icms_st AS aliquota,
                COALESCE(e.valor_icms, 0) / (e.quantidade * COALESCE(NULLIF(e.fator_conversao, 0), 1)) AS icms_unitario
           FROM nota_entrada_item e JOIN nota_entrada ne ON ne.id = e.nota_entrada_id
          WHERE e.produto_id = i.produto_id AND e.base_icms_st > 0 AND e.quantidade > 0
            AND ne.situacao IS DISTINCT FROM 'cancelada'
          ORDER BY ne.data_entrada DESC NULLS LAST, e.id DESC LIMIT 1) st ON (te.cst_icms = '60' OR te.csosn = '500')
      WHERE i.nota_fiscal_id = $1
      ORDER BY i.numero_item`,
    [notaId, ufDestino],
  );
  if (itens.length === 0)
    throw invalido('NOTA_SEM_ITENS', 'A nota não tem itens. Inclua ao menos um produto.');
  const simples = configuracao.crt === 1 || configuracao.crt === 4;
  const tributaveis = itens.map((row) => itemTributavel(row, ufDestino, simples));
  const ibpt = configuracao.informarTributosAproximados
    ? await aliquotasIbpt(db, emitente.uf, [...new Set(tributaveis.map((item) => item.produto.ncm))])
    : new Map<string, AliquotasIbpt>();
  const valores = tributaveis.map((item) => item.quantidade * item.valorUnitario);
  const fretes = ratearValor(Number(nota.valor_frete ?? 0), valores);
  const descontoItens = tributaveis.reduce((soma, item) => soma + (item.valorDesconto ?? 0), 0);
  const descontoCabecalho = Math.max(0, Number(nota.valor_desconto ?? 0) - descontoItens);
  const descontos = ratearValor(Math.round(descontoCabecalho * 100) / 100, valores);
  tributaveis.forEach((item, index) => {
    item.valorFrete = fretes[index];
    item.valorDesconto = (item.valorDesconto ?? 0) + descontos[index]!;
    item.ibpt = ibpt.get(item.produto.ncm) ?? null;
  });
  const primeiroFederal = itens[0]!;
  const consumidorFinal = (dest?.indIEDest ?? 9) === 9;
  const entrada: EntradaTributos = {
    emitente: {
      crt: configuracao.crt,
      uf: emitente.uf,
      aliquotaCreditoSimples: configuracao.aliquotaCreditoSimples,
    },
    destinatario: { uf: ufDestino, indIEDest: dest?.indIEDest ?? 9, consumidorFinal },
    natureza: {
      tipoOperacao: nota.tipo_operacao === 0 ? 0 : 1,
      consumidorFinal: nota.consumidor_final === null ? null : nota.consumidor_final === 1,
    },
    modelo: 55,
    itens: tributaveis,
    ...(configuracao.crt === 3
      ? {
          ibsCbs: {
            ...IBS_CBS_2026,
            cst: primeiroFederal.cst_ibs_cbs || IBS_CBS_2026.cst,
            cClassTrib: primeiroFederal.classificacao_tributaria_ibs_cbs || IBS_CBS_2026.cClassTrib,
          },
        }
      : {}),
  };
  const itensXml: ItemXml[] = itens.map((row) => ({
    codigo: row.codigo || String(row.produto_id),
    gtin: row.codigo_barras,
    descricao: row.descricao,
    ncm: digits(row.ncm),
    cest: row.cest,
    unidade: row.unidade,
    quantidade: Number(row.quantidade),
    valorUnitario: Number(row.valor_unitario),
  }));
  const complementares = [configuracao.informacoesComplementares, nota.informacoes_complementares]
    .filter(Boolean)
    .join(' ');
  return {
    notaId,
    filialId,
    cnpjEmitente: emitente.cnpj,
    ufEmitente: emitente.uf,
    configuracao,
    entrada,
    serie: nota.serie,
    numero: nota.numero,
    xml: {
      dataEmissao: new Date(nota.data_emissao),
      ambiente: configuracao.ambiente === 1 ? 1 : 2,
      tipoEmissao: configuracao.tipoEmissao || 1,
      tipoImpressao: configuracao.modoImpressaoDanfe === 2 ? 2 : 1,
      naturezaOperacao: nota.natureza,
      tipoOperacao: nota.tipo_operacao === 0 ? 0 : 1,
      finalidade: nota.finalidade || 1,
      consumidorFinal,
      indicadorPresenca: nota.indicador_presenca ?? 9,
      emitente: {
        cnpj: emitente.cnpj,
        nome: emitente.nome,
        fantasia: emitente.fantasia,
        ie: emitente.ie,
        crt: configuracao.crt,
        endereco: {
          logradouro: emitente.logradouro || 'Não informado',
          numero: emitente.numero || 'S/N',
          complemento: emitente.complemento,
          bairro: emitente.bairro || 'Não informado',
          codigoMunicipio: emitente.codigoMunicipio,
          municipio: emitente.municipio,
          uf: emitente.uf,
          cep: emitente.cep,
          telefone: emitente.telefone,
        },
      },
      destinatario: dest,
      itens: itensXml,
      modalidadeFrete: nota.modalidade_frete ?? 9,
      transportador: transportadora ? transportadorXml(transportadora) : null,
      ...(await pagamentosDoCaixa(tx, notaId)),
      informacoesComplementares: complementares || null,
    },
  };
}
