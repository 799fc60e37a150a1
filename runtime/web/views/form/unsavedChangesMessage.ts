/** Asked before leaving a form with unsaved changes (the spec is silent on the wording). */
export const UNSAVED_CHANGES_MESSAGE = 'Existem alterações não salvas. Deseja sair sem salvar?';
