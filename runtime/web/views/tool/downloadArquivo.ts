/**
 * Saves a file the server generated (base64 of its exact bytes: Windows-1252, CRLF) under its name, so
 * the scale or terminal software reads byte for byte what the server wrote.
 */
export function downloadArquivo(arquivo: { nomeArquivo: string; conteudo: string }) {
  const binary = atob(arquivo.conteudo);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'text/plain;charset=windows-1252' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = arquivo.nomeArquivo;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
