import { Alert, Box, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { readPath } from '../../../core/readPath.ts';
import { conditionHolds } from '../../../core/screens/evaluateRule.ts';
import { DeclaredTable } from '../tool/DeclaredTable.tsx';
import { fillFormatted, formulaText } from '../tool/fillFormatted.ts';
import type { LookupScreen } from './lookupTypes.ts';

type Part = NonNullable<LookupScreen['parts']>[number];
type Alerts = Extract<Part, { alerts: unknown }>['alerts'];

const list = (answer: unknown, path: string) => {
  const value = readPath(answer, path.split('.'));
  return Array.isArray(value) ? value : [];
};

/** A part's `alerts`: one per item of the array (the item itself, or its `text`), `empty` without any, or one. */
function PartAlerts({ alerts, answer }: { alerts: Alerts; answer: unknown }) {
  const texts = alerts.items
    ? list(answer, alerts.items).map((item) =>
        alerts.text !== undefined ? formulaText(alerts.text, item) : String(item ?? ''),
      )
    : [alerts.text !== undefined ? formulaText(alerts.text, answer) : ''];
  const shown = texts.filter(Boolean);
  if (shown.length === 0)
    return alerts.empty ? <Alert severity={alerts.empty.severity}>{alerts.empty.text}</Alert> : null;
  return shown.map((text) => (
    <Alert key={text} severity={alerts.severity}>
      {text}
    </Alert>
  ));
}

/**
 * A `part` of a lookup page, read from the answer and shown while its `rule` holds: a table of another
 * array (its heading's placeholders read the answer, an optional footer), a facts table (label → value),
 * or alerts. The view lays facts side by side on wide screens (`span` 1 of 2), the others across.
 */
export function LookupPart({ part, answer }: { part: Part; answer: unknown }) {
  if ('alerts' in part) {
    if (part.alerts.rule && !conditionHolds(part.alerts.rule, answer)) return null;
    return (
      <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
        <PartAlerts alerts={part.alerts} answer={answer} />
      </Box>
    );
  }
  if (part.rule && !conditionHolds(part.rule, answer)) return null;
  if ('facts' in part)
    return (
      <Paper sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {part.title}
        </Typography>
        <Table size="small" aria-label={part.title}>
          <TableBody>
            {Object.entries(part.facts).map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ color: 'text.secondary', border: 0, pl: 0 }}>
                  {label}
                </TableCell>
                <TableCell sx={{ border: 0 }}>{formulaText(value, answer)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    );
  const title = fillFormatted(part.title, answer);
  return (
    <Box component="section" aria-label={title} sx={{ gridColumn: '1 / -1' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Paper sx={{ overflowX: 'auto' }}>
        <DeclaredTable
          label={part.gridLabel}
          columns={part.columns}
          rows={list(answer, part.items)}
          empty={part.empty}
          footer={part.footer}
          answer={answer}
        />
      </Paper>
    </Box>
  );
}
