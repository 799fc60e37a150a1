import { Box, Switch, Typography } from '@mui/material';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { DeclaredTable } from './DeclaredTable.tsx';
import { formulaText } from './fillFormatted.ts';
import type { ToolScreen } from './toolTypes.ts';

type Table = NonNullable<ToolScreen['parameters']['tables']>[string];
type Row = Record<string, unknown>;

/**
 * An array parameter edited as a table of its objects (`parameters.tables`): the declared read-only
 * columns and, last, a switch per row on `switch.field`; the h2 title counts the rows switched on.
 */
export function ParameterTable({
  spec,
  rows,
  onChange,
}: {
  spec: Table;
  rows: Row[];
  onChange(rows: Row[]): void;
}) {
  const { field } = spec.switch;
  const counts = { ativos: rows.filter((row) => row[field] === true).length, total: rows.length };
  return (
    <Box>
      <Typography variant="h6" component="h2">
        {fillTemplate(spec.title, counts)}
      </Typography>
      {spec.description && (
        <Typography variant="body2" color="text.secondary">
          {spec.description}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto', mt: 1 }}>
        <DeclaredTable
          label={spec.label}
          columns={spec.columns}
          rows={rows}
          empty={spec.empty}
          actionsLabel={spec.switch.header}
          actions={(row) => (
            <Switch
              checked={(row as Row)[field] === true}
              slotProps={{ input: { 'aria-label': formulaText(spec.switch.label, row) } }}
              onChange={(event) =>
                onChange(
                  rows.map((item) => (item === row ? { ...item, [field]: event.target.checked } : item)),
                )
              }
            />
          )}
        />
      </Box>
    </Box>
  );
}
