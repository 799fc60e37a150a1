import type { FastifyInstance } from 'fastify';
import { pingRoutes } from './ping/index.ts';
import { usuariosAuthRoutes } from './Usuarios/auth.ts';
import { usuariosCadastroRoutes } from './Usuarios/cadastro.ts';

/** Every route module, registered in this order (one folder per API area). */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [
  pingRoutes,
  usuariosAuthRoutes,
  usuariosCadastroRoutes,
];
