import { Box, Grid, Link, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { DashboardCard } from './DashboardCard.tsx';
import { DashboardChart } from './DashboardChart.tsx';
import { DashboardGreeting } from './DashboardGreeting.tsx';
import type { DashboardScreen } from './dashboardTypes.ts';
import { useDashboardController } from './useDashboardController.ts';

/** Columns a block takes: the whole width on phones, half from `sm`, its declared width from `md`. */
const size = (width: number | undefined) => ({ xs: 12, sm: width === 12 ? 12 : 6, md: width ?? 4 });

/**
 * The generic renderer of `dashboard` screens: the greeting (or the title), the reference month, the KPI
 * cards and the charts in a responsive grid, and the shortcut links.
 */
export function DashboardView({ declaration }: { declaration: DashboardScreen }) {
  const c = useDashboardController(declaration);
  return (
    <Box>
      {declaration.greeting ? (
        <DashboardGreeting />
      ) : (
        <Typography variant="h5" component="h1" gutterBottom>
          {declaration.title}
        </Typography>
      )}
      {declaration.referencia && (c.cards.length > 0 || c.charts.length > 0) && (
        <TextField
          select
          label={declaration.referencia.label}
          value={c.referencia}
          onChange={(event) => c.setReferencia(event.target.value)}
          size="small"
          fullWidth={false}
          sx={{ mt: 3, mb: 2, width: 240, maxWidth: '100%' }}
          slotProps={{ select: { native: true } }}
        >
          {c.months.map((month) => (
            <option key={month.value} value={month.value}>
              {month.label}
            </option>
          ))}
        </TextField>
      )}
      {/* Cards then charts in one grid: a chart of width 12 starts its own row. */}
      <Grid container spacing={2} sx={{ mt: declaration.referencia ? 0 : 3 }}>
        {c.cards.map((state) => (
          <Grid key={`card-${state.id}`} size={size(state.card.width)}>
            <DashboardCard {...state} />
          </Grid>
        ))}
        {c.charts.map((state) => (
          <Grid key={`chart-${state.id}`} size={size(state.chart.width)}>
            <DashboardChart {...state} />
          </Grid>
        ))}
      </Grid>
      {c.links.length > 0 && (
        <Box component="nav" aria-label="Atalhos" sx={{ mt: 3, display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {c.links.map((link) => (
            <Link key={link.route} component={RouterLink} to={`/${link.route}`}>
              {link.label}
            </Link>
          ))}
        </Box>
      )}
    </Box>
  );
}
