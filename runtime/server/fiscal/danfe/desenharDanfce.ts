import { FONTE, FONTE_NEGRITO, novoPdf, type Pdf } from './danfeDesenho.ts';
import type { DanfeModelo, OpcoesDanfe } from './danfeModelo.ts';
import {
  chaveEmGrupos,
  dataHoraXml,
  documento,
  mencaoContingencia,
  numeroBr,
  numeroNota,
  serieNota,
} from './danfeTexto.ts';
import { marcasDaPagina, semValorFiscal } from './marcasDanfe.ts';
import { qrCodePng } from './qrCodePng.ts';

/** 80 mm paper. */
const LARGURA = 226.77;
const M = 8;
const W = LARGURA - 2 * M;
const QR = 120;

interface Cursor {
  y: number;
}

function linha(
  doc: Pdf,
  c: Cursor,
  valor: string,
  opcoes: { tamanho?: number; negrito?: boolean; alinhamento?: 'left' | 'center' | 'right' } = {},
) {
  doc.font(opcoes.negrito ? FONTE_NEGRITO : FONTE).fontSize(opcoes.tamanho ?? 7);
  doc.text(valor, M, c.y, { width: W, align: opcoes.alinhamento ?? 'center' });
  c.y = doc.y + 1;
}

function parValor(doc: Pdf, c: Cursor, rotulo: string, valor: string, negrito = false) {
  doc.font(negrito ? FONTE_NEGRITO : FONTE).fontSize(7.5);
  doc.text(rotulo, M, c.y, { width: W * 0.65, lineBreak: false });
  doc.text(valor, M + W * 0.65, c.y, { width: W * 0.35, align: 'right', lineBreak: false });
  c.y += 10;
}

function separador(doc: Pdf, c: Cursor) {
  c.y += 2;
  doc
    .save()
    .lineWidth(0.4)
    .dash(2, { space: 1.5 })
    .moveTo(M, c.y)
    .lineTo(M + W, c.y)
    .stroke()
    .undash()
    .restore();
  c.y += 4;
}

/** Draws the whole receipt from the top; returns where it ended (the first pass only measures that). */
function desenhar(doc: Pdf, nota: DanfeModelo, qr: Buffer | null): number {
  const c: Cursor = { y: M };
  const emit = nota.emitente;
  const e = emit.endereco;
  // Divisão I: emitente.
  linha(doc, c, emit.nome, { negrito: true, tamanho: 8 });
  linha(doc, c, `CNPJ: ${documento(emit.documento)}   IE: ${emit.ie}`);
  if (e)
    linha(
      doc,
      c,
      `${e.logradouro}, ${e.numero}${e.complemento ? ` ${e.complemento}` : ''}, ${e.bairro}, ${e.municipio} - ${e.uf}`,
    );
  linha(doc, c, 'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica', { negrito: true });
  separador(doc, c);
  // Divisão II: itens.
  doc.font(FONTE_NEGRITO).fontSize(6.5);
  doc.text('CÓDIGO  DESCRIÇÃO', M, c.y, { width: W * 0.6, lineBreak: false });
  doc.text('QTDE UN  VL UNIT  VL TOTAL', M + W * 0.4, c.y, {
    width: W * 0.6,
    align: 'right',
    lineBreak: false,
  });
  c.y += 9;
  for (const item of nota.itens) {
    doc.font(FONTE).fontSize(6.5);
    doc.text(`${item.codigo} ${item.descricao}`, M, c.y, { width: W });
    c.y = doc.y;
    doc.text(
      `${numeroBr(item.quantidade, 3)} ${item.unidade} x ${numeroBr(item.valorUnitario)} = ${numeroBr(item.valorTotal)}`,
      M,
      c.y,
      { width: W, align: 'right' },
    );
    c.y = doc.y + 1;
  }
  separador(doc, c);
  // Divisão III: totais e pagamento.
  const t = nota.totais;
  parValor(doc, c, 'Qtde. total de itens', String(nota.itens.length));
  parValor(doc, c, 'Valor total R$', numeroBr(t.vProd));
  if (t.vDesc > 0) parValor(doc, c, 'Descontos R$', numeroBr(t.vDesc));
  const acrescimos = t.vFrete + t.vSeg + t.vOutro;
  if (acrescimos > 0) parValor(doc, c, 'Acréscimos R$', numeroBr(acrescimos));
  parValor(doc, c, 'Valor a Pagar R$', numeroBr(t.vNF), true);
  parValor(doc, c, 'FORMA PAGAMENTO', 'VALOR PAGO R$', true);
  for (const pagamento of nota.pagamentos) parValor(doc, c, pagamento.descricao, numeroBr(pagamento.valor));
  if (nota.troco > 0) parValor(doc, c, 'Troco R$', numeroBr(nota.troco));
  separador(doc, c);
  // Divisão IV: consulta pela chave.
  linha(doc, c, 'Consulte pela Chave de Acesso em', { negrito: true });
  linha(doc, c, nota.urlChave || 'www.nfe.fazenda.gov.br/portal', { tamanho: 6 });
  linha(doc, c, chaveEmGrupos(nota.chave), { tamanho: 7 });
  separador(doc, c);
  // Divisão V: consumidor.
  const d = nota.destinatario;
  linha(
    doc,
    c,
    d?.documento
      ? `CONSUMIDOR - ${d.documento.length === 11 ? 'CPF' : 'CNPJ'} ${documento(d.documento)}${d.nome ? ` - ${d.nome}` : ''}`
      : 'CONSUMIDOR NÃO IDENTIFICADO',
    { negrito: true },
  );
  separador(doc, c);
  // Divisão VI: identificação e protocolo.
  linha(
    doc,
    c,
    `NFC-e nº ${numeroNota(nota.numero)} Série ${serieNota(nota.serie)} ${dataHoraXml(nota.dataEmissao)}`,
    {
      negrito: true,
      tamanho: 6.5,
    },
  );
  if (nota.protocolo) {
    linha(doc, c, `Protocolo de autorização: ${nota.protocolo.numero}`);
    linha(doc, c, `Data de autorização: ${dataHoraXml(nota.protocolo.dataHora)}`);
  } else if (nota.contingencia) {
    linha(doc, c, mencaoContingencia(nota.tipoEmissao, nota.contingencia), { negrito: true });
    linha(doc, c, 'Pendente de autorização');
  }
  if (nota.ambiente === 2)
    linha(doc, c, 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL', { negrito: true });
  else if (semValorFiscal(nota) && !nota.contingencia)
    linha(doc, c, 'SEM VALOR FISCAL - NÃO AUTORIZADA', { negrito: true });
  // Divisão VII: QR code.
  // White around it: the QR code's quiet zone (4 modules) stays clear of the texts.
  if (qr) doc.image(qr, M + (W - QR) / 2, c.y + 8, { width: QR, height: QR });
  c.y += QR + 16;
  // Divisão VIII: tributos e informações.
  if (t.vTotTrib > 0)
    linha(doc, c, `Tributos totais incidentes (Lei Federal 12.741/2012): R$ ${numeroBr(t.vTotTrib)}`);
  if (nota.informacoesComplementares) linha(doc, c, nota.informacoesComplementares, { tamanho: 6.5 });
  return c.y + M;
}

/**
 * The DANFE NFC-e on an 80 mm roll (Manual de Especificações Técnicas do DANFE NFC-e e QR Code): emitente,
 * items, totals and payments with change, the consultation URL and the chave, the consumidor, number, série,
 * date and protocolo, the QR code of infNFeSupl and the approximate taxes. One page as tall as its content.
 */
export async function desenharDanfce(nota: DanfeModelo, opcoes: OpcoesDanfe = {}): Promise<Buffer> {
  const qr = nota.qrCode ? await qrCodePng(nota.qrCode) : null;
  // Measured on a throwaway tall page, then drawn on one exactly that tall.
  const medida = novoPdf({ titulo: '', autor: '' });
  medida.doc.addPage({ size: [LARGURA, 14_000], margin: 0 });
  const altura = Math.max(300, desenhar(medida.doc, nota, qr));
  await medida.fim();
  const { doc, fim } = novoPdf({
    titulo: `DANFE NFC-e ${nota.chave}`,
    autor: nota.emitente.nome,
    semCompressao: opcoes.semCompressao,
  });
  doc.addPage({ size: [LARGURA, altura], margin: 0 });
  desenhar(doc, nota, qr);
  marcasDaPagina(doc, nota, opcoes, 0.42);
  return fim();
}
