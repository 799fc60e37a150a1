/**
 * The fields of Administrador › White label: each form field (flat, so the tabs/sections layout of the
 * generic forms can place it) with its place in the configuration (spec 001 §3.6) and its pt-BR label.
 * The JSON Schema of each comes from schemas/_meta/tenant-settings.schema.json (see whiteLabelForm.ts).
 */
export interface WhiteLabelField {
  name: string;
  /** Path in the configuration as the API shows it (ConfigWhiteLabel). */
  path: string[];
  label: string;
  help?: string;
  widget?: 'textarea' | 'color' | 'password' | 'radio';
  colSpan?: number;
}

export interface WhiteLabelSection {
  id: string;
  title: string;
  columns: number;
  fields: WhiteLabelField[];
}

export interface WhiteLabelTab {
  id: string;
  title: string;
  sections: WhiteLabelSection[];
}

export const WHITE_LABEL_TABS: WhiteLabelTab[] = [
  {
    id: 'geral',
    title: 'Geral',
    sections: [
      {
        id: 'identificacao',
        title: 'Identificação',
        columns: 2,
        fields: [
          {
            name: 'title',
            path: ['title'],
            label: 'Título',
            help: 'Nome do produto na aba do navegador e no cabeçalho',
          },
          {
            name: 'API_ENDPOINT',
            path: ['API_ENDPOINT'],
            label: 'Endereço da API',
            help: 'Em branco: a mesma origem do sistema',
          },
          {
            name: 'enderecoDownloadPdv',
            path: ['enderecoDownloadPdv'],
            label: 'Endereço de download do PDV',
            help: 'Em branco, o menu Download do PDV fica oculto',
          },
          {
            name: 'cacheAtivo',
            path: ['cacheAtivo'],
            label: 'Guardar respostas em cache no navegador',
            help: 'Configuração por 1 h, informações do usuário por 1 h',
          },
        ],
      },
    ],
  },
  {
    id: 'aparencia',
    title: 'Aparência',
    sections: [
      {
        id: 'tema',
        title: 'Tema',
        columns: 3,
        fields: [
          { name: 'tema', path: ['tema'], label: 'Tema' },
          {
            name: 'customThemeColor',
            path: ['misc', 'customThemeColor'],
            label: 'Cor personalizada',
            help: 'Usada com o tema Personalizado. Uma cor clara demais para texto (contraste abaixo de 4,5:1) é escurecida o mínimo necessário.',
            widget: 'color',
          },
          {
            name: 'secondaryThemeColor',
            path: ['misc', 'secondaryThemeColor'],
            label: 'Cor secundária',
            help: 'Escurecida o mínimo necessário quando clara demais para texto (contraste abaixo de 4,5:1).',
            widget: 'color',
          },
        ],
      },
      {
        id: 'imagens',
        title: 'Imagens',
        columns: 2,
        fields: [
          { name: 'capa', path: ['imagens', 'capa'], label: 'Imagem de capa da tela de entrada' },
          { name: 'linkFavicon', path: ['misc', 'linkFavicon'], label: 'Endereço do favicon' },
        ],
      },
      {
        id: 'telaLogin',
        title: 'Tela de entrada',
        columns: 2,
        fields: [
          {
            name: 'telaLoginTipo',
            path: ['telaLogin', 'tipo'],
            label: 'Ao lado do formulário de entrada',
            widget: 'radio',
          },
          {
            name: 'telaLoginIframeUrl',
            path: ['telaLogin', 'iframeUrl'],
            label: 'Endereço da página incorporada',
          },
          {
            name: 'telaLoginHtml',
            path: ['telaLogin', 'html'],
            label: 'HTML incorporado',
            help: 'Scripts e atributos perigosos são removidos antes de exibir',
            widget: 'textarea',
            colSpan: 2,
          },
        ],
      },
    ],
  },
  {
    id: 'cadastro',
    title: 'Cadastro',
    sections: [
      {
        id: 'cadastroTeste',
        title: 'Cadastro de teste',
        columns: 2,
        fields: [
          {
            name: 'cadastroAtivo',
            path: ['cadastroAtivo'],
            label: 'Oferecer o cadastro (botão Cadastre-se)',
            colSpan: 2,
          },
          {
            name: 'textoDestaqueCadastro',
            path: ['misc', 'textoDestaqueCadastro'],
            label: 'Texto em destaque',
            help: 'Depois de “Cadastre-se e teste nosso sistema”',
          },
          { name: 'textoAlertaCadastro', path: ['misc', 'textoAlertaCadastro'], label: 'Texto de alerta' },
          {
            name: 'planoPadraoIdExterno',
            path: ['planoPadrao', 'idExterno'],
            label: 'Plano dos novos cadastros',
            help: 'Identificador externo do plano',
          },
          {
            name: 'planoPadraoDiasTrial',
            path: ['planoPadrao', 'diasTrial'],
            label: 'Dias de teste dos novos cadastros',
          },
        ],
      },
      {
        id: 'camposCadastro',
        title: 'Campos exibidos no cadastro',
        columns: 3,
        fields: [
          {
            name: 'exibirNomeEmpresaTelaCadastro',
            path: ['misc', 'exibirNomeEmpresaTelaCadastro'],
            label: 'Nome da empresa',
          },
          { name: 'exibirCpfCnpjTelaCadastro', path: ['misc', 'exibirCpfCnpjTelaCadastro'], label: 'CNPJ' },
          {
            name: 'exibirRegimeTelaCadastro',
            path: ['misc', 'exibirRegimeTelaCadastro'],
            label: 'Regime tributário',
          },
          {
            name: 'exibirNomeUsuarioTelaCadastro',
            path: ['misc', 'exibirNomeUsuarioTelaCadastro'],
            label: 'Nome do usuário',
          },
          {
            name: 'exibirTelefoneTelaCadastro',
            path: ['misc', 'exibirTelefoneTelaCadastro'],
            label: 'Telefone',
          },
        ],
      },
    ],
  },
  {
    id: 'documentos',
    title: 'Documentos',
    sections: [
      {
        id: 'documentos',
        title: 'Documentos do cadastro',
        columns: 1,
        fields: [
          {
            name: 'termoUso',
            path: ['documentos', 'termoUso'],
            label: 'Termos de uso',
            help: 'Endereço do documento',
          },
          {
            name: 'politicaPrivacidade',
            path: ['documentos', 'politicaPrivacidade'],
            label: 'Política de privacidade',
            help: 'Endereço do documento',
          },
        ],
      },
    ],
  },
  {
    id: 'integracoes',
    title: 'Integrações',
    sections: [
      {
        id: 'scripts',
        title: 'Scripts e análise',
        columns: 2,
        fields: [
          { name: 'scriptLink', path: ['misc', 'scriptLink'], label: 'Endereço de script' },
          { name: 'adobeAnalytics', path: ['misc', 'adobeAnalytics'], label: 'Adobe Analytics' },
          {
            name: 'scriptIncorporar',
            path: ['misc', 'scriptIncorporar'],
            label: 'Script a incorporar',
            widget: 'textarea',
            colSpan: 2,
          },
        ],
      },
      {
        id: 'crm',
        title: 'CRM (Ploomes): leads dos novos cadastros',
        columns: 3,
        fields: [
          { name: 'ploomesUrl', path: ['misc', 'integracaoPloomes', 'URL'], label: 'Endereço da API do CRM' },
          {
            name: 'ploomesStageId',
            path: ['misc', 'integracaoPloomes', 'STAGE_ID'],
            label: 'Estágio (STAGE_ID)',
          },
          {
            name: 'ploomesToken',
            path: ['misc', 'integracaoPloomes', 'TOKEN'],
            label: 'Chave (TOKEN)',
            widget: 'password',
            help: 'Nunca é exibida depois de gravada; deixe em branco para manter a chave atual.',
          },
        ],
      },
    ],
  },
];

/** Every field of every tab. */
export const WHITE_LABEL_FIELDS: WhiteLabelField[] = WHITE_LABEL_TABS.flatMap((tab) =>
  tab.sections.flatMap((section) => section.fields),
);
