import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { LinkedText } from '../../tool/LinkedText.tsx';
import { ImportErrors } from '../csv/ImportErrors.tsx';
import { downloadCsv } from '../csv/modeloCsv.ts';
import { UploadInputs } from '../UploadInputs.tsx';
import type { UploadScreen } from '../uploadTypes.ts';
import { StatusCard } from './StatusCard.tsx';
import { UploadSections, UploadStatus } from './UploadSections.tsx';
import { useRawUpload } from './useRawUpload.ts';

/**
 * An upload whose file is sent as itself (`file.send: "raw"`, e.g. a reference table's CSV): what the
 * file must look like, the parameters beside the file, model and import buttons, the chosen file with
 * its lines and encoding, the import's result or its errors per line; then what is loaded now and the
 * declared sections of the route.
 */
export function RawUploadView({ declaration }: { declaration: UploadScreen }) {
  const c = useRawUpload(declaration);
  const { file, confirm } = declaration;
  const model = file.model;
  const title = c.status != null && file.replaceTitle ? file.replaceTitle : file.title;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader title={declaration.title} description={declaration.description} />
      {declaration.status?.card && (
        <Box sx={{ mb: 2 }}>
          <StatusCard
            spec={{ ...declaration.status, card: declaration.status.card }}
            status={c.status}
            onChanged={() => void c.reload()}
          />
        </Box>
      )}
      <Paper component="section" aria-label={title} sx={{ p: 2, mb: 2 }}>
        {title && (
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {title}
          </Typography>
        )}
        {file.help && (
          <Box sx={{ typography: 'body2', color: 'text.secondary', mb: 2 }}>
            <LinkedText text={file.help} />
          </Box>
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
          <UploadInputs
            declaration={declaration}
            form={c}
            disabled={c.busy}
            formSx={{ minWidth: 240 }}
            variant="outlined"
          />
          {model && (
            <Button
              startIcon={<Icon>download</Icon>}
              onClick={() => downloadCsv(`\uFEFF${model.lines.join('\r\n')}\r\n`, model.fileName)}
            >
              Baixar modelo
            </Button>
          )}
          <Button
            variant="contained"
            startIcon={confirm.icon ? <Icon>{confirm.icon}</Icon> : undefined}
            onClick={() => void c.confirm()}
            disabled={!c.chosen || c.busy || c.missing || !c.canConfirm}
          >
            {confirm.label}
          </Button>
          {!c.canConfirm && confirm.readOnly && (
            <Typography variant="body2" color="text.secondary">
              {confirm.readOnly}
            </Typography>
          )}
        </Stack>
        {c.chosen && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Chip icon={<Icon>description</Icon>} label={c.chosen.file.name} onDelete={c.clear} />
            {file.send === 'raw' && (
              <Typography variant="body2" color="text.secondary">
                {c.chosen.linhas.toLocaleString('pt-BR')} linha(s) de dados · {c.chosen.encoding}
              </Typography>
            )}
            {c.missing && declaration.missing && (
              <Typography variant="body2" color="warning.main">
                {declaration.missing}
              </Typography>
            )}
          </Stack>
        )}
        <Box sx={{ height: 4, mt: 2 }}>{c.busy && <LinearProgress aria-label="Importando" />}</Box>
        {c.done && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {c.done}
          </Alert>
        )}
        {c.failure && (
          <Box sx={{ mt: 1 }}>
            <Alert severity="error" sx={{ mb: 1 }}>
              {c.failure.message}
            </Alert>
            {c.failure.erros.length > 0 && <ImportErrors erros={c.failure.erros} />}
          </Box>
        )}
      </Paper>
      {!declaration.status?.card && <UploadStatus spec={declaration.status} status={c.status} />}
      <UploadSections sections={declaration.sections} version={c.version} />
    </Box>
  );
}
