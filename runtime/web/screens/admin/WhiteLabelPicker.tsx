import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRuntime, useSession, useTenant } from '../../app/RuntimeContext.tsx';

/**
 * The white-label an administrator screen acts on: platform staff pick any (GET /api/ConfigWhiteLabels),
 * a master user only sees its own, so nothing is shown to them. Starts on the white-label served.
 */
export function useWhiteLabelChoice(): [number, (id: number) => void] {
  const { config } = useTenant();
  return useState<number>(config.id);
}

export function WhiteLabelPicker({ value, onChange }: { value: number; onChange(id: number): void }) {
  const { api } = useRuntime();
  const { user } = useSession();
  const [options, setOptions] = useState<Array<{ id: number; title: string }>>([]);
  const staff = user?.isAvanco === true;
  useEffect(() => {
    if (!staff) return;
    let alive = true;
    void api.GET('/api/ConfigWhiteLabels').then(({ data }) => {
      if (alive)
        setOptions((data ?? []).map((item) => ({ id: item.id, title: item.title ?? `#${item.id}` })));
    });
    return () => {
      alive = false;
    };
  }, [api, staff]);
  if (!staff || options.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label="White-label"
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 240 }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.title}
        </MenuItem>
      ))}
    </TextField>
  );
}
