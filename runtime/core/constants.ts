/**
 * Business constants and user-facing texts of spec 000 §5, §8, §9 and spec 001 §9, in one place so the
 * server and the browser agree. Texts are quoted exactly as the spec writes them.
 */

/** Input limits (spec 000 §5/§9, spec 001 §9). */
export const EMAIL_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 6;
export const PHONE_MAX_LENGTH = 15;
export const CITY_SEARCH_LIMIT = 10;

/** Delays (spec 000 §2.2, §2.3, §4, §9). */
export const LOGOUT_REDIRECT_DELAY_MS = 2000;
export const ANIMATION_DELAY_MS = 500;
export const AUTO_LOGIN_DELAY_MS = 500;
export const HEADER_INIT_WAIT_MS = 500;

/** Value of the stored "news wizard shown" flag (spec 000 §2.4). */
export const NEWS_WIZARD_VERSION = 1;
export const REPORTS_DIALOG_MAX_HEIGHT_PX = 390;

/** Error toasts may persist; these are the durations of the others (spec 000 §9). */
export const TOAST_DURATION_MS = { generic: 4000, success: 5000, warning: 5000, report: 60000 } as const;

export const REPORT_POLL_INTERVAL_MS = 10000;
/** pdf is printed in a new window, xlsx is downloaded. */
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_TYPES = { vendas: 1, fechamentos: 2 } as const;

export const PROCESSING_STATUS = { PROCESSANDO: 0, FINALIZADO: 1, ERRO: 2 } as const;
export type ProcessingStatus = (typeof PROCESSING_STATUS)[keyof typeof PROCESSING_STATUS];
/** Label and colour of each exported-report status (spec 000 §4). */
export const PROCESSING_STATUS_DISPLAY: Record<ProcessingStatus, { label: string; color: string }> = {
  0: { label: 'Processando', color: 'blue' },
  1: { label: 'Finalizado', color: 'green' },
  2: { label: 'Erro', color: 'red' },
};

/** A trial whose due date is more than this many days away is a "long trial" (spec 000 §6). */
export const TRIAL_THRESHOLD_DAYS = 999;

/** Alert date format and grid date-time format (spec 000 §9). */
export const DATE_FORMAT = 'dd/MM/yyyy';
export const DATETIME_FORMAT = 'dd/MM/yyyy HH:mm';
/** Time zone used to show dates when none is given (the spec is silent; the product is Brazilian). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * Browser storage keys (spec 000 §9). TOKEN_ID, INFO and FAVORITOS_{userId} are prefixed with the
 * configuration id; entries starting with CACHE_PREFIX are cleared at logout.
 */
export const STORAGE = {
  TIPE_STORAGE: 'TIPE_STORAGE',
  TOKEN_ID: 'TOKEN_ID',
  INFO: 'INFO',
  FAVORITOS_PREFIX: 'FAVORITOS_',
  CACHE_PREFIX: 'cache:',
} as const;
export const STORAGE_TYPES = ['local', 'session'] as const;

const HOUR_MS = 60 * 60 * 1000;
/** Lifetimes of cached responses, used only when the tenant enables caching (spec 000 §7/§9). */
export const CACHE_TTL_MS = {
  configWhiteLabel: HOUR_MS,
  apiList: 24 * HOUR_MS,
  planoByIdExterno: 24 * HOUR_MS,
  userInfo: HOUR_MS,
  filialSelecionada: HOUR_MS,
} as const;

export const DEFAULT_LOADING_TEXT = 'Carregando, aguarde...';
export const CONFIRM_DIALOG_DEFAULTS = {
  title: 'Confirmação',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
} as const;

/** External CRM (spec 000 §7). */
export const BRAZIL_COUNTRY_CODE = 76;
export const CRM_TYPE = { company: 1, person: 2 } as const;

/** Value of the `sistema` header and of getUserInfo?sistema= (spec 001 §7.3). */
export const SYSTEM_ID = 'novoerp';

export const CURRENCY = { code: 'BRL', prefix: 'R$ ', decimal: ',', thousands: '.', precision: 2 } as const;
export const LOCALE = 'pt-BR';

/** Default check dates are set at this UTC hour (spec 001 §9). */
export const CHECK_DATE_UTC_HOUR = 3;

/** The spec does not show the limit (000 §5: "not shown"); 10 is our choice. */
export const FAVORITES_LIMIT = 10;
/** The spec does not show the default list (000 §5: "not shown"); we choose the dashboard (menu key DASHBOARD). */
export const DEFAULT_FAVORITES: readonly string[] = ['DASHBOARD'];

/**
 * Numeric constants the original exported without names (spec 001 §9). Only 50 is known (e-mail max);
 * 15 and 6 match the phone max and password min, 7 and 8 have no known purpose. Kept for reference only.
 */
export const EXPORTED_NUMERIC_CONSTANTS = [15, 6, 7, 8, 50] as const;

/** All pt-BR texts of spec 000 §2, §5 and §8 (and spec 001 §5/§8). */
export const MESSAGES = {
  validation: {
    required: 'Campo Obrigatório!',
    email: 'E-mail inválido!',
    minLength: (n: number): string => `Mínimo ${n} caracteres!`,
    maxLength: (n: number): string => `Máximo ${n} caracteres!`,
    mismatch: 'Os valores não conferem!',
    min: (n: number | string): string => `Valor mínimo: ${n}`,
    max: (n: number | string): string => `Valor máximo: ${n}`,
    pattern: 'Formato inválido!',
    mask: 'Campo inválido!',
    document: 'Documento inválido',
  },
  prompt: {
    minLength: (n: number): string => `Informe no mínimo ${n} caracteres!`,
    maxLength: (n: number): string => `Informe no máximo ${n} caracteres!`,
  },
  login: {
    loading: 'Carregando...',
    failedTitle: 'Falha ao entrar no sistema',
    failedText: 'Dados inválidos, verifique e-mail/senha e tente novamente',
    /** "Another reading" of the 401 text (spec 000 §8, spec 001 §8). */
    failedTextAlt: 'favor verificar usuário ou senha.',
  },
  recovery: {
    required: 'Campo obrigatório!',
    email: 'E-mail inválido',
    failure: 'E-mail não encontrado para recuperação de senha!',
    success: 'Instruções para recuperar a senha foram enviadas para o e-mail.',
  },
  reset: {
    linkUsed:
      'Atenção! Não foi possível recuperar a sua senha pois o link de recuperação já foi utilizado. Solicite novamente a recuperação de sua senha.',
    success: 'Sua senha foi alterada com sucesso.',
  },
  signUp: {
    heading: 'Cadastre-se e teste nosso sistema',
    highlightDefault: 'GRATUITAMENTE',
    emailRequired: 'O E-mail é obrigatório!',
    termsRequired: 'Você precisa aceitar os termos de uso e política de privacidade!',
    confirmEmail: 'Confirme o E-mail!',
    nameRequired: 'Informe o nome!',
    companyRequired: 'O nome da empresa é obrigatório!',
    stateRequired: 'O Estado é obrigatório!',
    phoneRequired: 'O telefone é obrigatório!',
    cityRequired: 'Informe a cidade!',
    /** Spelled "seguimento" in the spec; kept as written. */
    segmentRequired: 'Informe o seguimento!',
    roleRequired: 'Informe o cargo!',
    /** Not in the spec: shown by the page and answered by the API when the white-label turned sign-up off. */
    disabled: 'O cadastro de novas contas não está disponível. Fale com o suporte para contratar o sistema.',
    tooMany: 'Muitos cadastros em pouco tempo. Aguarde alguns minutos e tente novamente.',
  },
  referral: {
    invalidUrl: 'URL de indicação está inválida, seu cadastro não será categorizado como indicação!',
    invalidLink: 'O link utilizado é inválido!',
    unknownOrigin: 'Não foi possível determinar a sua origem.',
  },
  actionError: {
    title: 'Atenção!',
    text: 'Não foi possível realizar esta ação.',
    detail: (message: string): string => `Detalhe: ${message}`,
    duplicate: 'Registro duplicado, verifique os dados e tente novamente',
  },
  report: {
    alreadyProcessing: 'Relatório já está sendo processado.',
    error: (name: string, format: string): string => `Erro ao gerar ${name} ${format.toUpperCase()}`,
    success: (name: string, format: string): string => `${name} ${format.toUpperCase()} gerado com sucesso!`,
    progress: (name: string, format: string): string => `Gerando ${name} ${format.toUpperCase()}...`,
    progressHint: 'Clique aqui para acompanhar o progresso',
    popupBlocked: 'Habilite as janelas pop-up no navegador para concluir a impressão do relatório.',
    openReport: 'Abrir relatório',
    newExport: 'Nova exportação',
  },
  reportsList: {
    empty: 'Ops, nada encontrado por aqui.',
    stepByStep: 'Passo a passo:',
    importantInfo: 'Informações importantes:',
  },
  favorites: {
    notAMenu: 'Não é possível favoritar esta página.',
    limit: (n: number): string => `Limite de ${n} favoritos`,
    cannotRemoveDefault: (title: string): string => `O menu '${title}' não pode ser removido dos favoritos`,
    error: 'Não foi possível realizar esta ação',
  },
  alerts: {
    empty: 'Sem notificações por enquanto.',
    details: 'Ver detalhes',
    close: 'Fechar',
  },
  header: {
    branchNotInformed: 'Filial: Não informado',
  },
} as const;
