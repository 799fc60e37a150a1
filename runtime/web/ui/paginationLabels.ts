/** pt-BR labels of MUI's TablePagination (the grids' pager labels are translated too, spec 001 §9). */
export const paginationLabels = {
  labelRowsPerPage: 'Linhas por página:',
  labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
    `${from}–${to} de ${count}`,
  getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') =>
    ({
      first: 'Primeira página',
      last: 'Última página',
      next: 'Próxima página',
      previous: 'Página anterior',
    })[type],
};
