import PDFDocument from 'pdfkit';
import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import { formatDate, formatDateTime } from '../../../core/formatDate.ts';
import { formatBRL } from '../../../core/formatMoney.ts';
import { ReportError } from './reportError.ts';
import type { ReportHeader } from './reportHeader.ts';
import type { PlanColumn, ReportPlan } from './reportPlan.ts';
import type { CellValue, ReportSink } from './reportRows.ts';

/** Most rows a PDF may hold: past that the user is asked to filter or export to XLSX. */
export const MAX_PDF_ROWS = 50_000;

const MARGIN = 28;
const FONT_SIZE = 7.5;
const ROW_HEIGHT = 11;
const FOOTER_HEIGHT = 18;

const numberFormat = (decimals: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: decimals });
const decimalText = numberFormat(3);
const percentText = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A cell as the PDF prints it: BRL money, dd/MM/yyyy dates, pt-BR numbers. */
export function pdfText(column: PlanColumn, value: CellValue, asCount = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (asCount) return String(value);
    if (column.format === 'money') return formatBRL(value);
    if (column.format === 'percent') return `${percentText.format(value)}%`;
    return column.integer ? String(value) : decimalText.format(value);
  }
  if (value instanceof Date) return formatDateTime(value);
  if (column.format === 'date') return formatDate(value);
  return value;
}

/** What the layout asks of the page it lays lines on; absent while it only counts the pages. */
interface PdfPainter {
  /** Ends the current page (its footer) and opens the next with the page header. */
  nextPage(): void;
  group(label: string, y: number): void;
  row(values: CellValue[], y: number, shaded: boolean): void;
  totals(label: string, totals: Array<number | null>, y: number): void;
}

/**
 * Where every line of a PDF report goes: the page breaks and the y of each line, from `top` (below the page
 * header) to `bottom` (above the footer). The same layout runs twice over the same rows: first without a
 * painter, to learn the page count ("Página X de Y"), then painting — so both agree line for line.
 */
function pdfLayout(top: number, bottom: number, painter?: PdfPainter) {
  let y = top;
  let pages = 1;
  let rows = 0;
  const room = (height: number) => {
    if (y + height <= bottom) return;
    painter?.nextPage();
    pages += 1;
    y = top;
  };
  const totalsLine = (label: string, totals: Array<number | null>) => {
    room(ROW_HEIGHT + 4);
    painter?.totals(label, totals, y);
    y += 1;
    y += ROW_HEIGHT + 3;
  };
  const sink: ReportSink = {
    groupStart(label) {
      room(ROW_HEIGHT * 2);
      y += 2;
      painter?.group(label, y);
      y += ROW_HEIGHT + 2;
    },
    row(values) {
      rows += 1;
      if (rows > MAX_PDF_ROWS)
        throw new ReportError(
          `O relatório em PDF está limitado a ${MAX_PDF_ROWS.toLocaleString('pt-BR')} linhas; refine os filtros ou exporte em XLSX.`,
        );
      room(ROW_HEIGHT);
      painter?.row(values, y, rows % 2 === 0);
      y += ROW_HEIGHT;
    },
    subtotal: (label, totals) => totalsLine(label, totals),
    total: (totals) => totalsLine('Total geral', totals),
  };
  return {
    sink,
    get pages() {
      return pages;
    },
    get rows() {
      return rows;
    },
    get y() {
      return y;
    },
  };
}

/**
 * Writes a report as a PDF with pdfkit (spec 001 §9): on every page the company name and CNPJ, the user,
 * the generation date, the title, the filters and the column header; rows in the definition's
 * orientation; group subtotals and the grand total in bold; "Página X de Y" at the foot of each page.
 * The rows are fed twice (the same snapshot): `layout` only counts the pages, then `sink` paints them; each
 * page is written out as soon as the next one opens, so memory holds one page, not the document.
 */
export function createPdfWriter(plan: ReportPlan, header: ReportHeader, output: (chunk: Buffer) => void) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: plan.orientation,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    info: { Title: plan.title, Author: header.usuario, Creator: header.empresa },
  });
  doc.on('data', output);
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const { columns } = plan;
  let widths: number[] = [];
  let lefts: number[] = [];
  let y = 0;
  const usable = () => doc.page.width - MARGIN * 2;

  const cell = (text: string, i: number, bold: boolean, align?: PlanColumn['align']) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    doc.text(text, (lefts[i] ?? 0) + 2, y + 2, {
      width: (widths[i] ?? 0) - 4,
      height: ROW_HEIGHT,
      align: align ?? columns[i]?.align ?? 'left',
      lineBreak: false,
      ellipsis: true,
    });
  };

  /** Opens a page with its header; returns the y below the column header. */
  const newPage = () => {
    doc.addPage();
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    widths = columns.map((column) => (column.width / total) * usable());
    lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const right = { width: usable(), align: 'right' as const };
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(header.empresa, MARGIN, MARGIN, { width: usable() * 0.65 });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Gerado em ${formatDateTime(header.geradoEm)}`, MARGIN, MARGIN, right);
    doc.text(
      header.cnpj ? `CNPJ: ${formatCpfCnpj(header.cnpj) || header.cnpj}` : 'CNPJ: não informado',
      MARGIN,
      MARGIN + 14,
    );
    doc.text(`Usuário: ${header.usuario}`, MARGIN, MARGIN + 14, right);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(plan.title, MARGIN, MARGIN + 28, { width: usable() });
    y = MARGIN + 44;
    if (plan.filters.length) {
      const text = `Filtros: ${plan.filters.map((f) => `${f.label}: ${f.value}`).join('; ')}`;
      doc.font('Helvetica').fontSize(8).text(text, MARGIN, y, { width: usable() });
      y = doc.y + 4;
    }
    doc.rect(MARGIN, y, usable(), ROW_HEIGHT + 2).fill('#e8e8e8');
    doc.fillColor('black');
    columns.forEach((column, i) => {
      cell(column.label, i, true);
    });
    return y + ROW_HEIGHT + 4;
  };

  let page = 1;
  const footer = () => {
    // Writing inside the bottom margin must not open a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Página ${page} de ${counted.pages}`, MARGIN, doc.page.height - MARGIN - 10, {
        width: usable(),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  };

  // The first page is opened at once: its header tells where the rows start on every page.
  const top = newPage();
  const bottom = doc.page.height - MARGIN - FOOTER_HEIGHT;
  const counted = pdfLayout(top, bottom);
  const painted = pdfLayout(top, bottom, {
    nextPage() {
      footer();
      page += 1;
      newPage();
    },
    group(label, at) {
      y = at;
      doc
        .font('Helvetica-Bold')
        .fontSize(8.5)
        .text(label, MARGIN + 2, y + 1, { lineBreak: false });
    },
    row(values, at, shaded) {
      y = at;
      if (shaded) doc.rect(MARGIN, y, usable(), ROW_HEIGHT).fill('#f5f5f5').fillColor('black');
      values.forEach((value, i) => {
        cell(pdfText(columns[i] as PlanColumn, value), i, false);
      });
    },
    totals(label, totals, at) {
      y = at;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + usable(), y)
        .lineWidth(0.5)
        .stroke();
      y += 1;
      columns.forEach((column, i) => {
        const total = totals[i];
        if (column.total && total !== null && total !== undefined)
          cell(pdfText(column, total, column.total === 'count'), i, true);
        else if (i === 0) cell(label, 0, true, 'left');
      });
    },
  });

  return {
    /** First pass over the rows: lays them out without painting, to count the pages. */
    layout: counted.sink,
    /** Second pass over the same rows: paints them. */
    sink: painted.sink,
    async finish(): Promise<void> {
      if (painted.pages !== counted.pages || painted.rows !== counted.rows)
        throw new Error(`PDF: ${painted.pages} páginas pintadas, ${counted.pages} contadas`);
      if (painted.rows === 0) {
        doc
          .font('Helvetica')
          .fontSize(9)
          .text('Nenhum registro encontrado com os filtros informados.', MARGIN, painted.y + 4);
      }
      footer();
      doc.end();
      await done;
    },
  };
}
