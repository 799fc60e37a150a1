import Icon from '@mui/material/Icon';
import type { CellFormat, CellRendererProps } from './CellFormat.ts';

function BooleanRenderer({ value, text }: CellRendererProps) {
  if (value === null || value === undefined) return null;
  const yes = value === true || value === 'true';
  return (
    <Icon
      role="img"
      aria-label={text}
      fontSize="small"
      sx={{ color: yes ? 'success.main' : 'text.disabled', verticalAlign: 'middle' }}
    >
      {yes ? 'check_circle' : 'remove_circle_outline'}
    </Icon>
  );
}

/** Sim/Não, drawn as a green check or a grey dash with the word as its accessible name. */
export const booleanCell: CellFormat = {
  format(value) {
    if (value === null || value === undefined) return '';
    return value === true || value === 'true' ? 'Sim' : 'Não';
  },
  Renderer: BooleanRenderer,
  align: 'center',
};
