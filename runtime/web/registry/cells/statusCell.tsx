import { Chip, type ChipProps } from '@mui/material';
import type { CellFormat, CellRendererProps } from './CellFormat.ts';
import { enumLabel, findEnumValue } from './enumLabel.ts';

/** Colour names used by the enum files (schemas/enums/*.enum.json "color") → MUI palette. */
const PALETTE: Record<string, ChipProps['color']> = {
  blue: 'info',
  green: 'success',
  orange: 'warning',
  yellow: 'warning',
  red: 'error',
  purple: 'secondary',
  primary: 'primary',
  grey: 'default',
  gray: 'default',
};

function StatusRenderer({ value, text, context }: CellRendererProps) {
  if (!text) return null;
  const raw = findEnumValue(value, context)?.color;
  const color = typeof raw === 'string' ? raw : undefined;
  const named = color ? PALETTE[color] : undefined;
  const custom = color && !named && /^#[0-9a-f]{3,8}$/i.test(color) ? color : undefined;
  return (
    <Chip
      label={text}
      size="small"
      color={named ?? 'default'}
      sx={custom ? { bgcolor: custom, color: '#fff' } : undefined}
    />
  );
}

/** An enum code as a coloured chip: the label and colour come from the enum value. */
export const statusCell: CellFormat = { format: enumLabel, Renderer: StatusRenderer };
