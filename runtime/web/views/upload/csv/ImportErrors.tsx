import { Box, Table, TableBody, TableCell, TableHead, TablePagination, TableRow } from '@mui/material';
import { useState } from 'react';
import { paginationLabels } from '../../../ui/paginationLabels.ts';
import type { ImportLineError } from './csvTypes.ts';

/** The errors of the validation, one row per file line, paged. */
export function ImportErrors({ erros }: { erros: ImportLineError[] }) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const byLine = new Map<number, string[]>();
  for (const erro of erros) byLine.set(erro.linha, [...(byLine.get(erro.linha) ?? []), ...erro.mensagens]);
  const rows = [...byLine.entries()];
  return (
    <Box>
      <Table size="small" aria-label="Erros por linha">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 90 }}>Linha</TableCell>
            <TableCell>Erros</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(page * perPage, (page + 1) * perPage).map(([linha, mensagens]) => (
            <TableRow key={linha}>
              <TableCell>{linha}</TableCell>
              <TableCell>
                {mensagens.map((mensagem) => (
                  <Box key={mensagem}>{mensagem}</Box>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        {...paginationLabels}
      />
    </Box>
  );
}
