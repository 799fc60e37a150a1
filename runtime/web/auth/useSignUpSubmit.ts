import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTO_LOGIN_DELAY_MS } from '../../core/constants.ts';
import { normalizeCpfCnpj } from '../../core/normalizeCpfCnpj.ts';
import { useRuntime, useSession, useTenant } from '../app/RuntimeContext.tsx';
import { useActionError } from '../ui/useActionError.tsx';
import type { SignUpField, SignUpForm } from './useSignUpForm.ts';
import type { SignUpParams } from './useSignUpParams.ts';

const DASHBOARD = '/pages/dashboard';

/** Server field names (details.fields[].campo) → form fields. */
const SERVER_FIELDS: Record<string, SignUpField> = {
  email: 'email',
  emailconfirmar: 'email',
  senha: 'senha',
  confirmaSenha: 'confirmaSenha',
  cpfCnpj: 'cpfCnpj',
  empresa: 'empresa',
  nome: 'nome',
  telefone: 'telefone',
  regime: 'regime',
  uf: 'uf',
  codigoMunicipio: 'cidade',
};

/** details.fields of the error envelope as form messages, or null when there are none. */
function fieldErrors(error: unknown): Partial<Record<SignUpField, string>> | null {
  const fields = (error as { error?: { details?: { fields?: unknown } } })?.error?.details?.fields;
  if (!Array.isArray(fields) || fields.length === 0) return null;
  const errors: Partial<Record<SignUpField, string>> = {};
  for (const item of fields as { campo?: string; mensagem?: string }[]) {
    const field = item.campo ? SERVER_FIELDS[item.campo] : undefined;
    if (!field || !item.mensagem) return null;
    errors[field] ??= item.mensagem;
  }
  return errors;
}

/** True when the sign-up is the embedded page (#/cadastrar…) inside another page's frame (spec 000 §4). */
function embeddedInParent(): boolean {
  return window.location.href.includes('#/cadastrar') && window.parent !== window;
}

/**
 * The sign-up flow of spec 000 §4: submitted flag, and when valid a loading overlay, POST
 * Usuarios/cadastro, a 500 ms pause, automatic login with the returned id and the dashboard (in the
 * parent window when embedded). Field messages from the server go to their fields; anything else opens
 * the generic error dialog and no login happens.
 */
export function useSignUpSubmit(
  form: SignUpForm,
  params: SignUpParams,
  options: { naoCadastrasSuperlogica?: boolean },
) {
  const { api } = useRuntime();
  const { config } = useTenant();
  const session = useSession();
  const navigate = useNavigate();
  const showActionError = useActionError();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    if (!form.isValid || busy) return;
    const { values, visible } = form;
    setBusy(true);
    try {
      const { data, error } = await api.POST('/api/Usuarios/cadastro', {
        body: {
          email: values.email,
          emailconfirmar: values.email,
          nome: visible.nome ? values.nome.trim() : undefined,
          empresa: visible.empresa ? values.empresa.trim() : undefined,
          telefone: visible.telefone ? values.telefone : undefined,
          cpfCnpj: visible.cpfCnpj ? normalizeCpfCnpj(values.cpfCnpj) : undefined,
          regime: visible.regime && values.regime !== '' ? values.regime : undefined,
          senha: values.senha,
          confirmaSenha: values.confirmaSenha,
          indicante: params.indicante,
          ...params.campos,
          idWhitelabel: config.id,
          idConfigWhitelabel: config.idConfig,
          naoCadastrasSuperlogica: options.naoCadastrasSuperlogica === true,
          uf: values.uf,
          codigoMunicipio: values.cidade?.codigo,
        },
      });
      if (error) {
        const errors = fieldErrors(error);
        if (errors) form.setServerErrors(errors);
        else await showActionError(error);
        return;
      }
      if (!data?.id) return;
      await new Promise((resolve) => setTimeout(resolve, AUTO_LOGIN_DELAY_MS));
      await session.loginWithToken(data.id);
      if (embeddedInParent()) {
        try {
          window.parent.location.href = `${window.location.origin}/#${DASHBOARD}`;
          return;
        } catch {
          // A parent the browser does not let us navigate: open the dashboard here instead.
        }
      }
      navigate(DASHBOARD, { replace: true });
    } catch (error) {
      await showActionError(error);
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy };
}
