import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import { type ReactNode, useState } from 'react';

/** Moves the entry at `from` to `to` in an ordered map (object key order), returning a new object. */
export function moveEntry<T>(map: Record<string, T>, from: number, to: number): Record<string, T> {
  const entries = Object.entries(map);
  const [moved] = entries.splice(from, 1);
  if (!moved) return map;
  entries.splice(Math.max(0, Math.min(to, entries.length)), 0, moved);
  return Object.fromEntries(entries);
}

/**
 * The members of an ordered map as rows that can be dragged (mouse) or moved with the arrow buttons
 * (keyboard, screen readers): the studio's way to reorder fields, columns and menu entries.
 * `group` names the list so a drop from another list (a field dragged to another section) reaches `onDropFrom`.
 */
export function ReorderList<T>({
  items,
  onChange,
  render,
  group,
  onDropFrom,
  label,
}: {
  items: Record<string, T>;
  onChange(items: Record<string, T>): void;
  render(key: string, item: T, index: number): ReactNode;
  group?: string;
  onDropFrom?(fromGroup: string, key: string, index: number): void;
  label: (key: string, item: T) => string;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const keys = Object.keys(items);
  const drop = (event: React.DragEvent, index: number) => {
    event.preventDefault();
    setOver(null);
    const [fromGroup, key] = (event.dataTransfer.getData('text/x-estudio') || '').split('\u0000');
    if (fromGroup !== undefined && key && fromGroup !== group && onDropFrom)
      onDropFrom(fromGroup, key, index);
    else if (dragging !== null && dragging !== index) onChange(moveEntry(items, dragging, index));
    setDragging(null);
  };
  return (
    <Stack spacing={0.5} role="list">
      {keys.map((key, index) => {
        const item = items[key] as T;
        return (
          <Box
            key={key}
            role="listitem"
            draggable
            onDragStart={(event) => {
              setDragging(index);
              event.dataTransfer.setData('text/x-estudio', `${group ?? ''}\u0000${key}`);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(index);
            }}
            onDrop={(event) => drop(event, index)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              p: 0.5,
              borderRadius: 1,
              border: 1,
              borderColor: over === index ? 'primary.main' : 'divider',
              bgcolor: dragging === index ? 'action.selected' : 'background.paper',
            }}
          >
            <DragIndicatorIcon
              fontSize="small"
              sx={{ cursor: 'grab', color: 'text.secondary' }}
              aria-hidden
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>{render(key, item, index)}</Box>
            <Tooltip title="Mover para cima">
              <span>
                <IconButton
                  size="small"
                  aria-label={`Mover ${label(key, item)} para cima`}
                  disabled={index === 0}
                  onClick={() => onChange(moveEntry(items, index, index - 1))}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Mover para baixo">
              <span>
                <IconButton
                  size="small"
                  aria-label={`Mover ${label(key, item)} para baixo`}
                  disabled={index === keys.length - 1}
                  onClick={() => onChange(moveEntry(items, index, index + 1))}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        );
      })}
      {keys.length === 0 && (
        <Box
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => drop(event, 0)}
          sx={{ p: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', color: 'text.secondary' }}
        >
          Arraste campos para cá.
        </Box>
      )}
    </Stack>
  );
}
