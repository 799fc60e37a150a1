/**
 * Saves a file the server generated (base64 of its exact bytes: Windows-1252, CRLF) under its name, so
 * the scale or terminal software reads byte for byte what the server wrote.
 */
export function downloadArquivo(arquivo: { nomeArquivo: string; conteudo: string }) {
  const binary = atob(arquivo.conteudo);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  saveBlob(new Blob([bytes], { type: 'text/plain;charset=windows-1252' }), arquivo.nomeArquivo);
}

/** Saves a binary answer (a ZIP, a file the server wrote) under `nome` through a temporary link. */
export function saveBlob(blob: Blob, nome: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
