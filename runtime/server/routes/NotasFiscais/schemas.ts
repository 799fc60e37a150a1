const money = { type: 'number' } as const;
const percent = { type: 'number', description: 'Percentual (18 = 18 %)' } as const;

const objeto = (campos: Record<string, object>, obrigatorios = Object.keys(campos)) =>
  ({ type: 'object', additionalProperties: false, required: obrigatorios, properties: campos }) as const;
const valores = (nomes: string[], tipo: object = money) =>
  Object.fromEntries(nomes.map((nome) => [nome, tipo]));

const icmsSchema = objeto(
  {
    orig: { type: 'integer' },
    cst: { type: 'string' },
    csosn: { type: 'string' },
    modBC: { type: 'integer' },
    vBC: money,
    pRedBC: percent,
    pICMS: percent,
    vICMS: money,
    pCredSN: percent,
    vCredICMSSN: money,
    st: objeto({
      modBCST: { type: 'integer' },
      pMVAST: percent,
      pRedBCST: percent,
      vBCST: money,
      pICMSST: percent,
      vICMSST: money,
      vBCFCPST: money,
      pFCPST: percent,
      vFCPST: money,
    }),
    diferimento: objeto({ vICMSOp: money, pDif: percent, vICMSDif: money }),
    monofasico: objeto(
      {
        qBCMono: { type: 'number' },
        adRemICMS: { type: 'number', description: 'R$ por unidade' },
        vICMSMono: money,
        vICMSMonoOp: money,
        pDif: percent,
        vICMSMonoDif: money,
        qBCMonoReten: { type: 'number' },
        adRemICMSReten: { type: 'number', description: 'R$ por unidade' },
        vICMSMonoReten: money,
      },
      ['qBCMono', 'adRemICMS', 'vICMSMono'],
    ),
    monofasicoRetido: objeto({
      qBCMonoRet: { type: 'number' },
      adRemICMSRet: { type: 'number', description: 'R$ por unidade' },
      vICMSMonoRet: money,
    }),
    stRetido: objeto({ vBCSTRet: money, pST: percent, vICMSSubstituto: money, vICMSSTRet: money }),
    difal: objeto({
      ...valores(['vBCUFDest', 'vBCFCPUFDest', 'vFCPUFDest', 'vICMSUFDest', 'vICMSUFRemet']),
      ...valores(['pFCPUFDest', 'pICMSUFDest', 'pICMSInter', 'pICMSInterPart'], percent),
    }),
  },
  ['orig', 'vBC', 'pRedBC', 'pICMS', 'vICMS', 'pCredSN', 'vCredICMSSN'],
);

const itemSchema = objeto(
  {
    numeroItem: { type: 'integer' },
    descricao: { type: 'string' },
    ncm: { type: 'string' },
    cfop: { type: 'string' },
    ...valores(['vProd', 'vDesc', 'vFrete', 'vSeg', 'vOutro', 'vTotTrib', 'vItem']),
    icms: icmsSchema,
    ipi: objeto({
      cst: { type: 'string' },
      cEnq: { type: 'string' },
      vBC: money,
      pIPI: percent,
      vIPI: money,
    }),
    pis: objeto({ cst: { type: 'string' }, vBC: money, pPIS: percent, vPIS: money }),
    cofins: objeto({ cst: { type: 'string' }, vBC: money, pCOFINS: percent, vCOFINS: money }),
    ibsCbs: objeto({
      cst: { type: 'string' },
      cClassTrib: { type: 'string' },
      ...valores(['vBC', 'vIBSUF', 'vIBSMun', 'vIBS', 'vCBS']),
      ...valores(['pIBSUF', 'pIBSMun', 'pCBS'], percent),
    }),
  },
  [
    'numeroItem',
    'cfop',
    'vProd',
    'vDesc',
    'vFrete',
    'vSeg',
    'vOutro',
    'vTotTrib',
    'vItem',
    'icms',
    'pis',
    'cofins',
  ],
);

const TOTAIS = [
  'vBC',
  'vICMS',
  'vICMSDeson',
  'vFCPUFDest',
  'vICMSUFDest',
  'vICMSUFRemet',
  'vFCP',
  'vBCST',
  'vST',
  'vFCPST',
  'vFCPSTRet',
  'vProd',
  'vFrete',
  'vSeg',
  'vDesc',
  'vII',
  'vIPI',
  'vIPIDevol',
  'vPIS',
  'vCOFINS',
  'vOutro',
  'vNF',
  'vTotTrib',
];

const totaisSchema = objeto(
  {
    ...valores(TOTAIS),
    ibsCbs: objeto(valores(['vBCIBSCBS', 'vIBSUF', 'vIBSMun', 'vIBS', 'vCBS'])),
    monofasico: objeto(
      valores(['qBCMono', 'vICMSMono', 'qBCMonoReten', 'vICMSMonoReten', 'qBCMonoRet', 'vICMSMonoRet']),
    ),
  },
  TOTAIS,
);

export const modeloQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { modelo: { type: 'integer', enum: [55, 65], default: 55, description: '55 NF-e, 65 NFC-e' } },
} as const;

export const previaResponse = objeto({
  modelo: { type: 'integer', enum: [55, 65] },
  idDest: { type: 'integer', enum: [1, 2, 3], description: '1 interna, 2 interestadual, 3 exterior' },
  consumidorFinal: {
    type: 'boolean',
    description:
      'indFinal: pela natureza de operação quando ela informa; senão, não contribuinte é consumidor final',
  },
  itens: { type: 'array', items: itemSchema },
  totais: totaisSchema,
});

export const xmlBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    modelo: { type: 'integer', enum: [55, 65], default: 55 },
    serie: {
      type: 'integer',
      minimum: 0,
      maximum: 889,
      description: 'Padrão: a da nota ou a da configuração fiscal',
    },
    numero: {
      type: 'integer',
      minimum: 1,
      maximum: 999999999,
      description: 'Padrão: o da nota ou o próximo número da configuração fiscal (não é reservado)',
    },
    versaoQrCode: {
      type: 'integer',
      enum: [2, 3],
      description:
        'NFC-e: versão do QR Code. Padrão: a da configuração fiscal; sem ela, 2 quando a filial tem CSC e 3 quando não tem',
    },
  },
} as const;

export const xmlResponse = objeto({
  valido: { type: 'boolean', description: 'O XML assinado passou na validação do schema oficial' },
  pacote: { type: 'string', description: 'Pacote de schemas usado (PL)' },
  erros: {
    type: 'array',
    items: objeto({
      campo: { type: 'string', description: 'Caminho do campo no XML' },
      mensagem: { type: 'string' },
      original: { type: 'string', description: 'Mensagem do validador (libxml2)' },
    }),
  },
  chave: { type: 'string' },
  modelo: { type: 'integer', enum: [55, 65] },
  serie: { type: 'integer' },
  numero: { type: 'integer' },
  ambiente: { type: 'integer', enum: [1, 2], description: '1 produção, 2 homologação' },
  xml: { type: 'string', description: 'A NFe assinada (sem protocolo: nada foi transmitido)' },
});
