import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Reads an XLSX file into an exceljs workbook (the first sheet is the report). */
export async function readXlsx(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('planilha sem abas');
  return sheet;
}

/** The text items of each page of a PDF with their position (pdfjs-dist legacy build, no canvas). */
export async function pdfTextItems(
  file: Buffer,
): Promise<Array<Array<{ x: number; y: number; text: string }>>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(file), standardFontDataUrl }).promise;
  const pages: Array<Array<{ x: number; y: number; text: string }>> = [];
  for (let i = 1; i <= document.numPages; i++) {
    const page = await document.getPage(i);
    const content = await page.getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item
          ? [{ x: item.transform[4] as number, y: item.transform[5] as number, text: item.str }]
          : [],
      ),
    );
  }
  await document.destroy();
  return pages;
}

/** The text of each page of a PDF. */
export async function pdfPages(file: Buffer): Promise<string[]> {
  return (await pdfTextItems(file)).map((items) => items.map((item) => item.text).join(' '));
}
