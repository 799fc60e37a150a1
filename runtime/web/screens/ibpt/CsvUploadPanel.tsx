import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { type ReactNode, useState } from 'react';
import { decodeCsvBytes } from '../../../core/decodeCsvBytes.ts';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { parseCsv } from '../../../core/parseCsv.ts';
import { readPath } from '../../../core/readPath.ts';
import { FilePickButton } from '../../ui/FilePickButton.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import type { ImportLineError } from '../../views/upload/csv/csvTypes.ts';
import { ImportErrors } from '../../views/upload/csv/ImportErrors.tsx';
import { downloadCsv } from '../../views/upload/csv/modeloCsv.ts';

/** The server's limit (routes/Ibpt/csvUpload.ts). */
const MAX_BYTES = 10 * 1024 * 1024;

/** The chosen file as read in the browser, to show before sending. */
export interface ChosenFile {
  file: File;
  linhas: number;
  encoding: string;
}

interface Props {
  title: string;
  /** What the file must look like (shown above the buttons). */
  format: ReactNode;
  /** Fields before the buttons (e.g. the UF). */
  children?: ReactNode;
  /** The model file offered by "Baixar modelo", if any. */
  modelo?: { filename: string; content: string };
  /** Called when a file is chosen (e.g. to take the UF from its name). */
  onChoose?: (file: File) => void;
  /** Why the import cannot be sent yet (e.g. "Escolha a UF."), or null. */
  blocker?: string | null;
  /** The confirmation text before importing. */
  confirmMessage: (file: ChosenFile) => string;
  /** Sends the file; answers as openapi-fetch does. */
  send: (file: File) => Promise<{ data?: unknown; error?: unknown }>;
  /** After a successful import: the success message. */
  onImported: (data: never) => string;
}

/**
 * Upload of a reference table CSV: choose the file (read in the browser with the import helpers to show
 * its lines and encoding), import it all or nothing, and show the server's errors per line.
 */
export function CsvUploadPanel(props: Props) {
  const notify = useNotify();
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; erros: ImportLineError[] } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const choose = async (file: File) => {
    setFailure(null);
    setDone(null);
    if (file.size > MAX_BYTES) {
      setChosen(null);
      return notify.alert({
        title: 'Arquivo grande demais',
        message: 'O arquivo excede o tamanho máximo de 10 MB. Confira se é o arquivo CSV da tabela.',
      });
    }
    const { text, encoding } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
    setChosen({ file, encoding, linhas: parseCsv(text).rows.length });
    props.onChoose?.(file);
  };

  const importNow = async () => {
    if (!chosen) return;
    const ok = await notify.confirm({
      title: props.title,
      message: props.confirmMessage(chosen),
      confirmLabel: 'Importar',
    });
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    try {
      const { data, error } = await props.send(chosen.file);
      if (error || !data) {
        const erros = readPath(error, ['error', 'details', 'erros']);
        setFailure({
          message: extractErrorMessage(error),
          erros: Array.isArray(erros) ? (erros as ImportLineError[]) : [],
        });
        return;
      }
      const message = props.onImported(data as never);
      setDone(message);
      setChosen(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" aria-label={props.title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      <Box sx={{ typography: 'body2', color: 'text.secondary', mb: 2 }}>{props.format}</Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
        {props.children}
        <FilePickButton
          accept=".csv,.txt,text/csv"
          inputLabel="Arquivo CSV"
          onFile={(file) => void choose(file)}
          variant="outlined"
          disabled={busy}
        >
          Escolher arquivo
        </FilePickButton>
        {props.modelo && (
          <Button
            startIcon={<Icon>download</Icon>}
            onClick={() => props.modelo && downloadCsv(props.modelo.content, props.modelo.filename)}
          >
            Baixar modelo
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<Icon>playlist_add</Icon>}
          onClick={() => void importNow()}
          disabled={!chosen || busy || Boolean(props.blocker)}
        >
          Importar
        </Button>
      </Stack>
      {chosen && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip icon={<Icon>description</Icon>} label={chosen.file.name} onDelete={() => setChosen(null)} />
          <Typography variant="body2" color="text.secondary">
            {chosen.linhas.toLocaleString('pt-BR')} linha(s) de dados · {chosen.encoding}
          </Typography>
          {props.blocker && (
            <Typography variant="body2" color="warning.main">
              {props.blocker}
            </Typography>
          )}
        </Stack>
      )}
      <Box sx={{ height: 4, mt: 2 }}>{busy && <LinearProgress aria-label="Importando" />}</Box>
      {done && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {done}
        </Alert>
      )}
      {failure && (
        <Box sx={{ mt: 1 }}>
          <Alert severity="error" sx={{ mb: 1 }}>
            {failure.message}
          </Alert>
          {failure.erros.length > 0 && <ImportErrors erros={failure.erros} />}
        </Box>
      )}
    </Paper>
  );
}
