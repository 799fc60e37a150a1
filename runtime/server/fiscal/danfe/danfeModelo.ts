/** What a DANFE (NF-e) or DANFCE (NFC-e) prints, read from the XML by lerNotaParaDanfe. Money as numbers. */

export interface EnderecoDanfe {
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  municipio: string;
  uf: string;
  cep: string;
  telefone: string;
}

export interface ParticipanteDanfe {
  nome: string;
  fantasia: string;
  /** CNPJ (14) or CPF (11), unformatted; '' when absent. */
  documento: string;
  ie: string;
  iest: string;
  email: string;
  endereco: EnderecoDanfe | null;
}

export interface ItemDanfe {
  numero: number;
  codigo: string;
  descricao: string;
  ncm: string;
  /** orig + CST (e.g. 000), or orig + CSOSN (e.g. 0102). */
  cst: string;
  cfop: string;
  unidade: string;
  quantidade: number;
  valorUnitario: number;
  valorTotal: number;
  valorDesconto: number;
  baseIcms: number;
  valorIcms: number;
  aliquotaIcms: number;
  valorIpi: number;
  aliquotaIpi: number;
  informacoesAdicionais: string;
}

export interface TotaisDanfe {
  vBC: number;
  vICMS: number;
  vBCST: number;
  vST: number;
  vII: number;
  vICMSUFRemet: number;
  vFCPUFDest: number;
  vICMSUFDest: number;
  vFCP: number;
  vFCPST: number;
  vProd: number;
  vFrete: number;
  vSeg: number;
  vDesc: number;
  vOutro: number;
  vIPI: number;
  vPIS: number;
  vCOFINS: number;
  vTotTrib: number;
  vNF: number;
}

export interface DanfeModelo {
  modelo: 55 | 65;
  chave: string;
  numero: number;
  serie: number;
  /** dhEmi as in the XML (with its offset). */
  dataEmissao: string;
  dataSaidaEntrada: string;
  /** tpNF: 0 entrada, 1 saída. */
  tipoOperacao: 0 | 1;
  naturezaOperacao: string;
  /** 1 produção, 2 homologação. */
  ambiente: 1 | 2;
  /** tpImp (1 DANFE retrato, 2 paisagem, 4 DANFCE…). */
  tipoImpressao: number;
  /** tpEmis (1 normal; 2, 3, 4, 5, 6, 7, 9 contingência). */
  tipoEmissao: number;
  contingencia: { dataHora: string; justificativa: string } | null;
  emitente: ParticipanteDanfe;
  destinatario: ParticipanteDanfe | null;
  /** protNFe/infProt when the XML is an nfeProc of an authorised note. */
  protocolo: { numero: string; dataHora: string; cStat: string; motivo: string } | null;
  fatura: { numero: string; valorOriginal: number; valorDesconto: number; valorLiquido: number } | null;
  duplicatas: { numero: string; vencimento: string; valor: number }[];
  totais: TotaisDanfe;
  transporte: {
    modalidadeFrete: number;
    transportador: ParticipanteDanfe | null;
    placa: string;
    ufVeiculo: string;
    rntc: string;
    volumes: {
      quantidade: string;
      especie: string;
      marca: string;
      numeracao: string;
      pesoLiquido: number;
      pesoBruto: number;
    }[];
  };
  itens: ItemDanfe[];
  pagamentos: { tPag: string; descricao: string; valor: number }[];
  troco: number;
  informacoesComplementares: string;
  informacoesFisco: string;
  /** NFC-e: infNFeSupl. */
  qrCode: string;
  urlChave: string;
}

/** How the DANFE is marked: cancelled (situação of the note) and the white-label's logo (PNG, JPEG or SVG). */
export interface OpcoesDanfe {
  cancelada?: boolean;
  logo?: { dados: Uint8Array; tipo: string } | null;
  /** Uncompressed content streams (tests read the bars drawn). */
  semCompressao?: boolean;
}
