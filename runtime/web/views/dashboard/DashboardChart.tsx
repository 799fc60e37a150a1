import { Card, CardContent, Link, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { Link as RouterLink } from 'react-router-dom';
import { readPath } from '../../../core/readPath.ts';
import { fillFormatted } from '../tool/fillFormatted.ts';
import { categoryText, formatFigure } from './formatFigure.ts';
import { linkFilterHref } from './linkFilterHref.ts';
import type { DashboardChartState } from './useDashboardController.ts';

const HEIGHT = 280;

/** One declared chart (bar, line or pie) over the point array of its operation's answer. */
export function DashboardChart({ id, chart, answer }: DashboardChartState) {
  const headingId = `dashboard-chart-${id}`;
  const items =
    answer.data === undefined
      ? []
      : chart.items
        ? readPath(answer.data, chart.items.split('.'))
        : answer.data;
  const rows = (Array.isArray(items) ? items : []) as Record<string, unknown>[];
  const labels = rows.map((row) => categoryText(row[chart.x.field], chart.x.format));
  const values = rows.map((row) => Number(row[chart.y.field] ?? 0));
  const format = (value: number | null) => formatFigure(value, chart.y.format);
  const empty = values.every((value) => value === 0);
  let body: React.ReactNode;
  if (answer.loading)
    body = <Skeleton variant="rectangular" height={HEIGHT} aria-label={`Carregando ${chart.title}`} />;
  else if (answer.error)
    body = (
      <Typography color="error" role="alert">
        Não foi possível carregar: {answer.error}
      </Typography>
    );
  else if (empty && chart.empty)
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {chart.empty}
      </Typography>
    );
  else if (chart.type === 'pie')
    body = (
      <PieChart
        height={HEIGHT}
        series={[
          {
            data: values.map((value, index) => ({ id: index, value, label: labels[index] })),
            valueFormatter: (item) => format(item.value),
          },
        ]}
      />
    );
  else {
    const xAxis = [{ scaleType: 'band' as const, data: labels, label: chart.x.label }];
    const series = [{ data: values, label: chart.y.label, valueFormatter: format }];
    const yAxis = [{ valueFormatter: (value: number) => format(value).replace(/,00$/, ''), width: 80 }];
    body =
      chart.type === 'line' ? (
        <LineChart
          height={HEIGHT}
          xAxis={[{ ...xAxis[0], scaleType: 'point' as const }]}
          yAxis={yAxis}
          series={series}
        />
      ) : (
        <BarChart height={HEIGHT} xAxis={xAxis} yAxis={yAxis} series={series} />
      );
  }
  return (
    <Card component="section" aria-labelledby={headingId} data-chart={id}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {chart.title}
        </Typography>
        {body}
        {chart.detail && answer.data !== undefined && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {fillFormatted(chart.detail, answer.data)}
          </Typography>
        )}
        {chart.link && answer.data !== undefined && (
          <Link
            component={RouterLink}
            to={linkFilterHref(chart.link, answer.data)}
            variant="body2"
            sx={{ mt: 1, display: 'inline-block' }}
          >
            {fillFormatted(chart.link.label, answer.data)}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
