import { barcodeFor } from '../../../../core/barcodeFor.ts';

/** Quiet zone on each side, in modules (EAN-13 asks for 11 on the left and 7 on the right; 10 for Code 128). */
const QUIET = 10;

/** The runs of bars of a module string, as [start, width] pairs. */
function bars(modules: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < modules.length; i++) {
    if (modules[i] !== '1') continue;
    let end = i;
    while (modules[end + 1] === '1') end++;
    runs.push([i, end - i + 1]);
    i = end;
  }
  return runs;
}

/**
 * A product code drawn as a real barcode in SVG (EAN-13 for a valid GTIN-13/12, else Code 128) with its
 * digits below; nothing when the code cannot be encoded. Scales to the width of its box.
 */
export function BarcodeSvg({ code, heightMm }: { code: string | null | undefined; heightMm: number }) {
  const barcode = barcodeFor(code);
  if (!barcode) return null;
  const width = barcode.modules.length + QUIET * 2;
  return (
    <div style={{ width: '100%', textAlign: 'center', lineHeight: 1 }}>
      <svg
        role="img"
        aria-label={`Código de barras ${barcode.symbology} ${barcode.text}`}
        viewBox={`0 0 ${width} 50`}
        preserveAspectRatio="none"
        style={{ width: '100%', height: `${heightMm}mm`, display: 'block' }}
        shapeRendering="crispEdges"
      >
        <rect x={0} y={0} width={width} height={50} fill="#fff" />
        {bars(barcode.modules).map(([x, w]) => (
          <rect key={x} x={x + QUIET} y={0} width={w} height={50} fill="#000" />
        ))}
      </svg>
      <span style={{ fontFamily: 'monospace', fontSize: '7pt', letterSpacing: '0.5pt' }}>{barcode.text}</span>
    </div>
  );
}
