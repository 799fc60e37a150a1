import {
  Box,
  Button,
  Chip,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import type { RJSFValidationError } from '@rjsf/utils';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { checkPermission } from '../../../core/checkPermission.ts';
import { MESSAGES, type ReportFormat } from '../../../core/constants.ts';
import { reportEvent } from '../../../core/reportDefinition.ts';
import type { EnumDefinition } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useRuntime, useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { useReportExport } from '../../shell/reports/useReportExport.ts';
import { AccessDeniedPage } from '../AccessDeniedPage.tsx';
import { defaultFormStateBehavior } from '../form/defaultFormStateBehavior.ts';
import type { FormContext } from '../form/formTypes.ts';
import { formValidator } from '../form/formValidator.ts';
import { recordsRequest } from '../form/recordsRequest.ts';
import { ThemedForm } from '../form/ThemedForm.ts';
import { transformErrors } from '../form/transformErrors.ts';
import {
  findReportByRoute,
  REPORT_MENU_TITLES,
  type ReportColumn,
  type ReportDefinition,
  readReportDefinitions,
  reportFormats,
} from './reportDefinitions.ts';
import { reportFilterForm, toFiltros } from './reportFilterForm.ts';

const COLUMN_FORMATS: Record<NonNullable<ReportColumn['format']>, string> = {
  text: 'Texto',
  money: 'Valor (R$)',
  percent: 'Percentual',
  number: 'Número',
  date: 'Data',
  datetime: 'Data e hora',
  enum: 'Lista de opções',
  boolean: 'Sim/Não',
  cpfCnpj: 'CPF/CNPJ',
};

const COLUMN_TOTALS: Record<NonNullable<ReportColumn['total']>, string> = {
  sum: 'Soma',
  count: 'Contagem',
  avg: 'Média',
};

/** What a column holds; a computed one (a product of columns) without a format is a number. */
const columnKind = (column: ReportColumn) =>
  COLUMN_FORMATS[column.format ?? (column.multiply ? 'number' : 'text')];

const FORMAT_ICONS: Record<ReportFormat, string> = { pdf: 'picture_as_pdf', xlsx: 'table_view' };

/** A list filter left empty says what a missing required value says. */
const filterErrors = (errors: RJSFValidationError[]) =>
  transformErrors(errors).map((error) =>
    error.name === 'minItems' ? { ...error, message: MESSAGES.validation.required } : error,
  );

/** The columns the file will hold, in order, with their kind and total. */
function ReportColumns({ definition }: { definition: ReportDefinition }) {
  const columns = Object.entries(definition.columns);
  const grouped = (definition.groupBy ?? []).map((key) => definition.columns[key]?.label ?? key).join(', ');
  return (
    <Paper variant="outlined" component="section" aria-label="Colunas do relatório" sx={{ p: 2.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Colunas do relatório
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
        {definition.orientation && (
          <Chip
            size="small"
            variant="outlined"
            icon={<Icon>{definition.orientation === 'landscape' ? 'crop_landscape' : 'crop_portrait'}</Icon>}
            label={`PDF em ${definition.orientation === 'landscape' ? 'paisagem' : 'retrato'}`}
          />
        )}
        {grouped && <Chip size="small" variant="outlined" label={`Agrupado por: ${grouped}`} />}
      </Stack>
      <TableContainer>
        <Table size="small" aria-label="Colunas do relatório">
          <TableHead>
            <TableRow>
              <TableCell>Coluna</TableCell>
              <TableCell>Tipo</TableCell>
              <TableCell>Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {columns.map(([key, column]) => (
              <TableRow key={key}>
                <TableCell>{column.label}</TableCell>
                <TableCell>{columnKind(column)}</TableCell>
                <TableCell>{column.total ? COLUMN_TOTALS[column.total] : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function ReportPage({ definition }: { definition: ReportDefinition }) {
  const { api } = useRuntime();
  const { schemas } = useTenant();
  const exportReport = useReportExport();
  const form = useMemo(
    () => reportFilterForm(definition, schemas.enums as unknown as Record<string, EnumDefinition>),
    [definition, schemas.enums],
  );
  const [formData, setFormData] = useState<Record<string, unknown>>(form.initialData);
  const [submitted, setSubmitted] = useState(false);
  const [running, setRunning] = useState<ReadonlySet<ReportFormat>>(new Set());
  const clicked = useRef<ReportFormat | null>(null);
  const formats = reportFormats(definition);
  const hasFilters = Object.keys(form.schema.properties ?? {}).length > 0;
  const formContext = useMemo<FormContext>(() => ({ formData, setActiveTab: () => {} }), [formData]);

  const run = async (format: ReportFormat) => {
    setRunning((current) => new Set(current).add(format));
    try {
      await exportReport({
        name: definition.title,
        format,
        event: reportEvent(definition),
        start: () =>
          recordsRequest<{ id: number }>(api, 'POST', '/api/Relatorios/exportar', {
            body: { relatorio: definition.name, formato: format, filtros: toFiltros(formData) },
          }),
      });
    } finally {
      setRunning((current) => {
        const next = new Set(current);
        next.delete(format);
        return next;
      });
    }
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <IconButton
          component={RouterLink}
          to={`/pages/relatorios/${definition.menu}/menu`}
          aria-label={`Voltar para ${REPORT_MENU_TITLES[definition.menu]}`}
        >
          <Icon>arrow_back</Icon>
        </IconButton>
        <Typography variant="h5" component="h1">
          {definition.title}
        </Typography>
      </Stack>
      {definition.description && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {definition.description}
        </Typography>
      )}
      <Stack spacing={2}>
        <ThemedForm
          schema={form.schema}
          uiSchema={hasFilters ? form.uiSchema : { 'ui:layout': { sections: [], tabs: [] } }}
          validator={formValidator}
          formData={formData}
          formContext={formContext}
          liveValidate={submitted ? 'onChange' : undefined}
          transformErrors={filterErrors}
          experimental_defaultFormStateBehavior={defaultFormStateBehavior}
          showErrorList={false}
          noHtml5Validate
          onChange={(event) => setFormData((event.formData ?? {}) as Record<string, unknown>)}
          onError={() => setSubmitted(true)}
          onSubmit={(event) => {
            setSubmitted(true);
            setFormData((event.formData ?? {}) as Record<string, unknown>);
            const format = clicked.current ?? formats[0];
            clicked.current = null;
            if (format) void run(format);
          }}
        >
          {!hasFilters && (
            <Typography color="text.secondary">
              Este relatório não tem filtros: ele traz todos os registros.
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            {formats.map((format) => (
              <Button
                key={format}
                type="submit"
                variant={format === formats[0] ? 'contained' : 'outlined'}
                startIcon={<Icon>{FORMAT_ICONS[format]}</Icon>}
                loading={running.has(format)}
                loadingPosition="start"
                onClick={() => {
                  clicked.current = format;
                }}
              >
                Exportar {format.toUpperCase()}
              </Button>
            ))}
          </Stack>
        </ThemedForm>
        <ReportColumns definition={definition} />
      </Stack>
    </Box>
  );
}

/**
 * The generic renderer of a report definition (schemas/reports/<name>.report.json) at its page
 * (pages/relatorios/<segment>, see REPORT_ROUTE_SEGMENTS): the filter form generated from the definition,
 * "Exportar PDF" / "Exportar XLSX" (the definition's formats) running the export flow of spec 000 §4, and
 * the columns the file will hold.
 */
export function ReportView({ segment }: { segment: string }) {
  const { schemas } = useTenant();
  const { user } = useSession();
  const definition = findReportByRoute(readReportDefinitions(schemas), segment);
  if (!definition)
    return (
      <Paper sx={{ p: 4, textAlign: 'center', maxWidth: 560, mx: 'auto', mt: 4 }}>
        <Icon color="disabled" sx={{ fontSize: 48 }}>
          search_off
        </Icon>
        <Typography variant="h5" component="h1" sx={{ mt: 1 }} gutterBottom>
          Relatório não encontrado
        </Typography>
        <Typography color="text.secondary">
          Este relatório não existe ou não está disponível para a sua empresa.
        </Typography>
        <Box sx={{ mt: 3 }}>
          <Button component={RouterLink} to="/pages/dashboard" variant="contained">
            Voltar ao início
          </Button>
        </Box>
      </Paper>
    );
  if (!checkPermission(user, definition.permission, PermissionLevel.VISUALIZAR)) return <AccessDeniedPage />;
  return <ReportPage key={definition.name} definition={definition} />;
}
