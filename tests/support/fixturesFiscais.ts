import type {
  ContadorFiscal,
  ParticipanteFiscal,
} from '../../runtime/server/services/arquivosFiscais/cadastrosFiscais.ts';
import type { ItemFiscal } from '../../runtime/server/services/arquivosFiscais/documentosFiscais.ts';
import type { EmitenteFiscal } from '../../runtime/server/services/arquivosFiscais/emitenteFiscal.ts';

/** Cadastros of the fiscal files' unit tests (no database): an SP company, its contador, participants, items. */

export const emitenteTeste: EmitenteFiscal = {
  filialId: 1,
  nome: 'Empresa “Teste” – Matriz',
  fantasia: 'Teste',
  cnpj: '11444777000161',
  ie: '110042490114',
  im: '',
  uf: 'SP',
  codigoMunicipio: 3550308,
  municipio: 'São Paulo',
  cep: '01310100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: '',
  bairro: 'Bela Vista',
  telefone: '1133334444',
  email: 'fiscal@teste.com.br',
};

export const contadorTeste: ContadorFiscal = {
  nome: 'Carla Contadora',
  cpf: '52998224725',
  crc: 'SP123456O8',
  cnpjEscritorio: '',
  cep: '01001000',
  logradouro: 'Praça da Sé',
  numero: '10',
  complemento: '',
  bairro: 'Sé',
  telefone: '',
  email: 'carla@contab.com.br',
  codigoMunicipio: 3550308,
};

export const participanteTeste = (
  id: number,
  cpfCnpj: string,
  uf: string,
  codigoMunicipio: number,
): ParticipanteFiscal => ({
  id,
  codigo: String(id),
  nome: `Participante ${id}`,
  cpfCnpj,
  ie: '',
  uf,
  codigoMunicipio,
  logradouro: 'Rua A',
  numero: '1',
  complemento: '',
  bairro: 'Centro',
});

/** An item of one unit without taxes (every tax field zero, no CST); `campos` fill what the case needs. */
export const itemTeste = (
  campos: Partial<ItemFiscal> & Pick<ItemFiscal, 'cfop' | 'valorTotal'>,
): ItemFiscal => ({
  numeroItem: 1,
  produtoId: null,
  codigo: null,
  descricao: 'Item',
  ncm: '09012100',
  unidade: 'UN',
  quantidade: 1,
  valorUnitario: campos.valorTotal,
  valorDesconto: 0,
  origem: 0,
  cstIcms: null,
  csosn: null,
  baseIcms: 0,
  aliquotaIcms: 0,
  valorIcms: 0,
  baseIcmsSt: 0,
  valorIcmsSt: 0,
  valorIcmsUfDestino: 0,
  valorFcpUfDestino: 0,
  valorIcmsUfRemetente: 0,
  aliquotaIpi: 0,
  valorIpi: 0,
  cstPis: null,
  aliquotaPis: 0,
  valorPis: 0,
  cstCofins: null,
  aliquotaCofins: 0,
  valorCofins: 0,
  ...campos,
});
