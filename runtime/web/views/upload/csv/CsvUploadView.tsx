import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { FilePickButton } from '../../../ui/FilePickButton.tsx';
import type { UploadScreen } from '../uploadTypes.ts';
import { ColumnMapping } from './ColumnMapping.tsx';
import { CsvTargetPicker, useCsvTarget } from './CsvTargetPicker.tsx';
import { ImportErrors } from './ImportErrors.tsx';
import { downloadCsv, modeloCsv } from './modeloCsv.ts';
import { useCsvUpload } from './useCsvUpload.ts';

/** "do produto" / "da categoria". */
const of = (noun: { singular: string; gender: 'm' | 'f' }) =>
  `${noun.gender === 'f' ? 'da' : 'do'} ${noun.singular}`;

/**
 * An upload screen with `file.parse: "csv"`: what to import (when `csv.target` is declared), the file,
 * the columns matched to the entity's fields, the validation of every line (errors with the file's line
 * numbers), then the import — all or nothing, so a corrected file can simply be sent again.
 */
export function CsvUploadView({ declaration }: { declaration: UploadScreen }) {
  const csv = declaration.csv as NonNullable<UploadScreen['csv']>;
  const picker = useCsvTarget(declaration);
  const controller = useCsvUpload(declaration, picker.target);
  const { file: fileSpec, confirm: confirmSpec } = declaration;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {declaration.title}
      </Typography>
      {csv.target ? (
        <CsvTargetPicker
          spec={csv.target}
          description={declaration.description}
          picker={picker}
          disabled={controller.busy}
        />
      ) : (
        declaration.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {declaration.description}
          </Typography>
        )
      )}
      {picker.target && (
        <CsvPanel
          controller={controller}
          examples={picker.target.examples}
          hint={csv.hint}
          maxLines={csv.maxLines}
          fileSpec={fileSpec}
          confirmSpec={confirmSpec}
        />
      )}
    </Box>
  );
}

interface PanelProps {
  controller: ReturnType<typeof useCsvUpload>;
  examples: string;
  hint?: string;
  maxLines: number;
  fileSpec: UploadScreen['file'];
  confirmSpec: UploadScreen['confirm'];
}

function CsvPanel({ controller, examples, hint, maxLines, fileSpec, confirmSpec }: PanelProps) {
  const { noun, fields, file, result, imported, busy, canImport, missing } = controller;
  const validated = result !== null && imported === null;
  const f = noun.gender === 'f';
  const relations = fields.filter((field) => field.tipo === 'relation').map((field) => field.label);
  const relationHint =
    hint ?? (relations.length > 0 ? `${relations.join(', ')}: informe o nome já cadastrado.` : '');
  return (
    <>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Arquivo de {noun.plural} (CSV)
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A primeira linha deve ter os nomes das colunas. Aceitamos arquivos UTF-8 ou Windows-1252 (Excel),
          separados por ponto e vírgula ou vírgula, com até {maxLines.toLocaleString('pt-BR')} {noun.plural}.{' '}
          {relationHint}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FilePickButton
            accept={fileSpec.accept}
            inputLabel={fileSpec.inputLabel}
            onFile={(selected) => void controller.load(selected)}
            disabled={fields.length === 0 || busy}
          >
            {fileSpec.label}
          </FilePickButton>
          <Button
            startIcon={<Icon>download</Icon>}
            onClick={() =>
              downloadCsv(modeloCsv(fields, examples), `modelo-importacao-${noun.plural.toLowerCase()}.csv`)
            }
            disabled={fields.length === 0}
          >
            Baixar modelo CSV
          </Button>
          {file && (
            <>
              <Chip icon={<Icon>description</Icon>} label={file.name} onDelete={controller.reset} />
              <Typography variant="body2" color="text.secondary">
                {file.rows.length} linha(s) de {noun.singular} · {file.encoding} · separador "{file.separator}
                "
              </Typography>
            </>
          )}
        </Stack>
      </Paper>
      {file && (
        <Paper sx={{ p: 2, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Colunas
          </Typography>
          <ColumnMapping
            fieldHeading={`Campo ${of(noun)}`}
            file={file}
            fields={fields}
            mapping={controller.mapping}
            onChange={controller.setMapping}
          />
          {missing.length > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              Escolha a coluna de: {missing.map((field) => field.label).join(', ')}.
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Button
              variant="outlined"
              startIcon={<Icon>fact_check</Icon>}
              onClick={() => void controller.validate()}
              disabled={busy || missing.length > 0}
            >
              Validar
            </Button>
            <Button
              variant="contained"
              startIcon={confirmSpec.icon ? <Icon>{confirmSpec.icon}</Icon> : undefined}
              onClick={() => void controller.importNow()}
              disabled={busy || !validated || (result?.invalidas ?? 1) > 0 || !canImport}
            >
              {confirmSpec.label}
            </Button>
            {!canImport && (
              <Typography variant="body2" color="text.secondary">
                Seu perfil não permite cadastrar {noun.plural}.
              </Typography>
            )}
          </Stack>
        </Paper>
      )}
      <Box sx={{ height: 4, mb: 1 }}>{busy && <LinearProgress aria-label="Carregando" />}</Box>
      {imported !== null && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {imported} {noun.singular}(s) {f ? 'importada(s)' : 'importado(s)'}.
        </Alert>
      )}
      {result && imported === null && (
        <Paper sx={{ p: 2, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Resultado da validação
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <Chip label={`${result.total} linha(s)`} />
            <Chip color="success" label={`${result.validas} válida(s)`} />
            <Chip color={result.invalidas > 0 ? 'error' : 'default'} label={`${result.invalidas} com erro`} />
          </Stack>
          {result.invalidas > 0 ? (
            <>
              <Alert severity="error" sx={{ mb: 1 }}>
                Corrija as linhas abaixo no arquivo e envie-o novamente: a importação só é feita quando todas
                as linhas estão corretas, para que {f ? 'nenhuma' : 'nenhum'} {noun.singular}{' '}
                {f ? 'fique importada' : 'fique importado'} pela metade.
              </Alert>
              <ImportErrors erros={result.erros} />
            </>
          ) : (
            <Alert severity="success">
              Todas as linhas estão corretas. Clique em {confirmSpec.label} para cadastrar {f ? 'as' : 'os'}{' '}
              {noun.plural}.
            </Alert>
          )}
        </Paper>
      )}
    </>
  );
}
