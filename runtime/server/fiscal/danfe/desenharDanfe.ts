import { encodeCode128 } from '../../../core/code128.ts';
import { barras, campo, novoPdf, type Pdf, texto, tituloBloco } from './danfeDesenho.ts';
import type { DanfeModelo, ItemDanfe, OpcoesDanfe } from './danfeModelo.ts';
import {
  cep,
  chaveEmGrupos,
  dataHoraXml,
  dataXml,
  documento,
  horaXml,
  MODALIDADES_FRETE,
  mencaoContingencia,
  numeroBr,
  numeroNota,
  serieNota,
  telefone,
} from './danfeTexto.ts';
import { desenharLogoSvg, proporcaoSvg } from './logoSvg.ts';
import { marcasDaPagina } from './marcasDanfe.ts';

/** A4 portrait in points; a landscape DANFE (tpImp 2) turns it. */
const LARGURA_A4 = 595.28;
const ALTURA_A4 = 841.89;
const MARGEM = 14;
/** Content width of the portrait page: the column widths below sum to it. */
const W_RETRATO = LARGURA_A4 - 2 * MARGEM;
/** Landscape: the canhoto is a strip along the left edge (MOC, DANFE paisagem) this wide, cut line included. */
const LARGURA_CANHOTO_PAISAGEM = 54;
const L = 20;
/** Code 128 module (points) and bar height of the chave. */
export const MODULO_BARRAS = 0.75;
export const ALTURA_BARRAS = 30.5;

/** The chave's module: MODULO_BARRAS, or narrower when `modulos` would not fit in `largura` points. */
export const moduloBarras = (modulos: number, largura: number) => Math.min(MODULO_BARRAS, largura / modulos);
const ALTURA_ADICIONAIS = 86;
const FONTE_ITEM = 6;

interface Coluna {
  rotulo: string;
  largura: number;
  valor: (item: ItemDanfe) => string;
  direita?: boolean;
}

/** Products table columns (MOC "Dados dos produtos/serviços"); widths sum to W_RETRATO. */
const COLUNAS: Coluna[] = [
  { rotulo: 'CÓDIGO PRODUTO', largura: 45, valor: (i) => i.codigo },
  { rotulo: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', largura: 147.28, valor: (i) => i.descricao },
  { rotulo: 'NCM/SH', largura: 36, valor: (i) => i.ncm },
  { rotulo: 'O/CST', largura: 22, valor: (i) => i.cst },
  { rotulo: 'CFOP', largura: 22, valor: (i) => i.cfop },
  { rotulo: 'UN', largura: 18, valor: (i) => i.unidade },
  { rotulo: 'QUANT.', largura: 34, valor: (i) => numeroBr(i.quantidade, 4), direita: true },
  { rotulo: 'VALOR UNIT.', largura: 38, valor: (i) => numeroBr(i.valorUnitario, 4), direita: true },
  { rotulo: 'VALOR TOTAL', largura: 38, valor: (i) => numeroBr(i.valorTotal), direita: true },
  { rotulo: 'VALOR DESC.', largura: 30, valor: (i) => numeroBr(i.valorDesconto), direita: true },
  { rotulo: 'B.CÁLC. ICMS', largura: 36, valor: (i) => numeroBr(i.baseIcms), direita: true },
  { rotulo: 'VALOR ICMS', largura: 32, valor: (i) => numeroBr(i.valorIcms), direita: true },
  { rotulo: 'VALOR IPI', largura: 28, valor: (i) => numeroBr(i.valorIpi), direita: true },
  { rotulo: 'ALÍQ. ICMS', largura: 20, valor: (i) => numeroBr(i.aliquotaIcms), direita: true },
  { rotulo: 'ALÍQ. IPI', largura: 21, valor: (i) => numeroBr(i.aliquotaIpi), direita: true },
];

/**
 * The page a DANFE is drawn on: portrait (tpImp 1) or landscape (tpImp 2, canhoto on the left edge); `x` and
 * `w` are the left and the width of everything but the canhoto, and the description column takes the extra
 * width of a landscape page.
 */
interface Folha {
  largura: number;
  altura: number;
  x: number;
  w: number;
  paisagem: boolean;
  colunas: Coluna[];
}

function folhaDa(nota: DanfeModelo): Folha {
  if (nota.tipoImpressao !== 2)
    return {
      largura: LARGURA_A4,
      altura: ALTURA_A4,
      x: MARGEM,
      w: W_RETRATO,
      paisagem: false,
      colunas: COLUNAS,
    };
  const x = MARGEM + LARGURA_CANHOTO_PAISAGEM;
  const w = ALTURA_A4 - MARGEM - x;
  const colunas = COLUNAS.map((coluna, index) =>
    index === 1 ? { ...coluna, largura: coluna.largura + w - W_RETRATO } : coluna,
  );
  return { largura: ALTURA_A4, altura: LARGURA_A4, x, w, paisagem: true, colunas };
}

const descricaoItem = (item: ItemDanfe) =>
  item.informacoesAdicionais ? `${item.descricao} ${item.informacoesAdicionais}` : item.descricao;

function alturaItem(doc: Pdf, f: Folha, item: ItemDanfe): number {
  doc.font('Helvetica').fontSize(FONTE_ITEM);
  const altura = doc.heightOfString(descricaoItem(item), { width: f.colunas[1]!.largura - 4 });
  return Math.max(9, Math.min(altura, FONTE_ITEM * 1.2 * 6) + 3);
}

/**
 * Canhoto (receipt stub), page 1 only, `largura` wide from (x, y); returns the y below its cut line. The
 * landscape DANFE draws it turned a quarter left along the page's left edge (canhotoPaisagem).
 */
function canhoto(doc: Pdf, nota: DanfeModelo, y: number, largura: number, x = 0): number {
  const [M, W] = [x, largura];
  const larguraNota = 100;
  const larguraTexto = W - larguraNota;
  const dest = nota.destinatario;
  doc.lineWidth(0.5).rect(M, y, larguraTexto, 22).stroke();
  texto(
    doc,
    `RECEBEMOS DE ${nota.emitente.nome.toUpperCase()} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO. EMISSÃO: ${dataXml(nota.dataEmissao)} VALOR TOTAL: R$ ${numeroBr(nota.totais.vNF)}${dest ? ` DESTINATÁRIO: ${dest.nome}` : ''}`,
    M + 2,
    y + 2,
    larguraTexto - 4,
    { tamanho: 6, linhas: 3 },
  );
  campo(doc, M, y + 22, 110, 22, 'DATA DE RECEBIMENTO', '');
  campo(doc, M + 110, y + 22, larguraTexto - 110, 22, 'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR', '');
  doc.rect(M + larguraTexto, y, larguraNota, 44).stroke();
  texto(doc, 'NF-e', M + larguraTexto, y + 4, larguraNota, {
    tamanho: 10,
    negrito: true,
    alinhamento: 'center',
  });
  texto(doc, `Nº ${numeroNota(nota.numero)}`, M + larguraTexto, y + 18, larguraNota, {
    tamanho: 8,
    negrito: true,
    alinhamento: 'center',
  });
  texto(doc, `SÉRIE ${serieNota(nota.serie)}`, M + larguraTexto, y + 29, larguraNota, {
    tamanho: 8,
    negrito: true,
    alinhamento: 'center',
  });
  const corte = y + 49;
  doc
    .save()
    .dash(3, { space: 2 })
    .moveTo(M, corte)
    .lineTo(M + W, corte)
    .stroke()
    .undash()
    .restore();
  return corte + 5;
}

/** The canhoto of a landscape DANFE: read from the bottom up along the left edge, cut line on its right. */
function canhotoPaisagem(doc: Pdf, nota: DanfeModelo, f: Folha) {
  doc.save();
  doc.translate(MARGEM, f.altura - MARGEM);
  doc.rotate(-90);
  canhoto(doc, nota, 0, f.altura - 2 * MARGEM);
  doc.restore();
}

/** Emitente, DANFE box and chave (with its bars), natureza/protocolo and inscrições; returns the y below. */
function cabecalho(
  doc: Pdf,
  f: Folha,
  nota: DanfeModelo,
  opcoes: OpcoesDanfe,
  y: number,
  folha: number,
  folhas: number,
): number {
  const { x: M, w: W } = f;
  const altura = 104;
  const larguraEmitente = 232;
  const larguraDanfe = 100;
  const larguraChave = W - larguraEmitente - larguraDanfe;
  const emit = nota.emitente;
  doc.lineWidth(0.5).rect(M, y, larguraEmitente, altura).stroke();
  let xTexto = M + 4;
  let yTexto = y + 14;
  let larguraTexto = larguraEmitente - 8;
  // A wide logo (a wordmark) runs across the top of the box, the name and address under it; a squarer one
  // sits on the left of them.
  const proporcao = proporcaoDoLogo(doc, opcoes.logo);
  if (proporcao !== null && proporcao >= 2.2) {
    if (logoDesenhado(doc, opcoes.logo, M + 4, y + 10, larguraEmitente - 8, 26)) yTexto = y + 40;
  } else if (proporcao !== null && logoDesenhado(doc, opcoes.logo, M + 4, y + 14, 62, 62)) {
    xTexto = M + 70;
    larguraTexto = larguraEmitente - 74;
  }
  texto(doc, 'IDENTIFICAÇÃO DO EMITENTE', M + 2, y + 2, larguraEmitente - 4, { tamanho: 5 });
  texto(doc, emit.nome, xTexto, yTexto, larguraTexto, {
    tamanho: 9,
    negrito: true,
    linhas: 2,
    alinhamento: 'center',
  });
  const e = emit.endereco;
  const linhasEndereco = e
    ? [
        `${e.logradouro}, ${e.numero}${e.complemento ? ` ${e.complemento}` : ''}`,
        `${e.bairro} - ${cep(e.cep)}`,
        `${e.municipio} - ${e.uf}${e.telefone ? ` Fone: ${telefone(e.telefone)}` : ''}`,
      ]
    : [];
  for (const [index, linha] of linhasEndereco.entries())
    texto(doc, linha, xTexto, yTexto + 26 + index * 10, larguraTexto, { tamanho: 7, alinhamento: 'center' });

  const xDanfe = M + larguraEmitente;
  doc.rect(xDanfe, y, larguraDanfe, altura).stroke();
  const centro = (valor: string, dy: number, tamanho: number, negrito = false) =>
    texto(doc, valor, xDanfe + 2, y + dy, larguraDanfe - 4, {
      tamanho,
      negrito,
      alinhamento: 'center',
      linhas: 2,
    });
  centro('DANFE', 3, 12, true);
  centro('DOCUMENTO AUXILIAR DA NOTA FISCAL ELETRÔNICA', 18, 6);
  texto(doc, '0 - ENTRADA', xDanfe + 8, y + 38, 50, { tamanho: 7 });
  texto(doc, '1 - SAÍDA', xDanfe + 8, y + 47, 50, { tamanho: 7 });
  doc.rect(xDanfe + 70, y + 37, 16, 16).stroke();
  texto(doc, String(nota.tipoOperacao), xDanfe + 70, y + 40, 16, {
    tamanho: 11,
    negrito: true,
    alinhamento: 'center',
  });
  centro(`Nº ${numeroNota(nota.numero)}`, 60, 9, true);
  centro(`SÉRIE ${serieNota(nota.serie)}`, 72, 8, true);
  centro(`Folha ${folha}/${folhas}`, 84, 8);

  const xChave = xDanfe + larguraDanfe;
  doc.rect(xChave, y, larguraChave, altura).stroke();
  // An all-digit chave is Code 128C (277 modules); one with an alphanumeric CNPJ mixes 128C and 128A
  // (NT Conjunta 2025.001) and is longer, so its module narrows to fit the box.
  const modulos = encodeCode128(nota.chave, { conjuntoTexto: 'A' });
  const modulo = moduloBarras(modulos.length, larguraChave - 8);
  const larguraBarras = modulos.length * modulo;
  barras(doc, modulos, xChave + (larguraChave - larguraBarras) / 2, y + 5, modulo, ALTURA_BARRAS);
  doc
    .moveTo(xChave, y + 40)
    .lineTo(xChave + larguraChave, y + 40)
    .stroke();
  texto(doc, 'CHAVE DE ACESSO', xChave + 2, y + 41.5, larguraChave - 4, { tamanho: 5 });
  texto(doc, chaveEmGrupos(nota.chave), xChave + 2, y + 49, larguraChave - 4, {
    tamanho: 8,
    negrito: true,
    alinhamento: 'center',
  });
  doc
    .moveTo(xChave, y + 62)
    .lineTo(xChave + larguraChave, y + 62)
    .stroke();
  const consulta = nota.contingencia
    ? mencaoContingencia(nota.tipoEmissao, nota.contingencia)
    : 'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora';
  texto(doc, consulta, xChave + 4, y + 68, larguraChave - 8, {
    tamanho: 7,
    alinhamento: 'center',
    linhas: 4,
  });

  let linha = y + altura;
  const protocolo = nota.protocolo
    ? `${nota.protocolo.numero} - ${dataHoraXml(nota.protocolo.dataHora)}`
    : 'SEM PROTOCOLO DE AUTORIZAÇÃO - SEM VALOR FISCAL';
  campo(doc, M, linha, larguraEmitente + larguraDanfe, L, 'NATUREZA DA OPERAÇÃO', nota.naturezaOperacao);
  campo(doc, xChave, linha, larguraChave, L, 'PROTOCOLO DE AUTORIZAÇÃO DE USO', protocolo, {
    alinhamento: 'center',
  });
  linha += L;
  const terco = W / 3;
  campo(doc, M, linha, terco, L, 'INSCRIÇÃO ESTADUAL', emit.ie);
  campo(doc, M + terco, linha, terco, L, 'INSCRIÇÃO ESTADUAL DO SUBST. TRIB.', emit.iest);
  campo(doc, M + 2 * terco, linha, terco, L, 'CNPJ / CPF', documento(emit.documento));
  return linha + L;
}

function destinatario(doc: Pdf, f: Folha, nota: DanfeModelo, y: number): number {
  const { x: M, w: W } = f;
  tituloBloco(doc, 'DESTINATÁRIO / REMETENTE', M, y, W);
  let linha = y + 9;
  const d = nota.destinatario;
  const e = d?.endereco;
  const data = 80;
  campo(doc, M, linha, W - 130 - data, L, 'NOME / RAZÃO SOCIAL', d?.nome ?? '');
  campo(doc, M + W - 130 - data, linha, 130, L, 'CNPJ / CPF', documento(d?.documento ?? ''));
  campo(doc, M + W - data, linha, data, L, 'DATA DA EMISSÃO', dataXml(nota.dataEmissao));
  linha += L;
  campo(
    doc,
    M,
    linha,
    W - 200 - data,
    L,
    'ENDEREÇO',
    e ? `${e.logradouro}, ${e.numero}${e.complemento ? ` ${e.complemento}` : ''}` : '',
  );
  campo(doc, M + W - 200 - data, linha, 140, L, 'BAIRRO / DISTRITO', e?.bairro ?? '');
  campo(doc, M + W - 60 - data, linha, 60, L, 'CEP', cep(e?.cep ?? ''));
  campo(doc, M + W - data, linha, data, L, 'DATA DA SAÍDA/ENTRADA', dataXml(nota.dataSaidaEntrada));
  linha += L;
  campo(doc, M, linha, W - 230 - data, L, 'MUNICÍPIO', e?.municipio ?? '');
  campo(doc, M + W - 230 - data, linha, 90, L, 'FONE / FAX', telefone(e?.telefone ?? ''));
  campo(doc, M + W - 140 - data, linha, 30, L, 'UF', e?.uf ?? '');
  campo(doc, M + W - 110 - data, linha, 110, L, 'INSCRIÇÃO ESTADUAL', d?.ie ?? '');
  campo(doc, M + W - data, linha, data, L, 'HORA DA SAÍDA/ENTRADA', horaXml(nota.dataSaidaEntrada));
  return linha + L + 2;
}

function fatura(doc: Pdf, f: Folha, nota: DanfeModelo, y: number): number {
  const { x: M, w: W } = f;
  if (!nota.fatura && nota.duplicatas.length === 0) return y;
  tituloBloco(doc, 'FATURA / DUPLICATAS', M, y, W);
  let linha = y + 9;
  if (nota.fatura) {
    const f = nota.fatura;
    campo(
      doc,
      M,
      linha,
      W,
      L,
      'FATURA',
      `Nº ${f.numero}   Valor original R$ ${numeroBr(f.valorOriginal)}   Desconto R$ ${numeroBr(f.valorDesconto)}   Valor líquido R$ ${numeroBr(f.valorLiquido)}`,
    );
    linha += L;
  }
  const porLinha = 7;
  const largura = W / porLinha;
  nota.duplicatas.slice(0, porLinha * 3).forEach((dup, index) => {
    const x = M + (index % porLinha) * largura;
    const yDup = linha + Math.floor(index / porLinha) * 26;
    doc.lineWidth(0.5).rect(x, yDup, largura, 26).stroke();
    texto(doc, `Nº ${dup.numero}`, x + 2, yDup + 2, largura - 4, { tamanho: 6.5 });
    texto(doc, `Venc. ${dataXml(dup.vencimento)}`, x + 2, yDup + 10, largura - 4, { tamanho: 6.5 });
    texto(doc, `Valor R$ ${numeroBr(dup.valor)}`, x + 2, yDup + 18, largura - 4, { tamanho: 6.5 });
  });
  return linha + Math.ceil(Math.min(nota.duplicatas.length, porLinha * 3) / porLinha) * 26 + 2;
}

function calculoImposto(doc: Pdf, f: Folha, nota: DanfeModelo, y: number): number {
  const { x: M, w: W } = f;
  tituloBloco(doc, 'CÁLCULO DO IMPOSTO', M, y, W);
  const t = nota.totais;
  const linhas: [string, number][][] = [
    [
      ['BASE DE CÁLC. DO ICMS', t.vBC],
      ['VALOR DO ICMS', t.vICMS],
      ['BASE DE CÁLC. ICMS S.T.', t.vBCST],
      ['VALOR DO ICMS SUBST.', t.vST],
      ['V. IMP. IMPORTAÇÃO', t.vII],
      ['V. ICMS UF REMET.', t.vICMSUFRemet],
      ['V. FCP UF DEST.', t.vFCPUFDest],
      ['V. TOTAL PRODUTOS', t.vProd],
    ],
    [
      ['VALOR DO FRETE', t.vFrete],
      ['VALOR DO SEGURO', t.vSeg],
      ['DESCONTO', t.vDesc],
      ['OUTRAS DESPESAS', t.vOutro],
      ['VALOR TOTAL IPI', t.vIPI],
      ['V. ICMS UF DEST.', t.vICMSUFDest],
      ['V. TOT. TRIB.', t.vTotTrib],
      ['VALOR TOTAL DA NOTA', t.vNF],
    ],
  ];
  let linha = y + 9;
  for (const campos of linhas) {
    const largura = W / campos.length;
    for (const [index, [rotulo, valor]] of campos.entries())
      campo(doc, M + index * largura, linha, largura, L, rotulo, numeroBr(valor), {
        alinhamento: 'right',
        negrito: rotulo === 'VALOR TOTAL DA NOTA',
      });
    linha += L;
  }
  return linha + 2;
}

function transportador(doc: Pdf, f: Folha, nota: DanfeModelo, y: number): number {
  const { x: M, w: W } = f;
  // The portrait widths, stretched in proportion on a landscape page.
  const k = W / W_RETRATO;
  const campoK = (x: number, yCampo: number, largura: number, rotulo: string, valor: string) =>
    campo(doc, M + x * k, yCampo, largura * k, L, rotulo, valor);
  tituloBloco(doc, 'TRANSPORTADOR / VOLUMES TRANSPORTADOS', M, y, W);
  const tr = nota.transporte;
  const t = tr.transportador;
  let linha = y + 9;
  campoK(0, linha, 190, 'NOME / RAZÃO SOCIAL', t?.nome ?? '');
  campoK(
    190,
    linha,
    95,
    'FRETE POR CONTA',
    MODALIDADES_FRETE[tr.modalidadeFrete] ?? String(tr.modalidadeFrete),
  );
  campoK(285, linha, 60, 'CÓDIGO ANTT', tr.rntc);
  campoK(345, linha, 70, 'PLACA DO VEÍCULO', tr.placa);
  campoK(415, linha, 25, 'UF', tr.ufVeiculo);
  campoK(440, linha, W_RETRATO - 440, 'CNPJ / CPF', documento(t?.documento ?? ''));
  linha += L;
  campoK(0, linha, 285, 'ENDEREÇO', t?.endereco?.logradouro ?? '');
  campoK(285, linha, 130, 'MUNICÍPIO', t?.endereco?.municipio ?? '');
  campoK(415, linha, 25, 'UF', t?.endereco?.uf ?? '');
  campoK(440, linha, W_RETRATO - 440, 'INSCRIÇÃO ESTADUAL', t?.ie ?? '');
  linha += L;
  const v = tr.volumes[0];
  const larguras = [70, 100, 100, 100, 98.64, 98.64];
  const valores: [string, string][] = [
    ['QUANTIDADE', v?.quantidade ?? ''],
    ['ESPÉCIE', v?.especie ?? ''],
    ['MARCA', v?.marca ?? ''],
    ['NUMERAÇÃO', v?.numeracao ?? ''],
    ['PESO BRUTO', v ? numeroBr(v.pesoBruto, 3) : ''],
    ['PESO LÍQUIDO', v ? numeroBr(v.pesoLiquido, 3) : ''],
  ];
  let x = 0;
  valores.forEach(([rotulo, valor], index) => {
    campoK(x, linha, larguras[index]!, rotulo, valor);
    x += larguras[index]!;
  });
  return linha + L + 2;
}

/** The products table header; returns the y of the first row. */
function cabecalhoItens(doc: Pdf, f: Folha, y: number): number {
  tituloBloco(doc, 'DADOS DOS PRODUTOS / SERVIÇOS', f.x, y, f.w);
  const linha = y + 9;
  let x = f.x;
  for (const coluna of f.colunas) {
    doc.lineWidth(0.5).rect(x, linha, coluna.largura, 14).stroke();
    texto(doc, coluna.rotulo, x + 1, linha + 2, coluna.largura - 2, {
      tamanho: 4.6,
      alinhamento: 'center',
      linhas: 2,
    });
    x += coluna.largura;
  }
  return linha + 14;
}

function linhaItem(doc: Pdf, f: Folha, item: ItemDanfe, y: number, altura: number) {
  let x = f.x;
  for (const [index, coluna] of f.colunas.entries()) {
    doc.lineWidth(0.3).rect(x, y, coluna.largura, altura).stroke();
    const valor = index === 1 ? descricaoItem(item) : coluna.valor(item);
    texto(doc, valor, x + 2, y + 1.5, coluna.largura - 4, {
      tamanho: FONTE_ITEM,
      alinhamento: coluna.direita ? 'right' : 'left',
      linhas: index === 1 ? 6 : 1,
    });
    x += coluna.largura;
  }
}

function dadosAdicionais(doc: Pdf, f: Folha, nota: DanfeModelo) {
  const { x: M, w: W } = f;
  const y = f.altura - MARGEM - ALTURA_ADICIONAIS;
  tituloBloco(doc, 'DADOS ADICIONAIS', M, y, W);
  const larguraFisco = 170;
  const altura = ALTURA_ADICIONAIS - 9;
  const avisos = [
    nota.ambiente === 2 ? 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL.' : '',
    nota.contingencia ? `${mencaoContingencia(nota.tipoEmissao, nota.contingencia)}.` : '',
    nota.informacoesComplementares,
  ].filter(Boolean);
  doc
    .lineWidth(0.5)
    .rect(M, y + 9, W - larguraFisco, altura)
    .stroke();
  texto(doc, 'INFORMAÇÕES COMPLEMENTARES', M + 2, y + 10.5, 200, { tamanho: 5 });
  texto(doc, avisos.join(' '), M + 2, y + 18, W - larguraFisco - 4, { tamanho: 6.5, linhas: 9 });
  doc.rect(M + W - larguraFisco, y + 9, larguraFisco, altura).stroke();
  texto(doc, 'RESERVADO AO FISCO', M + W - larguraFisco + 2, y + 10.5, 160, { tamanho: 5 });
  texto(doc, nota.informacoesFisco, M + W - larguraFisco + 2, y + 18, larguraFisco - 4, {
    tamanho: 6.5,
    linhas: 9,
  });
}

/** Height of the fatura/duplicatas block (0 without cobr). */
function alturaFatura(nota: DanfeModelo): number {
  if (!nota.fatura && nota.duplicatas.length === 0) return 0;
  return 9 + (nota.fatura ? L : 0) + Math.ceil(Math.min(nota.duplicatas.length, 21) / 7) * 26 + 2;
}

/** Heights of the fixed blocks: canhoto 54, header 104 + 2 rows, destinatário 71, imposto 51, transporte 71, table header 23. */
const ALTURA_CANHOTO = 54;
const ALTURA_CABECALHO = 104 + 2 * L;
const ALTURA_CABECALHO_ITENS = 23;

/** Items of each page: rows never split; page 1 stops above the dados adicionais. */
function paginar(alturas: number[], inicioPrimeira: number, alturaPagina: number): number[][] {
  const paginas: number[][] = [[]];
  let y = inicioPrimeira;
  let limite = alturaPagina - MARGEM - ALTURA_ADICIONAIS - 4;
  for (const [index, altura] of alturas.entries()) {
    if (y + altura > limite && paginas[paginas.length - 1]!.length > 0) {
      paginas.push([]);
      y = MARGEM + ALTURA_CABECALHO + 2 + ALTURA_CABECALHO_ITENS;
      limite = alturaPagina - MARGEM;
    }
    paginas[paginas.length - 1]!.push(index);
    y += altura;
  }
  return paginas;
}

/**
 * The DANFE of an NF-e, A4 portrait or, when the XML's tpImp is 2, landscape (the canhoto along the left
 * edge), per the Manual de Orientação do Contribuinte (DANFE): canhoto,
 * emitente with the logo, the DANFE box with "Folha X/Y", the chave in Code 128 (set C) and in groups of 4,
 * natureza and protocolo, destinatário, fatura/duplicatas, cálculo do imposto, transportador, the products
 * table (breaking across pages, each continuation page repeating the header) and dados adicionais on the
 * first page. Marked SEM VALOR FISCAL in homologação or without an authorisation protocol, and CANCELADA
 * when the note was cancelled.
 */
export async function desenharDanfe(nota: DanfeModelo, opcoes: OpcoesDanfe = {}): Promise<Buffer> {
  const { doc, fim } = novoPdf({
    titulo: `DANFE ${nota.chave}`,
    autor: nota.emitente.nome,
    semCompressao: opcoes.semCompressao,
  });
  const f = folhaDa(nota);
  const pagina = () => doc.addPage({ size: [f.largura, f.altura], margin: 0 });
  pagina();
  const alturas = nota.itens.map((item) => alturaItem(doc, f, item));
  const topo = f.paisagem ? MARGEM : MARGEM + ALTURA_CANHOTO;
  const inicioPrimeira = topo + ALTURA_CABECALHO + 71 + alturaFatura(nota) + 51 + 71 + ALTURA_CABECALHO_ITENS;
  const paginas = paginar(alturas, inicioPrimeira, f.altura);
  for (const [numero, itens] of paginas.entries()) {
    if (numero > 0) pagina();
    let y: number;
    if (numero === 0) {
      if (f.paisagem) canhotoPaisagem(doc, nota, f);
      const abaixoDoCanhoto = f.paisagem ? MARGEM : canhoto(doc, nota, MARGEM, f.w, f.x);
      y = cabecalho(doc, f, nota, opcoes, abaixoDoCanhoto, 1, paginas.length);
      y = destinatario(doc, f, nota, y);
      y = transportador(doc, f, nota, calculoImposto(doc, f, nota, fatura(doc, f, nota, y)));
      y = cabecalhoItens(doc, f, y);
      dadosAdicionais(doc, f, nota);
    } else {
      y = cabecalhoItens(doc, f, cabecalho(doc, f, nota, opcoes, MARGEM, numero + 1, paginas.length) + 2);
    }
    for (const index of itens) {
      linhaItem(doc, f, nota.itens[index]!, y, alturas[index]!);
      y += alturas[index]!;
    }
    marcasDaPagina(doc, nota, opcoes);
  }
  return fim();
}

/** Width ÷ height of the white-label's logo (SVG viewBox, or the image's pixels); null when it cannot be read. */
function proporcaoDoLogo(doc: Pdf, logo: OpcoesDanfe['logo']): number | null {
  if (!logo) return null;
  if (/svg/i.test(logo.tipo)) return proporcaoSvg(Buffer.from(logo.dados).toString('utf8'));
  if (!/png|jpe?g/i.test(logo.tipo)) return null;
  try {
    // pdfkit's openImage (not in its typings) reads the image's size without drawing it.
    const leitor = doc as unknown as { openImage(dados: Buffer): { width: number; height: number } };
    const imagem = leitor.openImage(Buffer.from(logo.dados));
    return imagem.width > 0 && imagem.height > 0 ? imagem.width / imagem.height : null;
  } catch {
    // An image pdfkit cannot read is left out: the DANFE is still complete without the logo.
    return null;
  }
}

/** The logo fitted and centred in the box: PNG/JPEG as an image, SVG as vectors; false when not drawn. */
function logoDesenhado(
  doc: Pdf,
  logo: OpcoesDanfe['logo'],
  x: number,
  y: number,
  largura: number,
  altura: number,
): boolean {
  if (!logo) return false;
  if (/svg/i.test(logo.tipo))
    return desenharLogoSvg(doc, Buffer.from(logo.dados).toString('utf8'), x, y, largura, altura);
  try {
    doc.image(Buffer.from(logo.dados), x, y, { fit: [largura, altura], align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}
