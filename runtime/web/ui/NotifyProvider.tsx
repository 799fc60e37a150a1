import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Snackbar,
  Typography,
} from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { CONFIRM_DIALOG_DEFAULTS, TOAST_DURATION_MS } from '../../core/constants.ts';
import { PromptDialog, type PromptOptions } from './PromptDialog.tsx';

export type Severity = 'info' | 'success' | 'warning' | 'error';

interface Toast {
  id: number;
  message: ReactNode;
  severity: Severity;
  duration: number | null;
  action?: { label: string; onClick: () => void };
}

interface AlertDialogOptions {
  title: string;
  message: ReactNode;
  severity?: Severity;
}

interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface Notify {
  /** Toast; duration defaults by severity (spec 000 §9: 4000 generic, 5000 success/warning); null persists. */
  toast(
    message: ReactNode,
    options?: { severity?: Severity; duration?: number | null; action?: Toast['action'] },
  ): number;
  dismiss(id: number): void;
  alert(options: AlertDialogOptions): Promise<void>;
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** Asks for one text (e.g. a justificativa); null when cancelled. */
  prompt(options: PromptOptions): Promise<string | null>;
}

const NotifyContext = createContext<Notify | null>(null);

const defaultDuration = (severity: Severity): number | null =>
  severity === 'success' || severity === 'warning'
    ? TOAST_DURATION_MS.success
    : severity === 'error'
      ? null
      : TOAST_DURATION_MS.generic;

/** Toasts and dialogs for the whole app (one place, so durations and texts stay as the spec says). */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [dialog, setDialog] = useState<
    (AlertDialogOptions & { confirm?: ConfirmOptions; resolve: (ok: boolean) => void }) | null
  >(null);
  const [prompt, setPrompt] = useState<{
    options: PromptOptions;
    resolve: (value: string | null) => void;
  } | null>(null);
  const nextId = useRef(1);

  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const notify = useMemo<Notify>(
    () => ({
      toast(message, options = {}) {
        const severity = options.severity ?? 'info';
        const id = nextId.current++;
        const duration = options.duration === undefined ? defaultDuration(severity) : options.duration;
        setToasts((list) => [...list, { id, message, severity, duration, action: options.action }]);
        return id;
      },
      dismiss,
      alert(options) {
        return new Promise<void>((resolve) => setDialog({ ...options, resolve: () => resolve() }));
      },
      confirm(options) {
        return new Promise<boolean>((resolve) =>
          setDialog({
            title: options.title ?? CONFIRM_DIALOG_DEFAULTS.title,
            message: options.message,
            confirm: options,
            resolve,
          }),
        );
      },
      prompt(options) {
        return new Promise<string | null>((resolve) => setPrompt({ options, resolve }));
      },
    }),
    [dismiss],
  );

  const close = (ok: boolean) => {
    dialog?.resolve(ok);
    setDialog(null);
  };
  const current = toasts[0];

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          // Below the 64 px header, so a toast never hides the user menu, alerts or favourites.
          sx={{ top: { xs: 72, sm: 76 } }}
          autoHideDuration={current.duration ?? null}
          onClose={(_event, reason) => reason !== 'clickaway' && dismiss(current.id)}
        >
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={() => dismiss(current.id)}
            action={
              current.action ? (
                <Button color="inherit" size="small" onClick={current.action.onClick}>
                  {current.action.label}
                </Button>
              ) : undefined
            }
            sx={{ minWidth: 320 }}
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
      <Dialog open={dialog !== null} onClose={() => close(false)} maxWidth="xs" fullWidth>
        {dialog && (
          <>
            <DialogTitle>{dialog.title}</DialogTitle>
            <DialogContent>
              {dialog.confirm ? (
                <Typography component="div">{dialog.message}</Typography>
              ) : (
                <Alert severity={dialog.severity ?? 'warning'}>{dialog.message}</Alert>
              )}
            </DialogContent>
            <DialogActions>
              {dialog.confirm ? (
                <>
                  <Button onClick={() => close(false)}>
                    {dialog.confirm.cancelLabel ?? CONFIRM_DIALOG_DEFAULTS.cancel}
                  </Button>
                  <Button variant="contained" onClick={() => close(true)} autoFocus>
                    {dialog.confirm.confirmLabel ?? CONFIRM_DIALOG_DEFAULTS.confirm}
                  </Button>
                </>
              ) : (
                <Button variant="contained" onClick={() => close(true)} autoFocus>
                  OK
                </Button>
              )}
            </DialogActions>
          </>
        )}
      </Dialog>
      {prompt && (
        <PromptDialog
          options={prompt.options}
          onClose={(value) => {
            prompt.resolve(value);
            setPrompt(null);
          }}
        />
      )}
    </NotifyContext.Provider>
  );
}

/** Toasts and dialogs. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify usado fora do NotifyProvider');
  return notify;
}
