import { Box, Paper, Typography } from '@mui/material';
import { readPath } from '../../../core/readPath.ts';
import { DeclaredTable } from '../tool/DeclaredTable.tsx';
import { fillFormatted } from '../tool/fillFormatted.ts';
import type { LookupScreen } from './lookupTypes.ts';

type Part = NonNullable<LookupScreen['parts']>[number];

/** A `part` of a lookup page: its heading (placeholders from the answer) and a table of another array of the answer. */
export function LookupPart({ part, answer }: { part: Part; answer: unknown }) {
  const rows = readPath(answer, part.items.split('.'));
  return (
    <Box component="section" aria-label={fillFormatted(part.title, answer)} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {fillFormatted(part.title, answer)}
      </Typography>
      <Paper sx={{ overflowX: 'auto' }}>
        <DeclaredTable
          label={part.gridLabel}
          columns={part.columns}
          rows={Array.isArray(rows) ? rows : []}
          empty={part.empty}
          footer={part.footer}
          answer={answer}
        />
      </Paper>
    </Box>
  );
}
