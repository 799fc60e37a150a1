import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, Card, CardContent, Link, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { readPath } from '../../../core/readPath.ts';
import { fillFormatted } from '../tool/fillFormatted.ts';
import { formatChange, formatFigure } from './formatFigure.ts';
import { linkFilterHref } from './linkFilterHref.ts';
import type { DashboardCardState } from './useDashboardController.ts';

/** One KPI card: title, figure in its format, comparison with the previous period, detail line, list link. */
export function DashboardCard({ id, card, answer }: DashboardCardState) {
  const headingId = `dashboard-card-${id}`;
  const value = answer.data === undefined ? undefined : readPath(answer.data, card.value.split('.'));
  const change =
    card.comparison && answer.data !== undefined
      ? readPath(answer.data, card.comparison.value.split('.'))
      : null;
  const positive = typeof value === 'number' && value > 0;
  const better = typeof change === 'number' && (card.comparison?.inverted ? change < 0 : change > 0);
  return (
    <Card component="section" aria-labelledby={headingId} data-card={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="overline" component="h2" color="text.secondary">
          {card.title}
        </Typography>
        {answer.loading ? (
          <Skeleton variant="text" sx={{ fontSize: '2rem' }} aria-label={`Carregando ${card.title}`} />
        ) : answer.error ? (
          <Typography color="error" role="alert">
            Não foi possível carregar: {answer.error}
          </Typography>
        ) : (
          <>
            <Typography
              variant="h5"
              component="p"
              data-value
              sx={{ fontWeight: 600, color: positive && card.severity ? `${card.severity}.main` : undefined }}
            >
              {formatFigure(value, card.format)}
            </Typography>
            {typeof change === 'number' && card.comparison && (
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  color: better ? 'success.dark' : 'error.dark',
                }}
              >
                {change >= 0 ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
                <Typography variant="body2" component="span" data-comparison>
                  {formatChange(change)} {card.comparison.label}
                </Typography>
              </Box>
            )}
            {card.detail && (
              <Typography variant="body2" color="text.secondary">
                {fillFormatted(card.detail, answer.data)}
              </Typography>
            )}
            {card.link && (
              <Link
                component={RouterLink}
                to={linkFilterHref(card.link, answer.data)}
                variant="body2"
                sx={{ mt: 1, display: 'inline-block' }}
              >
                {card.link.label}
              </Link>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
