/** Placeholder wired into the header; its feature fills it in. */
export function NewsWizard(_props: Record<string, unknown>) {
  return null;
}
