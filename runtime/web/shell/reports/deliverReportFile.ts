import type { ReportFormat } from '../../../core/constants.ts';

/**
 * Hands a finished report to the user (spec 000 §4): pdf is fetched as a blob and opened in a new
 * window for printing, xlsx is downloaded. Returns false when the browser blocked the pop-up.
 */
export async function deliverReportFile(href: string, format: ReportFormat, name: string): Promise<boolean> {
  if (format === 'xlsx') {
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = `${name}.xlsx`;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    return true;
  }
  const response = await fetch(href);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blobUrl = URL.createObjectURL(await response.blob());
  const printWindow = window.open(blobUrl, '_blank');
  if (!printWindow) {
    URL.revokeObjectURL(blobUrl);
    return false;
  }
  printWindow.addEventListener('load', () => {
    try {
      printWindow.print();
    } catch {
      // The PDF viewer keeps its own print button.
    }
  });
  // The window keeps its own copy once loaded; free ours a while later.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  return true;
}
