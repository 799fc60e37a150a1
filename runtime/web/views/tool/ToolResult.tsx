import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  TablePagination,
  Typography,
} from '@mui/material';
import { readPath } from '../../../core/readPath.ts';
import { applyRule } from '../../../core/screens/evaluateRule.ts';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { cells } from '../../registry/cells/index.ts';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { rowsAt } from '../upload/countRows.ts';
import { AmostraArquivo } from './AmostraArquivo.tsx';
import { DeclaredTable } from './DeclaredTable.tsx';
import { fillFormatted, formulaText } from './fillFormatted.ts';
import { ResultBars, ResultGroups, ResultLists } from './ResultGroups.tsx';
import type { ToolAnswer, ToolResultArea } from './toolTypes.ts';

/**
 * The result area of a tool, top to bottom as declared: alerts, validation messages, the summary (title,
 * cards as chips, grid), a section per item of a list, lists of texts and the first lines of the generated file.
 */
export function ToolResult({
  area,
  answer,
  values,
  page,
  onPage,
}: {
  area: ToolResultArea;
  answer: ToolAnswer;
  values?: Record<string, unknown>;
  /** The page a paged grid (`grid.paging`) shows, and how to ask for another. */
  page?: { skip: number; limit: number };
  onPage?: (skip: number, limit: number) => void;
}) {
  const { messages, summary, sample } = area;
  const items = messages ? rowsAt(answer, messages.items) : [];
  const paging = summary?.grid?.paging;
  const number = (path: string | undefined) => {
    const value = path ? Number(readPath(answer, path.split('.'))) : Number.NaN;
    return Number.isFinite(value) ? value : undefined;
  };
  const total = paging
    ? Math.min(number(paging.total) ?? 0, number(paging.max) ?? Number.POSITIVE_INFINITY)
    : 0;
  return (
    <>
      {(area.alerts ?? [])
        .filter((alert) => applyRule(alert.rule, answer).visible)
        .map((alert) => (
          <Alert key={alert.text} severity={alert.severity} sx={{ mb: 2 }}>
            {fillFormatted(alert.text, answer)}
          </Alert>
        ))}
      {messages && items.length > 0 && (
        <Alert severity={messages.severity ?? 'warning'} sx={{ mb: 2 }}>
          <AlertTitle>
            {fillTemplate(messages.title, {
              count: messages.count ? readPath(answer, messages.count.split('.')) : items.length,
            })}
          </AlertTitle>
          <List dense disablePadding aria-label={messages.label}>
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: messages are replaced as a whole
              <ListItem key={index} disableGutters sx={{ py: 0 }}>
                <ListItemText
                  primary={formulaText(messages.text, item)}
                  secondary={messages.detail ? formulaText(messages.detail, item) || undefined : undefined}
                />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {area.bars && <ResultBars bars={area.bars} values={rowsAt(answer, area.bars.items)} />}
      {summary && (
        <Paper sx={{ mb: 2 }}>
          <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {fillFormatted(summary.title, answer)}
            </Typography>
            {Object.entries(summary.cards ?? {})
              .filter(([, card]) => applyRule(card.rule, answer).visible)
              .map(([key, card]) =>
                card.text !== undefined ? (
                  <Chip
                    key={key}
                    color={card.color ?? 'default'}
                    variant={card.outlined ? 'outlined' : 'filled'}
                    label={fillFormatted(card.text, answer)}
                  />
                ) : (
                  <Chip
                    key={key}
                    color="primary"
                    variant="outlined"
                    label={`${card.label}: ${(cells[card.format ?? 'text'] ?? cells.text)?.format(
                      readPath(answer, String(card.field).split('.')),
                      {},
                    )}`}
                  />
                ),
              )}
          </Box>
          {summary.grid && (
            <Box sx={{ overflowX: 'auto', maxHeight: 360 }}>
              <DeclaredTable
                label={summary.grid.label}
                columns={summary.grid.columns}
                rows={rowsAt(answer, summary.grid.items)}
                values={values}
                empty={summary.grid.empty}
                first={summary.grid.first}
                answer={answer}
                stickyHeader
              />
            </Box>
          )}
          {paging && page && onPage && (
            <TablePagination
              component="div"
              count={total}
              page={Math.floor(page.skip / page.limit)}
              rowsPerPage={page.limit}
              rowsPerPageOptions={paging.pageSizes ?? [25, 50, 100]}
              onPageChange={(_event, next) => onPage(next * page.limit, page.limit)}
              onRowsPerPageChange={(event) => onPage(0, Number(event.target.value))}
              {...paginationLabels}
            />
          )}
        </Paper>
      )}
      {area.groups && <ResultGroups groups={area.groups} items={rowsAt(answer, area.groups.items)} />}
      {area.lists && <ResultLists lists={area.lists} answer={answer} />}
      {sample && (
        <AmostraArquivo
          title={fillFormatted(sample.title, answer)}
          linhas={rowsAt(answer, sample.items).map(String)}
        />
      )}
    </>
  );
}
