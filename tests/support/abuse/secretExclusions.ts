/**
 * Operations whose answers still carry a planted secret on this branch, each with the reason. The abuse
 * suite checks every other operation for secrets; remove an entry when its fix is merged.
 */
export const SECRET_EXCLUSIONS: Record<string, string> = {};
