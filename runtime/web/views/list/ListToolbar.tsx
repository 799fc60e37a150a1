import { Box, Button, Chip, InputAdornment, TextField, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { Link as RouterLink } from 'react-router-dom';
import { countText } from './countText.ts';
import type { ListController } from './useListController.ts';

/** Title, the link filter's removable chip, quick search, record count, the grid file's links and the Novo button (only with permission to create). */
export function ListToolbar({ list }: { list: ListController }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: { xs: 1.5, sm: 2 },
        mb: 2,
      }}
    >
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
        {list.title}
      </Typography>
      {list.linkFilter.filter && (
        <Chip
          label={`Filtro: ${list.linkFilter.filter.label}`}
          onDelete={list.linkFilter.remove}
          color="primary"
          variant="outlined"
          data-link-filter
          title="Remover filtro"
          sx={{ order: { xs: 4, sm: 0 }, maxWidth: '100%' }}
        />
      )}
      {list.total !== null && !list.empty && (
        <Typography
          variant="body2"
          color="text.secondary"
          aria-live="polite"
          sx={{ order: { xs: 3, sm: 0 } }}
        >
          {list.approximate ? (
            <Button
              size="small"
              variant="text"
              title="Contar exatamente"
              onClick={() => void list.countExactly()}
              sx={{ textTransform: 'none', p: 0, minWidth: 0, color: 'inherit', font: 'inherit' }}
            >
              {countText(list.total, true)}
            </Button>
          ) : (
            countText(list.total)
          )}
        </Typography>
      )}
      <TextField
        label="Pesquisar"
        type="search"
        value={list.searchText}
        onChange={(event) => list.setSearchText(event.target.value)}
        sx={{ width: { xs: '100%', sm: 280 }, order: { xs: 2, sm: 0 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Icon fontSize="small">search</Icon>
              </InputAdornment>
            ),
          },
        }}
      />
      {(list.grid.links ?? [])
        .filter((link) => link.requires !== 'criar' || list.canCreate)
        .map((link) => (
          <Button
            key={link.route}
            component={RouterLink}
            to={`/${link.route.replace(/^\/+/, '')}`}
            variant="outlined"
            startIcon={link.icon ? <Icon>{link.icon}</Icon> : undefined}
            sx={{ flexShrink: 0 }}
          >
            {link.label}
          </Button>
        ))}
      {list.canCreate && (
        <Button
          component={RouterLink}
          to={list.paths.create}
          variant="contained"
          startIcon={<Icon>add</Icon>}
          sx={{ flexShrink: 0 }}
        >
          Novo
        </Button>
      )}
    </Box>
  );
}
