import { describe, expect, it } from 'vitest';
import { STAFF_FLAGS, usuarioFlagRefusal, usuarioPerfilRefusal } from './usuarioFlagRefusal.ts';

const staff = { isAvanco: true };
const master = { master: true, perfilAdmin: true };
const admin = { perfilAdmin: true };
const contador = { isContador: true };
const vendedor = { permissoes: { CONFIG_USUARIOS: 4 } };

describe('usuarioFlagRefusal', () => {
  it.each(STAFF_FLAGS)('lets only platform staff set or clear %s', (flag) => {
    expect(usuarioFlagRefusal(staff, flag, true, false)).toBeNull();
    expect(usuarioFlagRefusal(staff, flag, false, false)).toBeNull();
    for (const actor of [master, admin, contador, vendedor]) {
      expect(usuarioFlagRefusal(actor, flag, true, false)).toContain('equipe da plataforma');
      expect(usuarioFlagRefusal(actor, flag, false, false)).toContain('equipe da plataforma');
    }
  });

  it.each(['perfilAdmin', 'isContador'] as const)(
    'lets administrators, accountants and staff set %s',
    (flag) => {
      for (const actor of [staff, master, admin, contador])
        expect(usuarioFlagRefusal(actor, flag, true, false)).toBeNull();
      expect(usuarioFlagRefusal(vendedor, flag, true, false)).toContain('Somente um administrador');
      expect(usuarioFlagRefusal({ master: true }, flag, true, false)).toContain('Somente um administrador');
    },
  );

  it('refuses any flag raised on one’s own account, even to staff', () => {
    expect(usuarioFlagRefusal(staff, 'master', true, true)).toContain('próprios acessos');
    expect(usuarioFlagRefusal(contador, 'perfilAdmin', true, true)).toContain('próprios acessos');
    expect(usuarioFlagRefusal(admin, 'perfilAdmin', false, true)).toBeNull();
  });
});

describe('usuarioPerfilRefusal', () => {
  it('refuses a perfil change on one’s own account unless the user already holds every right', () => {
    expect(usuarioPerfilRefusal(vendedor, true)).toContain('próprios acessos');
    expect(usuarioPerfilRefusal({ master: true }, true)).toContain('próprios acessos');
    expect(usuarioPerfilRefusal(admin, true)).toBeNull();
    expect(usuarioPerfilRefusal(staff, true)).toBeNull();
    expect(usuarioPerfilRefusal(vendedor, false)).toBeNull();
  });
});
