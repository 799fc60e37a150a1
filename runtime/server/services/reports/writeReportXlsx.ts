import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { DEFAULT_TIME_ZONE } from '../../../core/constants.ts';
import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import { formatDateTime } from '../../../core/formatDate.ts';
import { escapeSpreadsheetText } from '../../../core/spreadsheetCell.ts';
import type { ReportHeader } from './reportHeader.ts';
import type { PlanColumn, ReportPlan } from './reportPlan.ts';
import type { CellValue, ReportSink } from './reportRows.ts';

/** Excel number formats (the display separators follow the reader's locale: 1.234,56 in pt-BR). */
export const XLSX_FORMATS = {
  money: '"R$" #,##0.00',
  integer: '0',
  number: '#,##0.000',
  percent: '0.00%',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
} as const;

const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: DEFAULT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Wall-clock time of an instant in the time zone, as a Date whose UTC fields hold it (Excel has no zones). */
function wallClock(date: Date): Date {
  const parts = wallClockParts.formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return new Date(
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')),
  );
}

function numFmtOf(column: PlanColumn): string | undefined {
  switch (column.format) {
    case 'money':
      return XLSX_FORMATS.money;
    case 'number':
      return column.integer ? XLSX_FORMATS.integer : XLSX_FORMATS.number;
    case 'percent':
      return XLSX_FORMATS.percent;
    case 'date':
      return XLSX_FORMATS.date;
    case 'datetime':
      return XLSX_FORMATS.datetime;
    default:
      return undefined;
  }
}

/**
 * A cell value as exceljs writes it: numbers stay numbers, dates become real dates, text is
 * formula-escaped (escapeSpreadsheetText).
 */
function excelValue(column: PlanColumn, value: CellValue): ExcelJS.CellValue {
  if (value === null) return null;
  if (column.format === 'percent' && typeof value === 'number') return value / 100;
  if (column.format === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  if (column.format === 'datetime' && value instanceof Date) return wallClock(value);
  if (typeof value === 'string') return escapeSpreadsheetText(value);
  return value;
}

/** exceljs 4.4's streaming sheet: its StreamBuf, piped into archiver's entry stream (readable-stream 2). */
interface SheetInternals {
  stream: { pipes: Array<NodeJS.EventEmitter & { _writableState?: { needDrain: boolean } }> };
}

/**
 * Streams a report to XLSX with exceljs' WorkbookWriter: every row is committed as it is written and the
 * zipped bytes go to `output` as they are made (call `drain` between batches of rows), so memory holds a
 * batch, not the sheet. Identification rows on top (company, CNPJ, title, filters, user and
 * date), then the header row (bold, frozen, with an autofilter), typed cells (numbers, real dates, BRL
 * format), group subtotals and the grand total in bold.
 */
export function createXlsxWriter(plan: ReportPlan, header: ReportHeader, output: (chunk: Buffer) => void) {
  const stream = new PassThrough();
  stream.on('data', output);
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = header.usuario;
  workbook.created = header.geradoEm;
  const intro: string[] = [
    header.empresa,
    header.cnpj ? `CNPJ: ${formatCpfCnpj(header.cnpj) || header.cnpj}` : '',
    plan.title,
    plan.filters.length ? `Filtros: ${plan.filters.map((f) => `${f.label}: ${f.value}`).join('; ')}` : '',
    `Gerado em ${formatDateTime(header.geradoEm)} por ${header.usuario}`,
  ].filter(Boolean);
  const headerRow = intro.length + 2;
  const sheet = workbook.addWorksheet(plan.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }],
    pageSetup: { orientation: plan.orientation, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const { columns } = plan;
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: Math.max(column.width, column.label.length + 2),
    style: { numFmt: numFmtOf(column) } as Partial<ExcelJS.Style>,
  }));
  intro.forEach((text, i) => {
    const row = sheet.addRow([escapeSpreadsheetText(text)]);
    row.font = { bold: i === 0 || text === plan.title, size: i === 0 || text === plan.title ? 12 : 10 };
    row.commit();
  });
  sheet.addRow([]).commit();
  const head = sheet.addRow(columns.map((column) => escapeSpreadsheetText(column.label)));
  head.font = { bold: true };
  head.eachCell((cell, i) => {
    cell.alignment = { horizontal: columns[i - 1]?.align ?? 'left' };
    cell.border = { bottom: { style: 'thin' } };
  });
  head.commit();
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: columns.length } };

  const totalsRow = (label: string, totals: Array<number | null>) => {
    const values: ExcelJS.CellValue[] = columns.map((column, i) => {
      const total = totals[i];
      if (total === null || total === undefined || !column.total) return null;
      return column.total === 'count' ? total : excelValue(column, total);
    });
    values[0] = values[0] ?? escapeSpreadsheetText(label);
    const row = sheet.addRow(values);
    row.font = { bold: true };
    columns.forEach((column, i) => {
      if (column.total === 'count') row.getCell(i + 1).numFmt = XLSX_FORMATS.integer;
    });
    row.commit();
  };

  const sink: ReportSink = {
    groupStart(label) {
      const row = sheet.addRow([escapeSpreadsheetText(label)]);
      row.font = { bold: true };
      row.commit();
    },
    row(values) {
      sheet.addRow(values.map((value, i) => excelValue(columns[i] as PlanColumn, value))).commit();
    },
    subtotal: (label, totals) => totalsRow(label, totals),
    total: (totals) => totalsRow('Total geral', totals),
  };

  return {
    sink,
    /**
     * Waits until the zip has taken the rows written so far. exceljs' sheet buffer ignores backpressure:
     * its writes pile up in the stream archiver reads the sheet from, so without this wait the whole
     * sheet's XML (tens of MB for 100,000 rows) sat in memory until the end.
     */
    async drain(): Promise<void> {
      const source = (sheet as unknown as SheetInternals).stream.pipes[0];
      if (source?._writableState?.needDrain) await once(source, 'drain');
    },
    async finish(): Promise<void> {
      sheet.commit();
      await workbook.commit();
      await done;
    },
  };
}
