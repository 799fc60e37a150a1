import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { roundMoney } from '../../../../core/roundMoney.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { type ConciliarBody, formatIsoDate, type Linha } from './ofxTypes.ts';

/**
 * The financial categories of a kind (1 receita, 2 despesa) for the new movement, loaded when wanted; none
 * (the field hidden) when the user may not read them.
 */
function useCategorias(wanted: boolean, tipo: number): Array<{ id: number; descricao: string }> {
  const { api } = useRuntime();
  const [categorias, setCategorias] = useState<Array<{ id: number; descricao: string }>>([]);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    void api
      .GET('/api/CategoriasFinanceiras', {
        params: {
          query: { filter: JSON.stringify({ where: { tipo }, order: 'descricao ASC', limit: 500 }) },
        },
      })
      .then(({ data }) => {
        if (active && data)
          setCategorias(data.map((item) => ({ id: Number(item.id), descricao: String(item.descricao) })));
      });
    return () => {
      active = false;
    };
  }, [api, wanted, tipo]);
  return categorias;
}

const keyOf = (candidato: { tipo: string; id: number }) => `${candidato.tipo}:${candidato.id}`;

/**
 * Reconciles one line with what adds up to it: candidates ticked (movements linked, titles settled by a
 * baixa on the line's date), the difference of the titles as juros, desconto or a partial baixa, and/or a
 * new movement (tarifa, rendimento) for what is left. The best candidate comes ticked when its amount is equal.
 */
export function ConciliarDialog(props: {
  linha: Linha;
  onClose: () => void;
  onConfirm: (body: ConciliarBody) => void;
}) {
  const { linha } = props;
  const best = linha.candidatos[0];
  const [selected, setSelected] = useState<Set<string>>(() => new Set(best?.valorIgual ? [keyOf(best)] : []));
  const [diferenca, setDiferenca] = useState<'juros' | 'desconto' | 'parcial'>('parcial');
  const [criar, setCriar] = useState(linha.candidatos.length === 0);
  const [descricao, setDescricao] = useState(linha.memo ?? linha.nome ?? '');
  const [categoria, setCategoria] = useState<number | ''>('');
  const categorias = useCategorias(criar, linha.valor > 0 ? 1 : 2);
  const chosen = linha.candidatos.filter((candidato) => selected.has(keyOf(candidato)));
  const soma = roundMoney(chosen.reduce((sum, candidato) => sum + candidato.valor, 0));
  const resto = roundMoney(linha.valor - soma);
  const titulos = chosen.filter((candidato) => candidato.tipo === 'titulo');
  const excede = Math.abs(linha.valor) > Math.abs(soma);
  const ajuste = titulos.length > 0 && resto !== 0 && !criar;
  const valid =
    (chosen.length > 0 || criar) &&
    (!criar || (resto !== 0 && descricao.trim() !== '')) &&
    (resto === 0 || criar || titulos.length > 0);
  const confirm = () =>
    props.onConfirm({
      movimentos: chosen
        .filter((candidato) => candidato.tipo === 'movimento')
        .map((candidato) => candidato.id),
      titulos: titulos.map((candidato) => ({ lancamentoId: candidato.id })),
      ...(ajuste ? { diferenca: excede ? 'juros' : diferenca } : {}),
      ...(criar
        ? {
            novoMovimento: {
              descricao: descricao.trim(),
              ...(categoria === '' ? {} : { categoriaFinanceiraId: categoria }),
            },
          }
        : {}),
    });
  return (
    <Dialog open onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby="conciliar-titulo">
      <DialogTitle id="conciliar-titulo">Conciliar linha do extrato</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {formatIsoDate(linha.data)} — {[linha.nome, linha.memo].filter(Boolean).join(' — ')} —{' '}
          <strong>{formatBRL(linha.valor)}</strong>
        </Typography>
        {linha.candidatos.length === 0 ? (
          <Alert severity="info">Nenhum movimento ou título desta conta em ±5 dias no mesmo sentido.</Alert>
        ) : (
          <List dense aria-label="Candidatos">
            {linha.candidatos.map((candidato) => {
              const key = keyOf(candidato);
              const label = `${candidato.tipo === 'titulo' ? 'Título' : 'Movimento'}: ${candidato.descricao}`;
              return (
                <ListItem key={key} disableGutters>
                  <ListItemIcon>
                    <Checkbox
                      edge="start"
                      checked={selected.has(key)}
                      slotProps={{ input: { 'aria-label': label } }}
                      onChange={(event) =>
                        setSelected((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.add(key);
                          else next.delete(key);
                          return next;
                        })
                      }
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={label}
                    secondary={`${candidato.tipo === 'titulo' ? 'Vencimento' : 'Data'} ${formatIsoDate(candidato.data)} · ${candidato.tipo === 'titulo' ? 'em aberto ' : ''}${formatBRL(candidato.valor)}${candidato.pessoaNome ? ` · ${candidato.pessoaNome}` : ''}`}
                  />
                  <Chip
                    size="small"
                    label={`Pontuação ${candidato.pontuacao}/4`}
                    title={[
                      candidato.valorIgual && 'valor igual',
                      candidato.referenciaIgual && 'referência igual',
                      candidato.pessoaIgual && 'pessoa igual',
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        <Typography variant="body2" sx={{ my: 1 }} role="status">
          Selecionado {formatBRL(soma)} de {formatBRL(linha.valor)}
          {resto !== 0 ? ` — diferença ${formatBRL(resto)}` : ''}
        </Typography>
        {ajuste &&
          (excede ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              A linha é maior que o aberto dos títulos: a diferença de {formatBRL(Math.abs(resto))} será
              baixada como juros.
            </Alert>
          ) : (
            <RadioGroup
              row
              aria-label="Diferença"
              value={diferenca}
              onChange={(event) => setDiferenca(event.target.value as 'desconto' | 'parcial')}
            >
              <FormControlLabel
                value="parcial"
                control={<Radio />}
                label="Baixa parcial (o título fica em aberto)"
              />
              <FormControlLabel value="desconto" control={<Radio />} label="Desconto (quita o título)" />
            </RadioGroup>
          ))}
        <FormControlLabel
          control={<Checkbox checked={criar} onChange={(event) => setCriar(event.target.checked)} />}
          label={`Criar movimento com ${resto !== 0 ? `o restante (${formatBRL(resto)})` : 'o valor restante'}`}
        />
        {criar && (
          <TextField
            label="Descrição do movimento"
            value={descricao}
            onChange={(event) => setDescricao(event.target.value)}
            fullWidth
            size="small"
            helperText="Tarifa, rendimento, IOF…"
            sx={{ mt: 1 }}
          />
        )}
        {criar && categorias.length > 0 && (
          <TextField
            select
            label="Categoria financeira"
            value={categoria}
            onChange={(event) => setCategoria(event.target.value === '' ? '' : Number(event.target.value))}
            fullWidth
            size="small"
            sx={{ mt: 2 }}
          >
            <MenuItem value="">Sem categoria</MenuItem>
            {categorias.map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {item.descricao}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancelar</Button>
        <Button variant="contained" onClick={confirm} disabled={!valid}>
          Conciliar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
