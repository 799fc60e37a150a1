import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { applyRule } from '../../../core/screens/evaluateRule.ts';
import { rowsAt } from '../upload/countRows.ts';
import { DeclaredTable } from './DeclaredTable.tsx';
import { formulaText } from './fillFormatted.ts';
import type { ToolResultArea } from './toolTypes.ts';

type Groups = NonNullable<ToolResultArea['groups']>;
type Lists = NonNullable<ToolResultArea['lists']>;

/** One section per item of the answer's list (`result.groups`): title, caption, chips, text and grid. */
export function ResultGroups({ groups, items }: { groups: Groups; items: unknown[] }) {
  return (
    <>
      {items.map((item, index) => {
        const text = groups.text !== undefined ? formulaText(groups.text, item) : '';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an answer's sections are replaced as a whole
          <Paper key={index} sx={{ p: 2, mb: 2 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}
            >
              <Typography variant="subtitle1" component="h2">
                {formulaText(groups.title, item)}
              </Typography>
              {groups.caption !== undefined && (
                <Typography variant="body2" color="text.secondary">
                  {formulaText(groups.caption, item)}
                </Typography>
              )}
              {(groups.chips ?? [])
                .filter((chip) => applyRule(chip.rule, item).visible)
                .map((chip) => (
                  <Chip key={chip.text} size="small" color={chip.color ?? 'default'} label={chip.text} />
                ))}
            </Stack>
            {text && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {text}
              </Typography>
            )}
            {groups.grid && (
              <Box sx={{ overflowX: 'auto' }}>
                <DeclaredTable
                  label={formulaText(groups.grid.label, item)}
                  columns={groups.grid.columns}
                  rows={rowsAt(item, groups.grid.items)}
                />
              </Box>
            )}
          </Paper>
        );
      })}
    </>
  );
}

/** Sections listing texts of the answer, one line each (`result.lists`), or their `empty` text. */
export function ResultLists({ lists, answer }: { lists: Lists; answer: unknown }) {
  return (
    <>
      {lists.map((spec) => {
        const lines = rowsAt(answer, spec.items);
        return (
          <Paper key={spec.title} sx={{ p: 2, mb: 2 }}>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {spec.title}
            </Typography>
            {lines.length === 0 && spec.empty && <Typography>{spec.empty}</Typography>}
            {lines.map((line) => (
              <Typography key={String(line)}>{String(line)}</Typography>
            ))}
          </Paper>
        );
      })}
    </>
  );
}

type Bars = NonNullable<ToolResultArea['bars']>;

/** A bar per number of an answer list (`result.bars`), heights relative to the largest, labelled by formula. */
export function ResultBars({ bars, values }: { bars: Bars; values: unknown[] }) {
  const max = Math.max(1, ...values.map(Number).filter(Number.isFinite));
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {bars.title}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-end', height: 140 }}
        role="list"
        aria-label={bars.title}
      >
        {values.map((value, index) => {
          const point = { index, value: Number(value) || 0 };
          return (
            <Stack
              // biome-ignore lint/suspicious/noArrayIndexKey: a bar per position of the list
              key={index}
              role="listitem"
              aria-label={formulaText(bars.label, point)}
              sx={{ flex: 1, alignItems: 'center' }}
            >
              <Typography variant="caption">{point.value}</Typography>
              <Box
                sx={{
                  width: '100%',
                  maxWidth: 40,
                  height: (point.value / max) * 90 + 2,
                  bgcolor:
                    bars.color !== undefined
                      ? formulaText(bars.color, point) || 'primary.main'
                      : 'primary.main',
                  borderRadius: 0.5,
                }}
              />
              <Typography variant="caption">{index}</Typography>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
