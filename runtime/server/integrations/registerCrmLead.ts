import { BRAZIL_COUNTRY_CODE, CRM_TYPE } from '../../core/constants.ts';
import { safeFetch } from './safeFetch.ts';

export interface CrmSettings {
  STAGE_ID: string | number;
  TOKEN: string;
  URL?: string;
}

export interface CrmLead {
  nome: string;
  empresa: string;
  telefone: string;
  email: string;
  /** CNPJ → company contact, otherwise person. */
  pessoaJuridica: boolean;
}

const DEFAULT_URL = 'https://api2.ploomes.com';
const TIMEOUT_MS = 5_000;

/**
 * Registers a sign-up as a lead in the external CRM (spec 000 §7): finds the contact by e-mail or
 * creates it, creates a deal and, when the deal exists, a task. Runs only when a stage id and a
 * token are configured; every failure is logged and swallowed, never reaching the user. The URL comes
 * from tenant settings: calls go through safeFetch (https, public addresses only, unless
 * OUTBOUND_ALLOW_PRIVATE).
 */
export async function registerCrmLead(
  settings: CrmSettings | undefined,
  lead: CrmLead,
  log: (message: string, error?: unknown) => void,
  outbound: { allowPrivate?: boolean } = {},
): Promise<{ contactId?: number; dealId?: number; taskId?: number } | null> {
  if (!settings?.STAGE_ID || !settings.TOKEN) return null;
  const base = (settings.URL || DEFAULT_URL).replace(/\/$/, '');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await safeFetch(`${base}/${path}`, {
      method,
      headers: { 'User-Key': settings.TOKEN, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      allowPrivate: outbound.allowPrivate,
    });
    if (!response.ok) throw new Error(`CRM ${method} ${path}: HTTP ${response.status}`);
    return response.json() as { value?: Array<{ Id: number }> };
  };
  try {
    const filter = encodeURIComponent(`Email eq '${lead.email.replaceAll("'", "''")}'`);
    const found = await call('GET', `Contacts?$filter=${filter}&$expand=Phones`);
    let contactId = found.value?.[0]?.Id;
    if (!contactId) {
      const created = await call('POST', 'Contacts', {
        Name: lead.pessoaJuridica
          ? lead.empresa || lead.nome || lead.email
          : lead.nome || lead.empresa || lead.email,
        TypeId: lead.pessoaJuridica ? CRM_TYPE.company : CRM_TYPE.person,
        Email: lead.email,
        Phones: lead.telefone ? [{ PhoneNumber: lead.telefone, CountryId: BRAZIL_COUNTRY_CODE }] : [],
      });
      contactId = created.value?.[0]?.Id;
    }
    if (!contactId) throw new Error('CRM não devolveu o contato criado');
    const deal = await call('POST', 'Deals', {
      StageId: Number(settings.STAGE_ID),
      ContactId: contactId,
      Title: `Teste grátis — ${lead.empresa || lead.nome || lead.email}`,
      Email: lead.email,
    });
    const dealId = deal.value?.[0]?.Id;
    if (!dealId) return { contactId };
    const task = await call('POST', 'Tasks', {
      Title: 'Cliente se cadastrou para o período de teste',
      Description: [
        `Nome: ${lead.nome || '-'}`,
        `Empresa: ${lead.empresa || '-'}`,
        `Telefone: ${lead.telefone || '-'}`,
        `E-mail: ${lead.email}`,
      ].join('\n'),
      DealId: dealId,
      NoTime: true,
    });
    return { contactId, dealId, taskId: task.value?.[0]?.Id };
  } catch (error) {
    log('falha ao registrar o lead no CRM', error);
    return null;
  }
}
