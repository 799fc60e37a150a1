import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Badge, Box, Divider, IconButton, LinearProgress, Popover, Tooltip, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { Fragment, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../core/constants.ts';
import { useActionError } from '../../ui/useActionError.tsx';
import { visuallyHidden } from '../../ui/visuallyHidden.ts';
import { AlertItem } from './AlertItem.tsx';
import type { Alerta } from './alertaEventAction.ts';
import { alertLink } from './alertLink.ts';
import { useAlerts } from './useAlerts.ts';

/** The header bell (spec 000 §2.6, §4): unread badge and the list of alerts in a popover. */
export function AlertsBell() {
  const { alertas, unread, loading, remove, openList } = useAlerts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const showError = useActionError();
  const panel = useRef<HTMLDivElement>(null);

  const open = (target: HTMLElement) => {
    setAnchor(target);
    void openList();
  };
  const close = () => setAnchor(null);
  const follow = (alerta: Alerta) => {
    const target = alertLink(alerta.link);
    close();
    if (target?.kind === 'internal') navigate(target.path);
    else if (target?.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
  };
  const deleteAlert = (id: number) => {
    // The focused delete button disappears with its alert: keep the focus (and Escape) in the panel.
    panel.current?.focus();
    remove(id).catch(showError);
  };
  const label = unread > 0 ? `Notificações (${unread} não lidas)` : 'Notificações';

  return (
    <>
      {/* No tooltip over the open list (an empty title hides it). */}
      <Tooltip title={anchor ? '' : 'Notificações'} describeChild>
        {/* Named by hidden text, not aria-label: the badge's number is visible text, which must be part of
            the name (WCAG 2.5.3); the number itself is hidden from the name, the text already says it. */}
        <IconButton onClick={(event) => open(event.currentTarget)}>
          <Box component="span" sx={visuallyHidden}>
            {label}
          </Box>
          <Badge badgeContent={unread} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
            {/* SVG, not a font ligature: the word "notifications" would count as the button's visible text. */}
            {unread > 0 ? <NotificationsActiveIcon /> : <NotificationsIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box role="region" aria-label="Notificações" ref={panel} tabIndex={-1} sx={{ outline: 'none' }}>
          <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
            Notificações
          </Typography>
          <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
          <Divider />
          {alertas.length === 0 ? (
            <Box sx={{ px: 2, py: 4, textAlign: 'center', color: 'text.secondary' }}>
              <Icon sx={{ fontSize: 40, opacity: 0.5 }}>notifications_none</Icon>
              <Typography variant="body2">{MESSAGES.alerts.empty}</Typography>
            </Box>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 440, overflowY: 'auto' }}>
              {alertas.map((alerta, index) => (
                <Fragment key={alerta.id}>
                  {index > 0 && <Divider component="li" aria-hidden />}
                  <AlertItem
                    alerta={alerta}
                    onOpenLink={() => follow(alerta)}
                    onClose={close}
                    onDelete={() => deleteAlert(alerta.id)}
                  />
                </Fragment>
              ))}
            </Box>
          )}
        </Box>
      </Popover>
    </>
  );
}
