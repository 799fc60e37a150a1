import { Chip } from '@mui/material';
import { PROCESSING_STATUS_DISPLAY, type ProcessingStatus } from '../../../core/constants.ts';

/** The spec's status colours (blue, green, red) as palette colours of the theme. */
const PALETTE = { blue: 'info', green: 'success', red: 'error' } as const;

/** Status of an exported report: Processando (blue), Finalizado (green), Erro (red). */
export function ReportStatusChip({ status }: { status: number }) {
  const display = PROCESSING_STATUS_DISPLAY[status as ProcessingStatus] ?? PROCESSING_STATUS_DISPLAY[0];
  const color = PALETTE[display.color as keyof typeof PALETTE] ?? 'default';
  return <Chip size="small" label={display.label} color={color} />;
}
