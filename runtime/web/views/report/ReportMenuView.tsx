import { Box, Button, Card, CardActions, CardContent, Grid, Paper, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { Link as RouterLink } from 'react-router-dom';
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useSession, useTenant } from '../../app/RuntimeContext.tsx';
import {
  isReportMenu,
  REPORT_MENU_TITLES,
  type ReportDefinition,
  readReportDefinitions,
  reportFormats,
  reportRoute,
} from './reportDefinitions.ts';

/** What a card says under the title: the definition's description, else what the file will hold. */
function summary(definition: ReportDefinition): string {
  if (definition.description) return definition.description;
  const columns = Object.values(definition.columns).map((column) => column.label);
  const shown = columns.slice(0, 5).join(', ');
  return `Colunas: ${shown}${columns.length > 5 ? ` e mais ${columns.length - 5}` : ''}.`;
}

function ReportCard({ definition }: { definition: ReportDefinition }) {
  const formats = reportFormats(definition)
    .map((format) => format.toUpperCase())
    .join(' e ');
  const titleId = `relatorio-${definition.name}-titulo`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Icon color="primary">assessment</Icon>
          <Typography id={titleId} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
            {definition.title}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {summary(definition)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Formatos: {formats}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={reportRoute(definition)}
          variant="contained"
          aria-label={`Abrir ${definition.title}`}
        >
          Abrir
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * The generic menu of report definitions — Relatórios › Estoque, Vendas, Financeiro or Pessoas
 * (pages/relatorios/:menu/menu): a card per report
 * definition of the menu (schemas/reports) the user may view, each opening the report's page.
 */
export function ReportMenuView({ menu }: { menu: string }) {
  const { schemas } = useTenant();
  const { user } = useSession();
  const title = isReportMenu(menu) ? REPORT_MENU_TITLES[menu] : 'Relatórios';
  const definitions = readReportDefinitions(schemas).filter(
    (definition) =>
      definition.menu === menu && checkPermission(user, definition.permission, PermissionLevel.VISUALIZAR),
  );
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {definitions.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Icon color="disabled" sx={{ fontSize: 48 }}>
            assessment
          </Icon>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
            Nenhum relatório disponível neste menu.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Não há relatórios cadastrados para este menu ou o seu perfil de acesso não permite visualizá-los.
          </Typography>
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {definitions.map((definition) => (
            <Grid key={definition.name} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ReportCard definition={definition} />
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
