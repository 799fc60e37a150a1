import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';

/** One choice of the step's select: a code (enum) or a record id (relation). */
export interface Opcao {
  value: number;
  label: string;
}

/**
 * A step that sets one field of the branch's Configuração fiscal from a list of options (the regime, the
 * default operation nature): the current value preselected, Salvar e continuar writes it.
 */
export function ConfiguracaoCampoStep({
  label,
  help,
  opcoes,
  valor,
  vazio,
  onSalvar,
}: {
  label: string;
  help: ReactNode;
  opcoes: Opcao[];
  valor: number | null;
  /** Shown instead of the select when there is nothing to choose from. */
  vazio?: ReactNode;
  onSalvar(valor: number): Promise<void>;
}) {
  const [escolha, setEscolha] = useState<number | ''>(valor ?? '');
  const [salvando, setSalvando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  useEffect(() => setEscolha(valor ?? ''), [valor]);

  const salvar = async () => {
    if (escolha === '') return setErro(`Escolha ${label.toLowerCase()} para continuar.`);
    setSalvando(true);
    setErro(null);
    try {
      await onSalvar(escolha);
    } catch (error) {
      setErro(extractErrorMessage(error));
    } finally {
      setSalvando(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography color="text.secondary">{help}</Typography>
      {erro && <Alert severity="warning">{erro}</Alert>}
      {opcoes.length === 0 && vazio ? (
        vazio
      ) : (
        <>
          <TextField
            select
            label={label}
            value={escolha === '' ? '' : String(escolha)}
            onChange={(event) => setEscolha(event.target.value === '' ? '' : Number(event.target.value))}
          >
            {opcoes.map((opcao) => (
              <MenuItem key={opcao.value} value={String(opcao.value)}>
                {opcao.label}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" loading={salvando} onClick={() => void salvar()}>
              Salvar e continuar
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
