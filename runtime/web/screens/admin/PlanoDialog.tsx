import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Grid,
  Switch,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { formatBRL } from '../../../core/formatMoney.ts';
import type { ModuleOption } from './moduleOptions.ts';

export type Plano = components['schemas']['Plano'];
export type PlanoInput = components['schemas']['PlanoInput'];

interface Draft {
  nome: string;
  idExterno: string;
  descricao: string;
  valor: number;
  diasTrial: string;
  ativo: boolean;
  modulos: Plano['modulos'];
}

const draftOf = (plano: Plano | null): Draft => ({
  nome: plano?.nome ?? '',
  idExterno: plano?.idExterno ?? '',
  descricao: plano?.descricao ?? '',
  valor: plano?.valor ?? 0,
  diasTrial: plano?.diasTrial ? String(plano.diasTrial) : '',
  ativo: plano?.ativo ?? true,
  modulos: plano?.modulos ?? [],
});

/** Cash-register entry as in the forms' money widget: digits fill from the cents up. */
const centsOf = (text: string): number => Number(text.replace(/\D/g, '') || '0') / 100;

function errorsOf(draft: Draft) {
  const errors: Partial<Record<'nome' | 'idExterno' | 'diasTrial', string>> = {};
  if (!draft.nome.trim()) errors.nome = 'Campo Obrigatório!';
  if (!draft.idExterno.trim()) errors.idExterno = 'Campo Obrigatório!';
  else if (draft.idExterno.trim().length > 60) errors.idExterno = 'Máximo 60 caracteres!';
  const dias = draft.diasTrial.trim();
  if (dias && (!/^\d+$/.test(dias) || Number(dias) < 1 || Number(dias) > 36500))
    errors.diasTrial = 'Informe de 1 a 36500 dias, ou deixe em branco.';
  return errors;
}

interface PlanoDialogProps {
  /** The plan edited, or null to create one. */
  plano: Plano | null;
  modules: ModuleOption[];
  saving: boolean;
  onCancel(): void;
  onSave(input: PlanoInput): void;
}

/** Create/edit dialog of Administrador › Planos. */
export function PlanoDialog({ plano, modules, saving, onCancel, onSave }: PlanoDialogProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(plano));
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? errorsOf(draft) : {};
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const included = new Set(draft.modulos.map((modulo) => modulo.id));

  const toggle = (id: string, on: boolean) =>
    set({
      modulos: on
        ? [...draft.modulos, { id, visivel: true }]
        : draft.modulos.filter((modulo) => modulo.id !== id),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errorsOf(draft)).length > 0) return;
    onSave({
      nome: draft.nome.trim(),
      idExterno: draft.idExterno.trim(),
      descricao: draft.descricao.trim(),
      valor: draft.valor,
      diasTrial: draft.diasTrial.trim() ? Number(draft.diasTrial) : null,
      ativo: draft.ativo,
      modulos: draft.modulos,
    });
  };

  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{plano ? `Editar plano ${plano.nome}` : 'Novo plano'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                label="Nome"
                required
                fullWidth
                value={draft.nome}
                onChange={(event) => set({ nome: event.target.value })}
                error={Boolean(errors.nome)}
                helperText={errors.nome}
                slotProps={{ htmlInput: { maxLength: 120 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label="Identificador externo"
                required
                fullWidth
                value={draft.idExterno}
                onChange={(event) => set({ idExterno: event.target.value })}
                error={Boolean(errors.idExterno)}
                helperText={errors.idExterno ?? 'Código do plano no faturamento'}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <TextField
                label="Descrição"
                fullWidth
                multiline
                minRows={2}
                value={draft.descricao}
                onChange={(event) => set({ descricao: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 4000 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label="Valor mensal"
                fullWidth
                value={formatBRL(draft.valor)}
                onChange={(event) => set({ valor: centsOf(event.target.value) })}
                slotProps={{ htmlInput: { inputMode: 'numeric', style: { textAlign: 'right' } } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label="Dias de teste grátis"
                fullWidth
                value={draft.diasTrial}
                onChange={(event) => set({ diasTrial: event.target.value.replace(/\D/g, '') })}
                error={Boolean(errors.diasTrial)}
                helperText={errors.diasTrial ?? 'Em branco: sem período de teste'}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <FormControlLabel
                control={
                  <Switch checked={draft.ativo} onChange={(event) => set({ ativo: event.target.checked })} />
                }
                label="Ativo (oferecido na tela de planos)"
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <FormLabel component="legend">Módulos incluídos</FormLabel>
              <FormGroup
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
              >
                {modules.map((module) => (
                  <FormControlLabel
                    key={module.id}
                    control={
                      <Checkbox
                        checked={included.has(module.id)}
                        onChange={(event) => toggle(module.id, event.target.checked)}
                      />
                    }
                    label={module.adicional ? `${module.label} (adicional)` : module.label}
                  />
                ))}
              </FormGroup>
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Carregando...' : 'Salvar'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
