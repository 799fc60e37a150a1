/** The alert types of the bell (spec 000 §3: info, success, warning) as the notification screen names them. */
export const ALERTA_TIPOS = {
  info: { label: 'Informação', icon: 'info', color: 'info' },
  success: { label: 'Sucesso', icon: 'check_circle', color: 'success' },
  warning: { label: 'Aviso', icon: 'warning', color: 'warning' },
} as const;

export type AlertaTipo = keyof typeof ALERTA_TIPOS;
