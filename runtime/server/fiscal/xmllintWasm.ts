import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const require = createRequire(import.meta.url);

interface EmscriptenModuleOptions {
  inputFiles: { fileName: string; contents: string }[];
  arguments: string[];
  print(text: string): void;
  printErr(text: string): void;
  onExit(code: number): void;
  onAbort(reason: unknown): void;
  wasmMemory: WebAssembly.Memory;
  instantiateWasm(
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ): object;
}

let carregado:
  | { fabrica: (options: EmscriptenModuleOptions) => unknown; compilado: WebAssembly.Module }
  | undefined;

/**
 * xmllint-wasm's libxml2 build, loaded once per worker thread: its Emscripten factory (xmllint-node.js,
 * which only runs inside a worker) and the WebAssembly module compiled once, so each run only instantiates
 * it (about 15 ms warm, against 150–500 ms for the package's validateXML, which starts a thread and
 * compiles the WebAssembly on every call).
 */
function carregar() {
  if (isMainThread) throw new Error('xmllint-wasm roda apenas dentro de uma worker thread');
  if (!carregado) {
    const caminho = require.resolve('xmllint-wasm/xmllint-node.js');
    const fabrica = require(caminho) as (options: EmscriptenModuleOptions) => unknown;
    const compilado = new WebAssembly.Module(
      readFileSync(caminho.replace(/xmllint-node\.js$/, 'xmllint.wasm')),
    );
    carregado = { fabrica, compilado };
  }
  return carregado;
}

/** 256 MB of WebAssembly memory at most (4,096 pages of 64 KiB): a 990-item note and the XSDs fit easily. */
const MAX_PAGINAS = 4096;

/** Runs xmllint (libxml2 2.13) with `args` over in-memory `arquivos`; its exit code and stderr. */
export function executarXmllint(
  arquivos: { fileName: string; contents: string }[],
  args: string[],
): Promise<{ exitCode: number; stderr: string }> {
  const { fabrica, compilado } = carregar();
  return new Promise((resolve) => {
    let stderr = '';
    fabrica({
      inputFiles: arquivos,
      arguments: args,
      print: () => {},
      printErr: (text) => {
        stderr += `${text}\n`;
      },
      onExit: (exitCode) => resolve({ exitCode, stderr }),
      onAbort: (reason) => resolve({ exitCode: -1, stderr: `WASM abort: ${String(reason)}` }),
      wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: MAX_PAGINAS }),
      instantiateWasm: (imports, receive) => {
        void WebAssembly.instantiate(compilado, imports).then((instance) => receive(instance, compilado));
        return {};
      },
    });
  });
}
