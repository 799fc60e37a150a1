import { Paper, Typography } from '@mui/material';
import { formulaText } from '../tool/fillFormatted.ts';
import type { LookupScreen } from './lookupTypes.ts';

/** A lookup page's `intro`: a panel above the list with a heading and lines read from the answer. */
export function LookupIntro({
  intro,
  answer,
}: {
  intro: NonNullable<LookupScreen['intro']>;
  answer: unknown;
}) {
  const lines = (intro.lines ?? []).map((line) => formulaText(line, answer)).filter(Boolean);
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2">
        {formulaText(intro.title, answer)}
      </Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Paper>
  );
}
