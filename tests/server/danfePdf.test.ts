import { describe, expect, it } from 'vitest';
import { CODE128_WIDTHS } from '../../runtime/core/code128.ts';
import { chaveEmGrupos, numeroBr } from '../../runtime/server/fiscal/danfe/danfeTexto.ts';
import { ALTURA_BARRAS, MODULO_BARRAS } from '../../runtime/server/fiscal/danfe/desenharDanfe.ts';
import { gerarDanfePdf } from '../../runtime/server/fiscal/danfe/gerarDanfePdf.ts';
import { lerNotaParaDanfe } from '../../runtime/server/fiscal/danfe/lerNotaParaDanfe.ts';
import { qrCodePng } from '../../runtime/server/fiscal/danfe/qrCodePng.ts';
import { notaDanfeTeste } from '../support/notaDanfeTeste.ts';
import { pdfPages } from '../support/reportFiles.ts';

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

/** Reads Code 128 set C back from bars: module runs → 6-width symbols → values → digits. */
function lerCode128C(barras: Array<{ x: number; w: number }>, modulo: number): string {
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
  expect(start).toBe(105);
  const verificador = dados.pop()!;
  const soma = [start!, ...dados].reduce(
    (total, valor, index) => total + valor * (index === 0 ? 1 : index),
    0,
  );
  expect(verificador).toBe(soma % 103);
  return dados.map((valor) => String(valor).padStart(2, '0')).join('');
}

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
    expect(lerCode128C(primeiraPagina, MODULO_BARRAS)).toBe(autorizada.chave);
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
