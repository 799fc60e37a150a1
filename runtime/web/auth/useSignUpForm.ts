import { useCallback, useMemo, useState } from 'react';
import type { components } from '../../../generated/api.d.ts';
import { EMAIL_MAX_LENGTH, MESSAGES, PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import { isValidCpfCnpj } from '../../core/isValidCpfCnpj.ts';
import { normalizeCpfCnpj } from '../../core/normalizeCpfCnpj.ts';
import { isValidPhone } from '../../core/phoneMask.ts';
import { useTenant } from '../app/RuntimeContext.tsx';
import { enumOptions } from './enumOptions.ts';
import { validateEmail } from './validateEmail.ts';

export type Cidade = components['schemas']['Cidade'];

export interface SignUpValues {
  empresa: string;
  cpfCnpj: string;
  regime: number | '';
  nome: string;
  telefone: string;
  uf: string;
  cidade: Cidade | null;
  email: string;
  senha: string;
  confirmaSenha: string;
  termosUso: boolean;
}

export type SignUpField = keyof SignUpValues;

/** The optional fields of spec 000 §2.3, each shown only when the tenant enables it. */
export interface SignUpVisibility {
  empresa: boolean;
  cpfCnpj: boolean;
  regime: boolean;
  nome: boolean;
  telefone: boolean;
}

type Errors = Partial<Record<SignUpField, string>>;

/** The sign-up rules of spec 000 §5 for the fields the tenant shows; empty when valid. */
function validate(values: SignUpValues, visible: SignUpVisibility): Errors {
  const v = MESSAGES.validation;
  const s = MESSAGES.signUp;
  const errors: Errors = {};
  const email = validateEmail(values.email, { required: s.emailRequired, invalid: v.email });
  if (email) errors.email = email;
  if (!values.senha) errors.senha = v.required;
  else if (values.senha.length < PASSWORD_MIN_LENGTH) errors.senha = v.minLength(PASSWORD_MIN_LENGTH);
  if (!values.confirmaSenha) errors.confirmaSenha = v.required;
  else if (values.confirmaSenha !== values.senha) errors.confirmaSenha = v.mismatch;
  if (!values.termosUso) errors.termosUso = s.termsRequired;
  if (visible.empresa && !values.empresa.trim()) errors.empresa = s.companyRequired;
  if (visible.cpfCnpj) {
    if (!normalizeCpfCnpj(values.cpfCnpj)) errors.cpfCnpj = v.required;
    else if (!isValidCpfCnpj(values.cpfCnpj)) errors.cpfCnpj = v.document;
  }
  if (visible.regime && values.regime === '') errors.regime = v.required;
  if (visible.nome && !values.nome.trim()) errors.nome = s.nameRequired;
  if (visible.telefone) {
    if (!values.telefone) errors.telefone = s.phoneRequired;
    else if (!isValidPhone(values.telefone)) errors.telefone = v.mask;
  }
  if (!values.uf) errors.uf = s.stateRequired;
  if (!values.cidade?.codigo) errors.cidade = s.cityRequired;
  return errors;
}

/**
 * State and validation of the sign-up form (spec 000 §2.3, §5): the tenant's visible fields, the e-mail
 * lowercased as typed, messages only after a submit, and the server's field messages until the field changes.
 */
export function useSignUpForm() {
  const { config, schemas } = useTenant();
  const misc = config.misc ?? {};
  const visible = useMemo<SignUpVisibility>(
    () => ({
      empresa: Boolean(misc.exibirNomeEmpresaTelaCadastro),
      cpfCnpj: Boolean(misc.exibirCpfCnpjTelaCadastro),
      regime: Boolean(misc.exibirRegimeTelaCadastro),
      nome: Boolean(misc.exibirNomeUsuarioTelaCadastro),
      telefone: Boolean(misc.exibirTelefoneTelaCadastro),
    }),
    [misc],
  );
  const regimes = useMemo(() => enumOptions(schemas, 'regimeTributarioCadastro'), [schemas]);
  const [values, setValues] = useState<SignUpValues>(() => ({
    empresa: '',
    cpfCnpj: '',
    regime: typeof regimes.defaultCode === 'number' ? regimes.defaultCode : '',
    nome: '',
    telefone: '',
    uf: '',
    cidade: null,
    email: '',
    senha: '',
    confirmaSenha: '',
    termosUso: false,
  }));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});

  const errors = useMemo(() => validate(values, visible), [values, visible]);

  const setValue = useCallback(<K extends SignUpField>(field: K, value: SignUpValues[K]) => {
    const next =
      field === 'email' ? (String(value).toLowerCase().slice(0, EMAIL_MAX_LENGTH) as SignUpValues[K]) : value;
    setValues((current) => ({
      ...current,
      [field]: next,
      // A new state invalidates the chosen city.
      ...(field === 'uf' && value !== current.uf ? { cidade: null } : {}),
    }));
    setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** The message a field shows: a server message, or the rule's message once the form was submitted. */
  const errorOf = (field: SignUpField): string | undefined =>
    serverErrors[field] ?? (submitted ? errors[field] : undefined);

  return {
    values,
    setValue,
    visible,
    regimes: regimes.options,
    submitted,
    markSubmitted: () => setSubmitted(true),
    isValid: Object.keys(errors).length === 0,
    errorOf,
    setServerErrors,
  };
}

export type SignUpForm = ReturnType<typeof useSignUpForm>;
