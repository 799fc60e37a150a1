import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../../app/RuntimeContext.tsx';

/** What an item of the note enters stock as: a produto, a new one registered from the item, or none yet. */
export type EscolhaProduto =
  | { tipo: 'produto'; produtoId: number; descricao: string }
  | { tipo: 'novo' }
  | { tipo: 'nenhum' };

const NOVO: EscolhaProduto = { tipo: 'novo' };
const NENHUM: EscolhaProduto = { tipo: 'nenhum' };

const labelOf = (escolha: EscolhaProduto) =>
  escolha.tipo === 'novo'
    ? 'Cadastrar novo produto'
    : escolha.tipo === 'nenhum'
      ? 'Não vincular agora'
      : escolha.descricao;
const keyOf = (escolha: EscolhaProduto) =>
  escolha.tipo === 'produto' ? `p${escolha.produtoId}` : escolha.tipo;

/** Picks the produto of one item: the suggestion, a produto searched by description or code, or a choice. */
export function ProdutoItemPicker(props: {
  label: string;
  value: EscolhaProduto;
  sugestao: EscolhaProduto | null;
  onChange: (escolha: EscolhaProduto) => void;
}) {
  const { api } = useRuntime();
  const [busca, setBusca] = useState('');
  const [encontrados, setEncontrados] = useState<EscolhaProduto[]>([]);

  useEffect(() => {
    const termo = busca.trim();
    if (termo.length < 2 || termo === labelOf(props.value)) return;
    let active = true;
    const timer = setTimeout(() => {
      const like = `%${termo}%`;
      const filter = JSON.stringify({
        where: {
          or: [{ descricao: { ilike: like } }, { codigo: { ilike: like } }, { codigoBarras: termo }],
          ativo: true,
        },
        fields: ['id', 'descricao', 'codigo'],
        order: 'descricao ASC',
        limit: 20,
      });
      void api.GET('/api/Produtos', { params: { query: { filter } } }).then(({ data }) => {
        if (!active || !data) return;
        setEncontrados(
          data.map((produto) => ({
            tipo: 'produto' as const,
            produtoId: Number(produto.id),
            descricao: `${produto.codigo ? `${produto.codigo} — ` : ''}${produto.descricao}`,
          })),
        );
      });
    }, 300);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [api, busca, props.value]);

  const fixed = [...(props.sugestao ? [props.sugestao] : []), NOVO, NENHUM];
  const options = [...fixed, ...encontrados.filter((item) => !fixed.some((f) => keyOf(f) === keyOf(item)))];
  return (
    <Autocomplete
      size="small"
      options={options}
      value={props.value}
      onChange={(_event, value) => value && props.onChange(value)}
      onInputChange={(_event, value) => setBusca(value)}
      getOptionLabel={labelOf}
      getOptionKey={keyOf}
      isOptionEqualToValue={(option, value) => keyOf(option) === keyOf(value)}
      filterOptions={(list) => list}
      disableClearable
      sx={{ minWidth: 260 }}
      renderInput={(params) => (
        <TextField {...params} label={props.label} placeholder="Busque pela descrição ou código" />
      )}
    />
  );
}
