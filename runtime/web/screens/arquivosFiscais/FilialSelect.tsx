import { MenuItem, TextField } from '@mui/material';
import type { OpcoesArquivoFiscal } from './arquivoFiscalTypes.ts';

/** The branch (estabelecimento) a fiscal file is about: each branch files its own. */
export function FilialSelect(props: {
  filiais: OpcoesArquivoFiscal['filiais'];
  value: string;
  onChange: (filialId: string) => void;
}) {
  return (
    <TextField
      select
      label="Filial"
      value={props.filiais.length ? props.value : ''}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.filiais.map((filial) => (
        <MenuItem key={filial.id} value={String(filial.id)}>
          {`${filial.apelido || filial.nome}${filial.cnpj ? ` — ${filial.cnpj}` : ''}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
