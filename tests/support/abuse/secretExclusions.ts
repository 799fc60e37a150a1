/**
 * Operations whose answers still carry a planted secret on this branch, each with the reason. The abuse
 * suite checks every other operation for secrets; remove an entry when its fix is merged.
 */
const CSC_READABLE =
  'fixed on branch authz (secrets write-only): the configuracaoNfe record returns cscToken';

export const SECRET_EXCLUSIONS: Record<string, string> = {
  configuracoesNfeFind: CSC_READABLE,
  configuracoesNfeFindById: CSC_READABLE,
  configuracoesNfeCreate: CSC_READABLE,
  configuracoesNfeReplaceById: CSC_READABLE,
  configuracoesNfePatchById: CSC_READABLE,
};
