import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import type { ImportField, LoadedFile } from './csvTypes.ts';

interface Props {
  /** Heading of the field column, e.g. "Campo do produto". */
  fieldHeading: string;
  file: LoadedFile;
  fields: ImportField[];
  mapping: (string | null)[];
  onChange: (index: number, campo: string | null) => void;
}

/** One row per CSV column: its header, the first line's value and the field it fills. */
export function ColumnMapping({ fieldHeading, file, fields, mapping, onChange }: Props) {
  const first = file.rows[0]?.cells ?? [];
  return (
    <Table size="small" aria-label="Colunas do arquivo">
      <TableHead>
        <TableRow>
          <TableCell>Coluna do arquivo</TableCell>
          <TableCell>Exemplo (linha {file.rows[0]?.linha ?? 2})</TableCell>
          <TableCell sx={{ width: 320 }}>{fieldHeading}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {file.header.map((header, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional; headers may repeat.
          <TableRow key={index}>
            <TableCell sx={{ fontWeight: 500 }}>{header || `(coluna ${index + 1} sem título)`}</TableCell>
            <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {first[index] ?? ''}
            </TableCell>
            <TableCell>
              <TextField
                select
                size="small"
                fullWidth
                label={`Campo para "${header || index + 1}"`}
                value={mapping[index] ?? ''}
                onChange={(event) => onChange(index, event.target.value || null)}
              >
                <MenuItem value="">
                  <em>Não importar</em>
                </MenuItem>
                {fields.map((field) => (
                  <MenuItem key={field.campo} value={field.campo}>
                    {field.label}
                    {field.obrigatorio ? ' *' : ''}
                  </MenuItem>
                ))}
              </TextField>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
