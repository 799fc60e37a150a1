import { useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../core/constants.ts';
import { useNotify } from '../ui/NotifyProvider.tsx';
import { decodeIndicante } from './decodeIndicante.ts';

const CAMPOS = ['campo1', 'campo2', 'campo3', 'campo4'] as const;

export interface SignUpParams {
  /** Sent as received; the server stores null when it does not decode. */
  indicante: string | undefined;
  campos: Partial<Record<(typeof CAMPOS)[number], string>>;
  accessToken: string | undefined;
}

/**
 * The link parameters of the sign-up (spec 000 §2.3): indicante and campo1–campo4 from the hash route's
 * query string or the page's own (?campo1=…#/cadastrar), and the access_token route parameter. An
 * invalid referral shows its warning once.
 */
export function useSignUpParams(): SignUpParams {
  const [hashQuery] = useSearchParams();
  const { access_token: accessToken } = useParams();
  const notify = useNotify();
  const warned = useRef(false);

  const params = useMemo<SignUpParams>(() => {
    const pageQuery = new URLSearchParams(window.location.search);
    const read = (name: string) => hashQuery.get(name) || pageQuery.get(name) || undefined;
    const campos: SignUpParams['campos'] = {};
    for (const name of CAMPOS) {
      const value = read(name);
      if (value) campos[name] = value;
    }
    return { indicante: read('indicante')?.replace(/ /g, '+'), campos, accessToken };
  }, [hashQuery, accessToken]);

  useEffect(() => {
    if (warned.current || !params.indicante || decodeIndicante(params.indicante)) return;
    warned.current = true;
    notify.toast(MESSAGES.referral.invalidUrl, { severity: 'warning' });
  }, [params.indicante, notify]);

  return params;
}
