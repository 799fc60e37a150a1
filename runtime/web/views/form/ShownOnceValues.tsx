import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';

/** A value the server returns only once (a new API key), to be copied now: `shownOnce` fields. */
export interface ShownOnceValue {
  label: string;
  value: string;
}

function CopyableValue({ label, value }: ShownOnceValue) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{label}</Typography>
      <Box
        component="code"
        aria-label={label}
        sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1, wordBreak: 'break-all', userSelect: 'all' }}
      >
        {value}
      </Box>
      <Box>
        <Button
          size="small"
          variant="outlined"
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </Box>
    </Stack>
  );
}

/** The dialog body after creating a record with `shownOnce` values. */
export function ShownOnceValues({ values }: { values: ShownOnceValue[] }) {
  return (
    <Stack spacing={2}>
      <Typography>Copie e guarde agora: por segurança, este valor não será mostrado novamente.</Typography>
      {values.map((item) => (
        <CopyableValue key={item.label} {...item} />
      ))}
    </Stack>
  );
}
