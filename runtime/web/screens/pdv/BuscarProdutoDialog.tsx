import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../../core/formatMoney.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import type { PdvApi } from './pdvApi.ts';

type Produto = Awaited<ReturnType<PdvApi['produtos']>>[number];

/** Product search (F3): by description, código or barcode; Enter or a click adds the first / chosen one. */
export function BuscarProdutoDialog(props: {
  open: boolean;
  calls: PdvApi;
  onClose: () => void;
  onChoose: (produto: Produto) => void;
}) {
  const [texto, setTexto] = useState('');
  const [achados, setAchados] = useState<Produto[]>([]);
  const [erro, setErro] = useState<string | null>(null);
  const busca = useDebounced(texto.trim(), 250);
  useEffect(() => {
    if (props.open) setTexto('');
  }, [props.open]);
  useEffect(() => {
    if (!props.open || busca.length < 2) {
      setAchados([]);
      return;
    }
    let ativo = true;
    props.calls
      .produtos(busca)
      .then((lista) => {
        if (!ativo) return;
        setAchados(lista);
        setErro(null);
      })
      .catch(() => {
        if (ativo) setErro('Não foi possível buscar os produtos.');
      });
    return () => {
      ativo = false;
    };
  }, [busca, props.open, props.calls]);
  return (
    <Dialog disableRestoreFocus open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Buscar produto</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Descrição, código ou código de barras"
          value={texto}
          onChange={(event) => setTexto(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && achados[0]) {
              event.preventDefault();
              props.onChoose(achados[0]);
            }
          }}
          sx={{ mt: 1 }}
        />
        {erro && (
          <Typography color="error" sx={{ mt: 1 }}>
            {erro}
          </Typography>
        )}
        <List dense aria-label="Produtos encontrados">
          {achados.map((produto) => (
            <ListItemButton key={produto.id} onClick={() => props.onChoose(produto)}>
              <ListItemText
                primary={produto.descricao}
                secondary={`${produto.codigo || `id ${produto.id}`} · ${produto.precoVenda === null ? 'sem preço' : formatBRL(produto.precoVenda)}`}
              />
            </ListItemButton>
          ))}
        </List>
        {busca.length >= 2 && achados.length === 0 && !erro && (
          <Typography color="text.secondary">Nenhum produto encontrado.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
