import {
  Alert,
  AlertTitle,
  Box,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { formatBRL } from '../../../core/formatMoney.ts';
import { linhasPrevia } from './linhasPrevia.ts';
import type { ItemNota, Previa, Validacao } from './useEmissaoNota.ts';

const percentual = (valor: number) => `${valor.toLocaleString('pt-BR', { maximumFractionDigits: 4 })} %`;

const COLUNAS: Array<{ chave: string; rotulo: string; dica?: string }> = [
  { chave: 'base', rotulo: 'Base ICMS' },
  { chave: 'aliquota', rotulo: 'Alíq. ICMS' },
  { chave: 'icms', rotulo: 'ICMS' },
  { chave: 'st', rotulo: 'ICMS ST', dica: 'ICMS retido por substituição tributária, com o FCP ST' },
  { chave: 'ipi', rotulo: 'IPI' },
  { chave: 'pis', rotulo: 'PIS' },
  { chave: 'cofins', rotulo: 'COFINS' },
  { chave: 'ibsCbs', rotulo: 'IBS/CBS', dica: 'IBS e CBS de 2026 (informativos)' },
  { chave: 'total', rotulo: 'Total' },
];

const TOTAIS: Array<[string, string]> = [
  ['vProd', 'Produtos'],
  ['vDesc', 'Desconto'],
  ['vFrete', 'Frete'],
  ['vBC', 'Base do ICMS'],
  ['vICMS', 'ICMS'],
  ['vST', 'ICMS ST'],
  ['vIPI', 'IPI'],
  ['vPIS', 'PIS'],
  ['vCOFINS', 'COFINS'],
  ['vTotTrib', 'Tributos aproximados'],
  ['vNF', 'Total da nota'],
];

/**
 * The preview of the nota's items and taxes as the tax engine computes them now (per item CFOP, CST or
 * CSOSN, ICMS base, rate and value, ST, IPI, PIS, COFINS, IBS/CBS), the totals, and the signed XML's
 * schema messages with the field to fix; each item can be corrected (`onCorrigir`) or its product opened.
 */
export function PreviaTributos({
  previa,
  itens,
  validacao,
  podeCorrigir,
  onCorrigir,
}: {
  previa: Previa;
  itens: ItemNota[];
  validacao: Validacao | null;
  podeCorrigir: boolean;
  onCorrigir(item: ItemNota): void;
}) {
  const linhas = linhasPrevia(
    previa.itens.map((item) => {
      const daNota = itens.find((candidato) => candidato.numeroItem === item.numeroItem);
      return { ...item, descricao: item.descricao ?? daNota?.descricao, ncm: item.ncm ?? daNota?.ncm ?? '' };
    }),
  );
  return (
    <Stack spacing={2}>
      {validacao && !validacao.valido && (
        <Alert severity="error" aria-label="Erros de validação do XML">
          <AlertTitle>
            O XML da nota não passou na validação do schema oficial — corrija antes de transmitir
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {validacao.erros.map((erro) => (
              <li key={`${erro.campo}-${erro.mensagem}`}>
                <strong>{erro.campo}</strong>: {erro.mensagem}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {validacao?.valido && (
        <Alert severity="success">XML assinado e válido no schema oficial: pronto para transmitir.</Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label="Itens e tributos"
          sx={{ '& th, & td': { px: 0.75 }, '& th': { lineHeight: 1.2, verticalAlign: 'bottom' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>NCM</TableCell>
              <TableCell>CFOP</TableCell>
              <TableCell>CST/CSOSN</TableCell>
              {COLUNAS.map((coluna) => (
                <TableCell key={coluna.chave} align="right" title={coluna.dica}>
                  {coluna.rotulo}
                </TableCell>
              ))}
              {podeCorrigir && <TableCell aria-label="Ações" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {linhas.map((linha) => {
              const item = itens.find((candidato) => candidato.numeroItem === linha.numeroItem);
              return (
                <TableRow key={linha.numeroItem}>
                  <TableCell sx={{ minWidth: 180 }}>
                    {linha.numeroItem}. {linha.descricao}
                    {item?.produtoId && (
                      <Typography variant="caption" component="div">
                        <Link href={`#/pages/estoque/produtos/editar/${item.produtoId}`}>
                          Abrir o produto
                        </Link>
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{linha.ncm}</TableCell>
                  <TableCell>{linha.cfop}</TableCell>
                  <TableCell>{linha.cst}</TableCell>
                  {COLUNAS.map((coluna) => {
                    const valor = linha[coluna.chave as keyof typeof linha] as number;
                    return (
                      <TableCell key={coluna.chave} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {coluna.chave === 'aliquota' ? percentual(valor) : formatBRL(valor)}
                      </TableCell>
                    );
                  })}
                  {podeCorrigir && (
                    <TableCell>
                      {item && (
                        <Tooltip title="Corrigir o item">
                          <IconButton
                            size="small"
                            aria-label={`Corrigir o item ${linha.numeroItem}`}
                            onClick={() => onCorrigir(item)}
                          >
                            <Icon fontSize="small">edit</Icon>
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Box
        component="dl"
        aria-label="Totais da nota"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(6, 1fr)' },
          gap: 1,
          m: 0,
        }}
      >
        {TOTAIS.map(([campo, rotulo]) => (
          <Box key={campo} sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {rotulo}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: campo === 'vNF' ? 700 : 400 }}>
              {formatBRL(previa.totais[campo] ?? 0)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
