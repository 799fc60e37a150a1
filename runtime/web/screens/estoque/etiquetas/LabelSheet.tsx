import { formatBRL } from '../../../../core/formatMoney.ts';
import { BarcodeSvg } from './BarcodeSvg.tsx';
import type { EtiquetaModelo, EtiquetaProduto, LabelOptions } from './etiquetaTypes.ts';

/** Gap between labels, in mm (the label model has no field for it; sheets usually leave about 2 mm). */
const GAP_MM = 2;

interface Props {
  modelo: EtiquetaModelo;
  /** One entry per label position; null leaves the position blank (already used on the sheet). */
  labels: Array<EtiquetaProduto | null>;
  options: LabelOptions;
  /** Dashed outline of each label (on screen, not on paper). */
  outline?: boolean;
}

/** The labels laid out at real size (mm) in the model's columns, as they go on paper. */
export function LabelSheet({ modelo, labels, options, outline }: Props) {
  const colunas = Math.max(1, modelo.colunas ?? 1);
  const scale = Math.min(1.6, Math.max(0.6, modelo.altura / 30));
  const codeHeight = Math.max(5, modelo.altura * 0.32);
  return (
    <div
      className="etiquetas-folha"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${colunas}, ${modelo.largura}mm)`,
        gridAutoRows: `${modelo.altura}mm`,
        gap: `${GAP_MM}mm`,
        color: '#000',
        background: '#fff',
      }}
    >
      {labels.map((produto, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a label's identity is its position on the sheet.
          key={index}
          className="etiqueta"
          data-testid={produto ? 'etiqueta' : 'etiqueta-vazia'}
          style={{
            boxSizing: 'border-box',
            width: `${modelo.largura}mm`,
            height: `${modelo.altura}mm`,
            padding: '1.5mm',
            overflow: 'hidden',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'space-between',
            breakInside: 'avoid',
            fontFamily: 'Roboto, Arial, sans-serif',
            outline: outline ? '1px dashed #bbb' : undefined,
          }}
        >
          {produto && (
            <>
              <div
                style={{
                  fontSize: `${7.5 * scale}pt`,
                  lineHeight: 1.15,
                  fontWeight: 500,
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {produto.descricao}
              </div>
              {options.mostrarPreco && produto.precoVenda !== null && (
                <div style={{ fontSize: `${12 * scale}pt`, fontWeight: 700, lineHeight: 1.1 }}>
                  {formatBRL(produto.precoVenda)}
                </div>
              )}
              {options.mostrarCodigoBarras && (
                <BarcodeSvg code={produto.codigoBarras || produto.codigo} heightMm={codeHeight} />
              )}
            </>
          )}
        </div>
      ))}
    </div>
  );
}
