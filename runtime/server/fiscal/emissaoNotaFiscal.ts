import { calcularTributosNota } from '../../core/fiscal/calcularTributosNota.ts';
import { ErroTributario } from '../../core/fiscal/ErroTributario.ts';
import { type DadosNotaXml, dataHoraXml, montarXmlNfe } from '../../core/fiscal/montarXmlNfe.ts';
import type { ResultadoTributos } from '../../core/fiscal/tributacaoTipos.ts';
import { versaoQrCodeNfce } from '../../core/fiscal/versaoQrCodeNfce.ts';
import { formatDate } from '../../core/formatDate.ts';
import type { Database, Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { certificadoContext } from '../services/certificados/certificadoContext.ts';
import { certificateKey } from '../services/certificados/certificateKey.ts';
import { openSecret } from '../services/certificados/sealSecret.ts';
import type { SuplementoNfce } from './assinarXmlNfe.ts';
import { assinarXmlNfeInWorker } from './assinarXmlNfeInWorker.ts';
import { carregarNotaFiscal, type NotaCarregada } from './carregarNotaFiscal.ts';
import urlsNfce from './urlsNfce.json' with { type: 'json' };
import { type ResultadoValidacaoNfe, validarXmlNfe } from './validarXmlNfe.ts';

export interface EscopoEmissao {
  empresaId: number;
  filialId: number;
  usuarioId?: number;
}

export interface OpcoesXml {
  modelo?: 55 | 65;
  serie?: number;
  numero?: number;
  /** NFC-e QR code version; without it, the configuração's or the rule of versaoQrCodeNfce. */
  versaoQrCode?: 2 | 3;
  /**
   * tpEmis chosen by the SEFAZ client (1 normal, 6 SVC-AN, 7 SVC-RS, 9 NFC-e offline); without it the
   * configuração's must be 1. Contingency types need `contingencia` (dhCont and xJust).
   */
  tipoEmissao?: 1 | 6 | 7 | 9;
  contingencia?: { inicio: Date; justificativa: string } | null;
  /** cNF of an earlier attempt, so a resent note keeps its chave (only tpEmis and the DV may change). */
  codigoNumerico?: string;
}

export interface PreviaNota {
  modelo: 55 | 65;
  tributos: ResultadoTributos;
  /** Description and NCM of each item, in the order of tributos.itens. */
  itens: { descricao: string; ncm: string }[];
}

export interface XmlNota extends ResultadoValidacaoNfe {
  chave: string;
  codigoNumerico: string;
  tipoEmissao: number;
  ufEmitente: string;
  cnpjEmitente: string;
  vNF: number;
  modelo: 55 | 65;
  serie: number;
  numero: number;
  ambiente: 1 | 2;
  xml: string;
}

function calcular(carregada: NotaCarregada, modelo: 55 | 65): ResultadoTributos {
  try {
    return calcularTributosNota({ ...carregada.entrada, modelo });
  } catch (error) {
    if (error instanceof ErroTributario) throw new HttpError(422, error.codigo, error.message);
    throw error;
  }
}

/** Taxes per item and totals of a nota fiscal, computed from its registrations (nothing is stored). */
export async function previaNotaFiscal(
  db: Database,
  tx: Tx,
  escopo: EscopoEmissao,
  notaId: number,
  modelo: 55 | 65 = 55,
): Promise<PreviaNota> {
  const carregada = await carregarNotaFiscal(db, tx, escopo.filialId, notaId);
  return {
    modelo,
    tributos: calcular(carregada, modelo),
    itens: carregada.xml.itens.map((item) => ({ descricao: item.descricao, ncm: item.ncm })),
  };
}

interface CertificadoRow {
  cnpj: string | null;
  valido_ate: Date;
  arquivo_cifrado: string;
  senha_cifrada: string;
}

/** The branch's A1, refused (422) when missing, expired or of another CNPJ than the emitente's. */
export async function certificadoDaFilial(
  tx: Tx,
  escopo: EscopoEmissao,
  cnpjEmitente: string,
  dataDir: string,
) {
  const row = await tx.maybeOne<CertificadoRow>(
    `SELECT cnpj, valido_ate, arquivo_cifrado, senha_cifrada FROM certificado_digital WHERE filial_id = $1 ORDER BY id LIMIT 1`,
    [escopo.filialId],
  );
  if (!row)
    throw new HttpError(
      422,
      'CERTIFICADO_AUSENTE',
      'A filial não tem certificado digital A1. Envie o certificado em Fiscais › Certificado digital antes de gerar o XML.',
    );
  if (row.valido_ate.getTime() < Date.now())
    throw new HttpError(
      422,
      'CERTIFICADO_VENCIDO',
      `O certificado digital da filial venceu em ${formatDate(row.valido_ate)}. Envie um certificado dentro da validade em Fiscais › Certificado digital.`,
    );
  // The root CNPJ (8 first characters) identifies the company; a branch may sign with the matriz's e-CNPJ.
  if (row.cnpj && row.cnpj.slice(0, 8) !== cnpjEmitente.slice(0, 8))
    throw new HttpError(
      422,
      'CERTIFICADO_DE_OUTRO_CNPJ',
      `O certificado digital é do CNPJ ${row.cnpj}, de outra empresa que a emitente (CNPJ ${cnpjEmitente}). Envie o certificado da empresa em Fiscais › Certificado digital.`,
    );
  const key = await certificateKey(dataDir);
  return {
    pfx: openSecret(
      row.arquivo_cifrado,
      key,
      certificadoContext(escopo.empresaId, escopo.filialId, 'arquivo'),
    ),
    senha: openSecret(
      row.senha_cifrada,
      key,
      certificadoContext(escopo.empresaId, escopo.filialId, 'senha'),
    ).toString('utf8'),
  };
}

/** The QR code version of the nota's NFC-e (versaoQrCodeNfce): the same for its offline contingency. */
function versaoQrCodeDaNota(carregada: NotaCarregada, pedida?: 2 | 3): 2 | 3 {
  const { configuracao } = carregada;
  return versaoQrCodeNfce({
    pedida: pedida ?? null,
    configurada: configuracao.versaoQrCodeNfce,
    temCsc: Boolean(configuracao.cscId && configuracao.cscToken),
    emitenteCpf: carregada.cnpjEmitente.length === 11,
  });
}

function suplementoNfce(
  carregada: NotaCarregada,
  versao: 2 | 3,
  offline: NonNullable<SuplementoNfce['offline']> | null = null,
) {
  const { configuracao, ufEmitente } = carregada;
  const ambiente = carregada.xml.ambiente;
  const urls = (urlsNfce as unknown as Record<string, Record<string, [string, string]>>)[ufEmitente];
  const par = urls?.[ambiente === 1 ? 'producao' : 'homologacao'];
  if (!par)
    throw new HttpError(
      422,
      'NFCE_UF_SEM_QRCODE',
      `Os endereços do QR Code da NFC-e da UF ${ufEmitente} ainda não estão cadastrados; a NFC-e desta filial não pode ser gerada.`,
    );
  if (versao === 2 && (!configuracao.cscId || !configuracao.cscToken))
    throw new HttpError(
      422,
      'NFCE_SEM_CSC',
      'O QR Code da NFC-e versão 2 precisa do CSC: informe o identificador e o token do CSC em Configurações › Configuração fiscal, ou use a Versão 3 (sem CSC) em Versão do QR Code da NFC-e.',
    );
  return {
    urlQrCode: par[0],
    urlChave: par[1],
    versaoQrCode: versao,
    cscId: configuracao.cscId,
    csc: configuracao.cscToken,
    ambiente,
    offline,
  };
}

/**
 * Builds, signs (the branch's A1, in a worker) and validates (the pinned PL XSD, xmllint-wasm) the XML of a nota
 * fiscal — nothing is stored or transmitted: the SEFAZ client calls this and sends only when `valido`.
 * Série and número: the caller's, else the note's, else the configuração's next number (not reserved).
 */
export async function xmlNotaFiscal(
  db: Database,
  escopo: EscopoEmissao,
  notaId: number,
  dataDir: string,
  opcoes: OpcoesXml = {},
): Promise<XmlNota> {
  const modelo = opcoes.modelo ?? 55;
  // Read in one short read-only transaction; signing and validation (about a second) run after it, so no
  // database connection waits on them.
  const { carregada, tributos, certificado } = await db.withTenant(
    escopo,
    async (tx) => {
      const lida = await carregarNotaFiscal(db, tx, escopo.filialId, notaId);
      const calculados = calcular(lida, modelo);
      return {
        carregada: lida,
        tributos: calculados,
        certificado: await certificadoDaFilial(tx, escopo, lida.cnpjEmitente, dataDir),
      };
    },
    { readOnly: true },
  );
  const { configuracao } = carregada;
  const serie =
    opcoes.serie ?? carregada.serie ?? (modelo === 55 ? configuracao.serieNfe : configuracao.serieNfce);
  const numero =
    opcoes.numero ??
    carregada.numero ??
    (modelo === 55 ? configuracao.proximoNumeroNfe : configuracao.proximoNumeroNfce);
  if (opcoes.tipoEmissao === undefined && (carregada.xml.tipoEmissao ?? 1) !== 1)
    throw new HttpError(
      422,
      'CONTINGENCIA_NAO_SUPORTADA',
      `A configuração fiscal da filial está com o tipo de emissão ${carregada.xml.tipoEmissao} (contingência), que ainda não é gerado aqui. Use Emissão normal em Configurações › Configuração fiscal.`,
    );
  const dados: DadosNotaXml = {
    ...carregada.xml,
    modelo,
    serie,
    numero,
    tributos,
    tipoEmissao: opcoes.tipoEmissao ?? 1,
    contingencia: opcoes.contingencia ?? null,
    ...(opcoes.codigoNumerico ? { codigoNumerico: opcoes.codigoNumerico } : {}),
    // indFinal as the engine resolved it (natureza de operação, else the destinatário; NFC-e always 1).
    consumidorFinal: tributos.consumidorFinal,
    indicadorPresenca: modelo === 65 ? 1 : carregada.xml.indicadorPresenca,
    // A sale already invoiced: paid as agreed on the pedido (its receivables); a Frente de caixa sale carries its
    // payments and troco (carregarNotaFiscal reads them from the cash-session ledger).
    pagamentos:
      carregada.xml.pagamentos.length > 0
        ? carregada.xml.pagamentos
        : [{ indPag: 1, tPag: '99', xPag: 'Conforme faturamento', vPag: tributos.totais.vNF }],
  };
  let montada: ReturnType<typeof montarXmlNfe>;
  try {
    montada = montarXmlNfe(dados);
  } catch (error) {
    if (error instanceof ErroTributario) throw new HttpError(422, error.codigo, error.message);
    throw error;
  }
  // Offline NFC-e (tpEmis 9): the QR code carries the day of emission and vNF (v3 also tpIdDest
  // and the destinatário's CNPJ/CPF).
  // The day of dhEmi as the XML states it (its own offset).
  const dia = Number(dataHoraXml(dados.dataEmissao, dados.fusoHorario).slice(8, 10));
  const documentoDest = dados.destinatario?.documento.replace(/[^0-9A-Za-z]/g, '').toUpperCase() ?? '';
  const destinatarioQr = documentoDest
    ? { tipo: documentoDest.length === 11 ? (2 as const) : (1 as const), documento: documentoDest }
    : null;
  const offline =
    dados.tipoEmissao === 9 ? { dia, vNF: tributos.totais.vNF, destinatario: destinatarioQr } : null;
  const nfce =
    modelo === 65
      ? suplementoNfce(carregada, versaoQrCodeDaNota(carregada, opcoes.versaoQrCode), offline)
      : null;
  const assinado = await assinarXmlNfeInWorker({
    xml: montada.xml,
    chave: montada.chave,
    pfx: certificado.pfx,
    senha: certificado.senha,
    nfce,
  });
  const validacao = await validarXmlNfe(assinado);
  return {
    ...validacao,
    chave: montada.chave,
    codigoNumerico: montada.codigoNumerico,
    tipoEmissao: dados.tipoEmissao ?? 1,
    ufEmitente: carregada.ufEmitente,
    cnpjEmitente: carregada.cnpjEmitente,
    vNF: tributos.totais.vNF,
    modelo,
    serie,
    numero,
    ambiente: dados.ambiente,
    xml: assinado,
  };
}
