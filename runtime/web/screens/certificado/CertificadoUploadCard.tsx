import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { type FormEvent, useRef, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';

/** Same limit as the server (runtime/server/routes/CertificadosDigitais/schemas.ts). */
const MAX_BYTES = 64 * 1024;
const EXTENSIONS = /\.(pfx|p12)$/i;

/**
 * Sends an A1 certificate: the .pfx/.p12 file and its password. The server's answer to a wrong password
 * or a file that is not a certificate shows on the card, where the person fixes it.
 */
export function CertificadoUploadCard({
  replacing,
  onUpload,
}: {
  replacing: boolean;
  onUpload(file: File, senha: string): Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return;
    if (!EXTENSIONS.test(chosen.name))
      setError('Selecione o arquivo do certificado A1, com extensão .pfx ou .p12.');
    else if (chosen.size > MAX_BYTES)
      setError('O arquivo é grande demais para um certificado A1 (máximo 64 KiB).');
    else return setFile(chosen);
    setFile(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!file || !senha) return;
    setSending(true);
    setError(null);
    try {
      await onUpload(file, senha);
      setFile(null);
      setSenha('');
      setSubmitted(false);
    } catch (failure) {
      setError(extractErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 3 }}
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Enviar certificado"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {replacing ? 'Substituir certificado' : 'Enviar certificado'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Envie o certificado digital A1 (e-CNPJ) da filial, arquivo .pfx ou .p12, com a senha. O arquivo e a
        senha ficam guardados cifrados; a senha não pode ser consultada depois.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Stack spacing={2} sx={{ maxWidth: 520 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<Icon>upload_file</Icon>}
            onClick={() => input.current?.click()}
          >
            Selecionar arquivo
          </Button>
          <Typography color={submitted && !file ? 'error' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
            {file
              ? file.name
              : submitted
                ? 'Selecione o arquivo do certificado'
                : 'Nenhum arquivo selecionado'}
          </Typography>
          <input
            ref={input}
            type="file"
            hidden
            accept=".pfx,.p12,application/x-pkcs12"
            aria-label="Arquivo do certificado"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Stack>
        <TextField
          label="Senha do certificado"
          type="password"
          autoComplete="off"
          value={senha}
          onChange={(event) => setSenha(event.target.value)}
          error={submitted && !senha}
          helperText={submitted && !senha ? 'Campo Obrigatório!' : undefined}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={sending} startIcon={<Icon>cloud_upload</Icon>}>
            Enviar certificado
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
