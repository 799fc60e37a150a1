import { HttpError } from '../../errors.ts';
import endpoints from './endpoints.json' with { type: 'json' };

/** The SEFAZ web services this client calls (layout 4.00; events and DF-e 1.00/1.01). */
export type ServicoSefaz =
  | 'NFeAutorizacao4'
  | 'NFeRetAutorizacao4'
  | 'NFeConsultaProtocolo4'
  | 'NFeStatusServico4'
  | 'NFeRecepcaoEvento4'
  | 'NFeInutilizacao4'
  | 'NFeDistribuicaoDFe';

/** Who answers: the UF's own authorizer, its SVC (NF-e contingency) or the Ambiente Nacional. */
export type Autorizador = 'normal' | 'svc' | 'AN';

type Tabela = Record<string, Record<string, Record<string, string>>>;
const dados = endpoints as unknown as {
  autorizador: Record<'55' | '65', Record<string, string>>;
  contingencia: Record<string, 'SVC-AN' | 'SVC-RS'>;
  urls: Record<'55' | '65', Tabela>;
};

/** IBGE code of each UF (cUF of the chave, of consStatServ and of the events' cOrgao). */
export const CODIGO_UF: Record<string, string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

/** The SVC of a UF for NF-e contingency, and its tpEmis (6 SVC-AN, 7 SVC-RS). */
export function svcDaUf(uf: string): { nome: 'SVC-AN' | 'SVC-RS'; tpEmis: 6 | 7 } | null {
  const nome = dados.contingencia[uf];
  if (!nome) return null;
  return { nome, tpEmis: nome === 'SVC-AN' ? 6 : 7 };
}

/**
 * SEFAZ_URL_BASE (the local fake): every address becomes `<base>/<original host><original path>`, so
 * the fake still knows which authorizer was called (and can be "down" for one and up for its SVC).
 */
export function aplicarUrlBase(url: string, base: string | undefined): string {
  if (!base) return url;
  const original = new URL(url);
  return `${base.replace(/\/+$/, '')}/${original.host}${original.pathname}`;
}

export interface EnderecoSefaz {
  url: string;
  /** The table entry used: the UF, SVRS, SVAN, SVC-AN, SVC-RS or AN. */
  autorizador: string;
}

/**
 * The address of `servico` for a UF, model and ambiente (endpoints.json), from the UF's authorizer
 * (SVRS/SVAN where the UF uses them), its SVC (`svc`) or the Ambiente Nacional (`AN`: manifestação do
 * destinatário and Distribuição DF-e). 422 naming the UF when it is not served.
 */
export function enderecoSefaz(
  opcoes: {
    uf: string;
    modelo: 55 | 65;
    ambiente: 1 | 2;
    servico: ServicoSefaz;
    autorizador?: Autorizador;
  },
  base?: string,
): EnderecoSefaz {
  const { uf, modelo, ambiente, servico } = opcoes;
  const quem = opcoes.autorizador ?? 'normal';
  const naoAtendida = (detalhe: string) =>
    new HttpError(
      422,
      'UF_NAO_ATENDIDA',
      `A UF ${uf} não tem ${detalhe} na tabela de web services da SEFAZ (modelo ${modelo}, ${ambiente === 1 ? 'produção' : 'homologação'}). Confira a UF do endereço da filial.`,
    );
  let entrada: string;
  let tabela: Tabela;
  if (quem === 'AN') {
    entrada = 'AN';
    tabela = dados.urls['55'];
  } else if (quem === 'svc') {
    if (modelo === 65)
      throw new HttpError(
        422,
        'NFCE_SEM_SVC',
        'A NFC-e não tem contingência SVC: use a contingência offline (tpEmis 9).',
      );
    const svc = svcDaUf(uf);
    if (!svc) throw naoAtendida('contingência SVC');
    entrada = svc.nome;
    tabela = dados.urls['55'];
  } else {
    tabela = dados.urls[String(modelo) as '55' | '65'];
    const autorizador = dados.autorizador[String(modelo) as '55' | '65'][uf];
    if (!autorizador || !CODIGO_UF[uf]) throw naoAtendida('autorizador');
    // NFC-e: the table lists every UF with its own addresses (SVRS ones included).
    entrada = modelo === 65 && tabela[uf] ? uf : autorizador;
  }
  const url = tabela[entrada]?.[String(ambiente)]?.[servico];
  if (!url) throw naoAtendida(`o serviço ${servico}`);
  return { url: aplicarUrlBase(url, base), autorizador: entrada };
}
