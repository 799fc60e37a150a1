import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODE128_WIDTHS } from '../../runtime/core/code128.ts';
import { chaveEmGrupos, numeroBr, telefone } from '../../runtime/server/fiscal/danfe/danfeTexto.ts';
import {
  ALTURA_BARRAS,
  MODULO_BARRAS,
  moduloBarras,
} from '../../runtime/server/fiscal/danfe/desenharDanfe.ts';
import { gerarDanfePdf } from '../../runtime/server/fiscal/danfe/gerarDanfePdf.ts';
import { lerNotaParaDanfe } from '../../runtime/server/fiscal/danfe/lerNotaParaDanfe.ts';
import { qrCodePng } from '../../runtime/server/fiscal/danfe/qrCodePng.ts';
import { notaDanfeTeste } from '../support/notaDanfeTeste.ts';
import { pdfPages, pdfTextItems } from '../support/reportFiles.ts';

/** DANFE (NF-e, A4) and DANFCE (NFC-e, 80 mm) drawn from the XML: texts, pages, bars, marks. */

const autorizada = notaDanfeTeste({ itens: 60, ambiente: 1 });

/** Rectangles `x y w h re` of a page's content stream (drawn uncompressed), by height. */
function retangulos(pdf: Buffer, altura: number): Array<{ x: number; w: number }> {
  const texto = pdf.toString('latin1');
  const streams = [...texto.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => m[1]!);
  const conteudo = streams.join('\n');
  return [...conteudo.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)]
    .map((m) => ({ x: Number(m[1]), w: Number(m[3]), h: Number(m[4]) }))
    .filter((r) => Math.abs(r.h - altura) < 1e-6)
    .map(({ x, w }) => ({ x, w }));
}

/** Reads Code 128 back from bars: module runs → 6-width symbols → values → text (sets A, B and C, switches). */
function lerCode128(
  barras: Array<{ x: number; w: number }>,
  modulo: number,
): { inicio: number; texto: string } {
  const ordenadas = [...barras].sort((a, b) => a.x - b.x);
  const inicio = ordenadas[0]!.x;
  let modulos = '';
  for (const barra of ordenadas) {
    const posicao = Math.round((barra.x - inicio) / modulo);
    modulos = modulos.padEnd(posicao, '0') + '1'.repeat(Math.round(barra.w / modulo));
  }
  const larguras: number[] = [];
  for (const corrida of modulos.match(/1+|0+/g) ?? []) larguras.push(corrida.length);
  const valores: number[] = [];
  for (let i = 0; i + 6 <= larguras.length - 7; i += 6) {
    const simbolo = larguras.slice(i, i + 6).join('');
    const valor = CODE128_WIDTHS.indexOf(simbolo);
    if (valor < 0) throw new Error(`símbolo ${simbolo} desconhecido`);
    valores.push(valor);
  }
  expect(larguras.slice(-7).join('')).toBe(CODE128_WIDTHS[106]);
  const [start, ...dados] = valores;
  const verificador = dados.pop()!;
  const soma = [start!, ...dados].reduce(
    (total, valor, index) => total + valor * (index === 0 ? 1 : index),
    0,
  );
  expect(verificador).toBe(soma % 103);
  let conjunto = start === 105 ? 'C' : 'AB';
  let texto = '';
  for (const valor of dados) {
    // In set C, 0–99 are digit pairs (99 is "99", not a switch); 100 and 101 leave it. In A/B, 99 enters C.
    if (conjunto === 'C') {
      if (valor === 100 || valor === 101) conjunto = 'AB';
      else texto += String(valor).padStart(2, '0');
    } else if (valor === 99) conjunto = 'C';
    else texto += String.fromCharCode(valor + 32);
  }
  return { inicio: start!, texto };
}

const LOGO_SVG = readFileSync(new URL('../../tenants/demo/assets/logo.svg', import.meta.url));

/** The fill colours (`r g b scn`, pdfkit's operator) of the uncompressed content streams, as 0–255 RGB. */
const coresDePreenchimento = (pdf: Buffer) =>
  new Set(
    [...pdf.toString('latin1').matchAll(/([\d.]+) ([\d.]+) ([\d.]+) scn/g)].map((m) =>
      m
        .slice(1, 4)
        .map((c) => Math.round(Number(c) * 255))
        .join(' '),
    ),
  );

describe('DANFE: phone, SVG logo, landscape and an alphanumeric CNPJ', () => {
  it.each([
    ['1134567890', '(11) 3456-7890'],
    ['11987654321', '(11) 98765-4321'],
    ['5511987654321', '(11) 98765-4321'],
    ['01134567890', '(11) 3456-7890'],
    ['08001234567', '0800 123 4567'],
    ['34567890', '3456-7890'],
    ['123', '123'],
    ['', ''],
  ])('the XML phone %j prints as %j', (fone, impresso) => {
    expect(telefone(fone)).toBe(impresso);
  });

  it("prints the emitente's phone formatted, a mobile with its ninth digit", async () => {
    const nota = notaDanfeTeste({ itens: 1, telefoneEmitente: '11987654321' });
    expect(nota.xml).toContain('<fone>11987654321</fone>');
    const [pagina] = await pdfPages(await gerarDanfePdf(nota.xml));
    expect(pagina).toContain('São Paulo - SP Fone: (11) 98765-4321');
  });

  it("draws the white-label's SVG logo as vectors (its blue, its text), no image; an unsupported SVG is left out", async () => {
    const umItem = notaDanfeTeste({ itens: 1 }).xml;
    const logo = { dados: new Uint8Array(LOGO_SVG), tipo: 'image/svg+xml' };
    const comLogo = await gerarDanfePdf(umItem, { logo, semCompressao: true });
    const semLogo = await gerarDanfePdf(umItem, { semCompressao: true });
    expect(comLogo.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    // #2196f3 = 33 150 243: the logo's blue, absent without the logo.
    expect(coresDePreenchimento(comLogo).has('33 150 243')).toBe(true);
    expect(coresDePreenchimento(semLogo).has('33 150 243')).toBe(false);
    const [pagina] = await pdfPages(comLogo);
    expect(pagina).toContain('ERP Demonstração');
    const gradiente = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/></svg>',
    );
    const ignorado = await gerarDanfePdf(umItem, {
      logo: { dados: new Uint8Array(gradiente), tipo: 'image/svg+xml' },
      semCompressao: true,
    });
    expect(coresDePreenchimento(ignorado)).toEqual(coresDePreenchimento(semLogo));
  });

  it('tpImp 2: landscape A4, the canhoto along the left edge, the items across pages with "Folha X/Y"', async () => {
    const nota = notaDanfeTeste({ itens: 20, tipoImpressao: 2 });
    expect(nota.xml).toContain('<tpImp>2</tpImp>');
    expect(lerNotaParaDanfe(nota.xml).tipoImpressao).toBe(2);
    const pdf = await gerarDanfePdf(nota.xml);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const paginas = await pdfTextItems(pdf);
    expect(paginas.length).toBeGreaterThan(1);
    const texto = paginas.map((itens) => itens.map((item) => item.text).join(' '));
    expect(texto[0]).toContain(`Folha 1/${paginas.length}`);
    const todas = texto.join(' ');
    for (let n = 1; n <= 20; n++) expect(todas).toMatch(new RegExp(`\\bP${n}\\s+Produto de teste ${n}\\b`));
    // The canhoto's text runs up the left margin: left of everything else on the page.
    const recebemos = paginas[0]!.find((item) => item.text.startsWith('RECEBEMOS DE'))!;
    const emitente = paginas[0]!.find((item) => item.text === 'IDENTIFICAÇÃO DO EMITENTE')!;
    expect(recebemos.x).toBeLessThan(emitente.x - 40);
    const retrato = await gerarDanfePdf(notaDanfeTeste({ itens: 20 }).xml);
    expect(retrato.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('an alphanumeric CNPJ: formatted, in the chave, its bars mixing Code 128C and 128A and decoding back', async () => {
    const nota = notaDanfeTeste({
      itens: 1,
      cnpjEmitente: '12ABC34501DE35',
      transportador: { documento: '12ABC34501DE35', nome: 'Transportes Alfa', uf: 'SP', municipio: 'Santos' },
    });
    expect(nota.chave.slice(6, 20)).toBe('12ABC34501DE35');
    const pdf = await gerarDanfePdf(nota.xml, { semCompressao: true });
    const [pagina] = await pdfPages(pdf);
    expect(pagina).toContain('12.ABC.345/01DE-35');
    // The transportador's box too (emitente and transportador share the CNPJ here: it appears twice).
    expect(pagina!.split('12.ABC.345/01DE-35')).toHaveLength(3);
    expect(pagina).toContain('Transportes Alfa');
    expect(pagina).toContain('1 - Destinatário (FOB)');
    expect(pagina).toContain(chaveEmGrupos(nota.chave));
    const barras = retangulos(pdf, ALTURA_BARRAS);
    // 354 modules: narrower than 0.75 pt so the bars fit the chave's box (235.28 − 8 points).
    const modulo = moduloBarras(354, 595.28 - 28 - 232 - 100 - 8);
    expect(modulo).toBeLessThan(MODULO_BARRAS);
    expect(lerCode128(barras, modulo)).toEqual({ inicio: 105, texto: nota.chave });
  });
});

describe('DANFE of an authorised NF-e (nfeProc) with 60 items', () => {
  it('reads the nfeProc into the model: protocol, 60 items, 3 duplicatas', () => {
    const nota = lerNotaParaDanfe(autorizada.xml);
    expect(nota).toMatchObject({ modelo: 55, chave: autorizada.chave, numero: 1301, serie: 1, ambiente: 1 });
    expect(nota.protocolo).toMatchObject({ numero: autorizada.protocolo, cStat: '100' });
    expect(nota.itens).toHaveLength(60);
    expect(nota.itens[59]).toMatchObject({
      codigo: 'P60',
      quantidade: 60,
      valorUnitario: 39.5,
      cst: '000',
      cfop: '6102',
    });
    expect(nota.duplicatas.map((d) => d.numero)).toEqual(['001', '002', '003']);
  });

  it('prints the chave in groups of 4, emitente, destinatário, totals and every item across "Folha 1/2" and "Folha 2/2"', async () => {
    const paginas = await pdfPages(await gerarDanfePdf(autorizada.xml));
    expect(paginas).toHaveLength(2);
    const [primeira, segunda] = paginas as [string, string];
    const grupos = chaveEmGrupos(autorizada.chave);
    expect(grupos).toMatch(/^(\d{4} ){10}\d{4}$/);
    for (const pagina of paginas) {
      expect(pagina).toContain(grupos);
      expect(pagina).toContain('EMPRESA DEMONSTRACAO LTDA');
      expect(pagina).toContain('Nº 000.001.301');
    }
    expect(primeira).toContain('Folha 1/2');
    expect(segunda).toContain('Folha 2/2');
    expect(primeira).toContain('Cliente de Teste');
    expect(primeira).toContain('33.000.167/0001-01');
    expect(primeira).toContain('RECEBEMOS DE EMPRESA DEMONSTRACAO LTDA');
    expect(primeira).toContain(`${autorizada.protocolo} - 20/11/2026 10:00:05`);
    expect(primeira).toContain('VALOR TOTAL DA NOTA');
    expect(primeira).toContain(numeroBr(autorizada.vNF));
    expect(primeira).toContain('Nº 002');
    expect(primeira).toContain('Venc. 20/12/2026');
    expect(primeira).toContain('Pedido 12 do cliente.');
    const todas = paginas.join(' ');
    for (let n = 1; n <= 60; n++) expect(todas).toMatch(new RegExp(`\\bP${n}\\s+Produto de teste ${n}\\b`));
    expect(primeira).toContain('Produto de teste 1 ');
    expect(segunda).toContain('Produto de teste 60');
    expect(primeira).not.toContain('Produto de teste 60');
    expect(todas).not.toContain('SEM VALOR FISCAL');
    expect(todas).not.toContain('CANCELADA');
  });

  it('draws the chave as Code 128 set C bars that decode back to it', async () => {
    const pdf = await gerarDanfePdf(autorizada.xml, { semCompressao: true });
    const barras = retangulos(pdf, ALTURA_BARRAS);
    // Two pages, each with the chave's bars: 277 modules, 70 bars per page for this chave at most.
    expect(barras.length % 2).toBe(0);
    const primeiraPagina = barras.slice(0, barras.length / 2);
    expect(lerCode128(primeiraPagina, MODULO_BARRAS)).toEqual({ inicio: 105, texto: autorizada.chave });
    // A chave whose digit pairs include "99" and "00": in set C those are data (99 is not a switch there).
    const noventaENove = notaDanfeTeste({ itens: 1, ambiente: 1, codigoNumerico: '99009999' });
    expect(noventaENove.chave).toMatch(/^(\d\d)*?99/);
    const umaPagina = retangulos(
      await gerarDanfePdf(noventaENove.xml, { semCompressao: true }),
      ALTURA_BARRAS,
    );
    expect(lerCode128(umaPagina, MODULO_BARRAS)).toEqual({ inicio: 105, texto: noventaENove.chave });
  });

  it("the white-label's PNG logo is drawn in the emitente box (no image without it)", async () => {
    const logo = { dados: new Uint8Array(await qrCodePng('logo')), tipo: 'image/png' };
    const umItem = notaDanfeTeste({ itens: 1, ambiente: 1 }).xml;
    expect((await gerarDanfePdf(umItem, { logo })).toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect((await gerarDanfePdf(umItem)).toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('a cancelled note carries the CANCELADA watermark on every page', async () => {
    const paginas = await pdfPages(await gerarDanfePdf(autorizada.xml, { cancelada: true }));
    expect(paginas.every((pagina) => pagina.includes('CANCELADA'))).toBe(true);
    expect(paginas.join(' ')).not.toContain('SEM VALOR FISCAL');
  });
});

describe('DANFE without fiscal value', () => {
  it('a preview XML (signed, no protocol): SEM VALOR FISCAL, and the protocol box says so', async () => {
    const previa = notaDanfeTeste({ itens: 2, ambiente: 1, autorizada: false });
    const [pagina] = await pdfPages(await gerarDanfePdf(previa.xml));
    expect(pagina).toContain('SEM VALOR FISCAL');
    expect(pagina).toContain('SEM PROTOCOLO DE AUTORIZAÇÃO');
    expect(pagina).toContain('Folha 1/1');
  });

  it('homologação, even authorised: SEM VALOR FISCAL and the homologação notice', async () => {
    const homologacao = notaDanfeTeste({ itens: 1, ambiente: 2 });
    const [pagina] = await pdfPages(await gerarDanfePdf(homologacao.xml));
    expect(pagina).toContain('SEM VALOR FISCAL');
    expect(pagina).toContain('NF-E EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO');
  });

  it('contingency: the mention with its start and reason replaces the consultation text', async () => {
    const contingencia = notaDanfeTeste({ itens: 1, ambiente: 1, autorizada: false })
      .xml.replace('<tpEmis>1</tpEmis>', '<tpEmis>6</tpEmis>')
      .replace(
        '</verProc>',
        '</verProc><dhCont>2026-11-20T09:30:00-03:00</dhCont><xJust>SEFAZ de origem fora do ar</xJust>',
      );
    const [pagina] = await pdfPages(await gerarDanfePdf(contingencia));
    expect(pagina).toContain('EMITIDA EM CONTINGÊNCIA SVC-AN desde 20/11/2026 09:30:00');
    expect(pagina).toContain('SEFAZ de origem fora do ar');
  });

  it('an XML that is not an NF-e: 422 in pt-BR', async () => {
    await expect(gerarDanfePdf('<foo/>')).rejects.toThrow(/não tem uma NF-e/);
  });
});

describe('DANFCE (NFC-e, 80 mm)', () => {
  it('items, totals, payment and change, consultation URL, chave, consumidor, protocolo and the QR code image', async () => {
    const nfce = notaDanfeTeste({ itens: 4, modelo: 65, ambiente: 1, numero: 5001 });
    const pdf = await gerarDanfePdf(nfce.xml);
    const paginas = await pdfPages(pdf);
    expect(paginas).toHaveLength(1);
    const [pagina] = paginas as [string];
    expect(pagina).toContain('Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica');
    expect(pagina).toMatch(/P4\s+Produto de teste 4/);
    expect(pagina).toContain('Qtde. total de itens');
    expect(pagina).toContain(numeroBr(nfce.vNF));
    expect(pagina).toContain('Dinheiro');
    expect(pagina).toContain('Troco R$');
    expect(pagina).toContain('Consulte pela Chave de Acesso em');
    expect(pagina).toContain('https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica');
    expect(pagina).toContain(chaveEmGrupos(nfce.chave));
    expect(pagina).toContain('CONSUMIDOR - CPF 529.982.247-25');
    expect(pagina).toContain('NFC-e nº 000.005.001 Série 001');
    expect(pagina).toContain(`Protocolo de autorização: ${nfce.protocolo}`);
    expect(pagina).not.toContain('SEM VALOR FISCAL');
    // The QR code is an embedded image (PNG from bwip-js) on an 80 mm page.
    const bruto = pdf.toString('latin1');
    expect(bruto).toMatch(/\/Subtype \/Image/);
    expect(bruto).toMatch(/\/MediaBox \[0 0 226\.77/);
  });
});
