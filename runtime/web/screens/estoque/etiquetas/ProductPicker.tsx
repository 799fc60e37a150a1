import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import type { EtiquetaProduto } from './etiquetaTypes.ts';

/** Search box of active produtos (description, code or GTIN); picking one hands it over and clears the box. */
export function ProductPicker({ onPick }: { onPick: (produto: EtiquetaProduto) => void }) {
  const { api } = useRuntime();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<EtiquetaProduto[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let active = true;
    setLoading(true);
    const timer = setTimeout(() => {
      void api
        .GET('/api/Produtos/etiquetas/produtos', {
          params: { query: { busca: text.trim() || undefined, limit: 20 } },
        })
        .then(({ data }) => {
          if (!active) return;
          setOptions(data ?? []);
          setLoading(false);
        });
    }, 250);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [api, text]);

  return (
    <Autocomplete
      options={options}
      loading={loading}
      value={null}
      inputValue={text}
      filterOptions={(all) => all}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, produto) => {
        if (produto) onPick(produto);
        setText('');
      }}
      getOptionLabel={(produto) => produto.descricao}
      renderOption={({ key, ...props }, produto) => (
        <li key={key} {...props}>
          {produto.descricao}
          {produto.codigo ? ` · ${produto.codigo}` : ''}
          {produto.precoVenda !== null ? ` · ${formatBRL(produto.precoVenda)}` : ''}
        </li>
      )}
      noOptionsText="Nenhum produto encontrado"
      loadingText="Carregando..."
      renderInput={(params) => (
        <TextField {...params} label="Adicionar produto" placeholder="Descrição, código ou GTIN" />
      )}
    />
  );
}
