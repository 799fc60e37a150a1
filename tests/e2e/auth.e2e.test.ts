import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOADING_TEXT, MESSAGES } from '../../runtime/core/constants.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { readMail } from './support/readMail.ts';

/** Whole browser flows (sign-up, recovery) take longer than the default 30 s on a busy machine. */
const FLOW_TIMEOUT_MS = 90_000;

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

/** Chromium logs every 4xx answer as a console error; the ones a test provokes on purpose are expected. */
const unexpected = (errors: string[], ...statuses: number[]) =>
  errors.filter(
    (error) =>
      !statuses.some((status) =>
        error.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );

/** A person who has already seen the news wizard, so the dashboard is not covered by it. */
async function newsSeen(context: BrowserContext) {
  await context.addInitScript(() => {
    window.localStorage.setItem('demoNOVIDADES', '1');
    window.localStorage.setItem('verdeNOVIDADES', '1');
  });
}

async function apiLogin(email: string, password = 'demo1234'): Promise<string> {
  const response = await fetch(`http://localhost:${harness.port}/api/Usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', sistema: 'novoerp' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** harness.newPage with waits shorter than the test timeout, so a failure names the missing element. */
async function newPage() {
  const opened = await harness.newPage();
  opened.page.setDefaultTimeout(10_000);
  return opened;
}

const userCard = (page: Page) => page.getByRole('button', { name: 'Menu do usuário' });

describe('login', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('shows the validation messages only after a submit, lowercases the e-mail and offers Cadastre-se', async () => {
    const { page, errors } = await newPage();
    await page.goto(harness.url('auth/login'));
    const entrar = page.getByRole('button', { name: 'Entrar' });
    await entrar.waitFor();
    expect(await page.getByText(MESSAGES.validation.required).count()).toBe(0);
    await page.getByRole('link', { name: 'Cadastre-se' }).waitFor();
    await page.getByRole('link', { name: 'ESQUECI MINHA SENHA' }).waitFor();
    await entrar.click();
    await expect.poll(() => page.getByText(MESSAGES.validation.required).count()).toBe(2);
    await page.getByLabel('E-mail').fill('Nome.SEM.Arroba');
    expect(await page.getByLabel('E-mail').inputValue()).toBe('nome.sem.arroba');
    await page.getByLabel('Senha', { exact: true }).fill('123');
    await page.getByText(MESSAGES.validation.email).waitFor();
    await page.getByText(MESSAGES.validation.minLength(6)).waitFor();
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    expect(await page.getByLabel('Senha', { exact: true }).getAttribute('type')).toBe('text');
    await harness.screenshot(page, 'auth-login-validation');
    expect(errors).toEqual([]);
  });

  it('shows Carregando... while the call runs and the 401 dialog with the spec text', async () => {
    const { page, errors } = await newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/Usuarios/login*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(harness.url('auth/login'));
    await page.getByLabel('E-mail').fill('demo@erp.local');
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const busy = page.getByRole('button', { name: MESSAGES.login.loading });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    const dialog = page.getByRole('dialog', { name: MESSAGES.login.failedTitle });
    await dialog.getByText(MESSAGES.login.failedText).waitFor();
    await harness.screenshot(page, 'auth-login-401');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(page.url()).toMatch(/#\/auth\/login$/);
    expect(unexpected(errors, 401)).toEqual([]);
  });

  it('sends staff, accountants and everyone else to their destinations; a session skips the login', async () => {
    const destinations: [string, RegExp][] = [
      ['admin@erp.local', /#\/administrador\/configuracoes\/dashboard$/],
      ['contador@erp.local', /#\/pages\/nfe\/exportar-xml-nfe$/],
      ['demo@erp.local', /#\/pages\/dashboard$/],
    ];
    for (const [email, destination] of destinations) {
      const { page, context } = await newPage();
      await newsSeen(context);
      await harness.login(page, email);
      await expect.poll(() => page.url()).toMatch(destination);
      if (email === 'demo@erp.local') {
        await page.goto(harness.url('auth/login'));
        await page.waitForURL(/#\/pages\/dashboard$/);
        await userCard(page).getByText('Ana Demonstração').waitFor();
      }
      await context.close();
    }
  });

  it('logs in with login/{token}, and #/logout ends the session after the spec delay', async () => {
    const token = await apiLogin('demo@erp.local');
    const { page, context, errors } = await newPage();
    await newsSeen(context);
    await page.goto(harness.url(`auth/login/${token}`));
    await page.waitForURL(/#\/pages\/dashboard$/);
    await userCard(page).getByText('Ana Demonstração').waitFor();
    expect(errors).toEqual([]);

    await page.goto(harness.url('logout'));
    await page.waitForURL(/#\/auth\/logout$/);
    await page.getByText('Saindo do sistema…').waitFor();
    await page.waitForURL(/#\/auth\/login$/);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const info = await fetch(`http://localhost:${harness.port}/api/Usuarios/getUserInfo?sistema=novoerp`, {
      headers: { Authorization: token, sistema: 'novoerp' },
    });
    expect(info.status).toBe(401);
    // A dashboard request still in flight when the token is revoked may get its 401; nothing else may fail.
    expect(errors.filter((error) => !error.includes('status of 401 (Unauthorized)'))).toEqual([]);
  });
});

describe('sign-up', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('shows every message of spec 000 §5 only after a submit; Confirmar needs the terms', async () => {
    const { page, errors } = await newPage();
    await page.goto(harness.url('auth/login'));
    await page.getByRole('link', { name: 'Cadastre-se' }).click();
    await page.waitForURL(/#\/auth\/cadastrar$/);
    await page.getByRole('heading', { name: MESSAGES.signUp.heading }).waitFor();
    await page.getByText('GRATUITAMENTE').waitFor();
    await page.getByText('Teste grátis por 15 dias, sem cartão de crédito.').waitFor();
    const confirmar = page.getByRole('button', { name: 'Confirmar' });
    expect(await confirmar.isDisabled()).toBe(true);
    const s = MESSAGES.signUp;
    const shown = [s.companyRequired, s.nameRequired, s.phoneRequired, s.stateRequired, s.cityRequired];
    for (const text of [...shown, s.emailRequired]) expect(await page.getByText(text).count()).toBe(0);

    const terms = page.getByRole('checkbox', { name: /Li e aceito os termos de uso/ });
    await terms.check();
    await confirmar.click();
    for (const text of [...shown, s.emailRequired]) await page.getByText(text).waitFor();
    // CNPJ/CPF, senha and confirmaSenha.
    expect(await page.getByText(MESSAGES.validation.required).count()).toBe(3);
    await harness.screenshot(page, 'auth-signup-messages');

    await page.getByLabel('CNPJ/CPF').pressSequentially('11111111111');
    await page.getByLabel('Telefone').pressSequentially('119');
    await page.getByLabel('E-mail').fill('sem-arroba');
    await page.getByLabel('Senha', { exact: true }).fill('123');
    await page.getByLabel('Confirmar senha').fill('1234');
    for (const text of [
      MESSAGES.validation.document,
      MESSAGES.validation.mask,
      MESSAGES.validation.email,
      MESSAGES.validation.minLength(6),
      MESSAGES.validation.mismatch,
    ])
      await page.getByText(text, { exact: true }).waitFor();
    await terms.uncheck();
    await page.getByText(s.termsRequired).waitFor();
    expect(await confirmar.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('signs up on localhost with every field, masks and city search, and lands logged in', async () => {
    const { page, context, errors } = await newPage();
    await newsSeen(context);
    const indicante = Buffer.from(JSON.stringify({ nome: 'Parceiro Contábil' })).toString('base64');
    await page.goto(
      `http://localhost:${harness.port}/?campo2=google&indicante=${encodeURIComponent(indicante)}#/auth/cadastrar?campo1=anuncio`,
    );
    const terms = page.getByRole('link', { name: 'termos de uso' });
    expect(await terms.getAttribute('href')).toBe('/tenants/demo/assets/termos-de-uso.html');
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'política de privacidade' }).getAttribute('href')).toBe(
      '/tenants/demo/assets/politica-de-privacidade.html',
    );

    await page.getByLabel('Nome da empresa').fill('Padaria Pão Quente Ltda');
    const documento = page.getByLabel('CNPJ/CPF');
    await documento.pressSequentially('12abc34501de35');
    expect(await documento.inputValue()).toBe('12.ABC.345/01DE-35');
    await documento.fill('');
    await documento.pressSequentially('11222333000181');
    expect(await documento.inputValue()).toBe('11.222.333/0001-81');
    await page.getByRole('combobox', { name: /Regime tributário/ }).click();
    await page.getByRole('option', { name: 'Lucro Presumido' }).click();
    await page.getByLabel('Seu nome').fill('Carlos Cadastro');
    const telefone = page.getByLabel('Telefone');
    await telefone.pressSequentially('1133334444');
    expect(await telefone.inputValue()).toBe('(11) 3333-4444');
    await telefone.fill('');
    await telefone.pressSequentially('11987654321');
    expect(await telefone.inputValue()).toBe('(11) 9 8765-4321');
    await page.getByRole('combobox', { name: /Estado/ }).click();
    await page.getByRole('option', { name: 'São Paulo' }).click();
    await page.getByRole('combobox', { name: 'Cidade' }).fill('sao pau');
    await page.getByRole('option', { name: 'São Paulo' }).click();
    await page.getByLabel('E-mail').fill('Carlos@Padaria.COM');
    expect(await page.getByLabel('E-mail').inputValue()).toBe('carlos@padaria.com');
    await page.getByLabel('Senha', { exact: true }).fill('padaria123');
    await page.getByLabel('Confirmar senha').fill('padaria123');
    const confirmar = page.getByRole('button', { name: 'Confirmar' });
    expect(await confirmar.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await expect.poll(() => confirmar.isEnabled()).toBe(true);
    await harness.screenshot(page, 'auth-signup-filled');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/Usuarios/cadastro', async (route) => {
      await held;
      await route.continue();
    });
    await confirmar.click();
    await page.getByRole('button', { name: MESSAGES.login.loading }).waitFor();
    await page.getByRole('status').getByText(DEFAULT_LOADING_TEXT).waitFor();
    release();
    await page.waitForURL(/#\/pages\/dashboard$/);
    await userCard(page).getByText('Carlos Cadastro').waitFor();
    await harness.screenshot(page, 'auth-signup-dashboard');

    const empresa = await harness.server.db.withSystem((tx) =>
      tx.one<Record<string, unknown>>(
        `SELECT e.cpf_cnpj, e.regime, e.telefone, e.uf, e.codigo_municipio, e.indicante, e.campos_cadastro,
                e.nao_cadastrar_superlogica, u.nome
           FROM usuario u JOIN empresa e ON e.id = u.empresa_id WHERE u.email = 'carlos@padaria.com'`,
      ),
    );
    expect(empresa).toMatchObject({
      cpf_cnpj: '11222333000181',
      regime: 3,
      telefone: '11987654321',
      uf: 'SP',
      codigo_municipio: 3550308,
      indicante: { nome: 'Parceiro Contábil' },
      campos_cadastro: { campo1: 'anuncio', campo2: 'google' },
      nao_cadastrar_superlogica: false,
      nome: 'Carlos Cadastro',
    });
    expect(errors).toEqual([]);
  });

  it('shows only the verde white-label fields and signs up there', async () => {
    const { page, context, errors } = await newPage();
    await newsSeen(context);
    await page.goto(harness.url('auth/cadastrar', 'verde.localhost'));
    await page.getByRole('heading', { name: MESSAGES.signUp.heading }).waitFor();
    await page.getByText('POR 30 DIAS').waitFor();
    expect(await page.getByLabel('CNPJ/CPF').count()).toBe(0);
    expect(await page.getByLabel('Seu nome').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /Regime tributário/ }).count()).toBe(0);
    await page.getByLabel('Nome da empresa').fill('Quitanda Verde');
    await page.getByLabel('Telefone').pressSequentially('3132221100');
    await page.getByRole('combobox', { name: /Estado/ }).click();
    await page.getByRole('option', { name: 'Minas Gerais' }).click();
    await page.getByRole('combobox', { name: 'Cidade' }).fill('belo');
    await page.getByRole('option', { name: 'Belo Horizonte' }).click();
    await page.getByLabel('E-mail').fill('quitanda@verde.com');
    await page.getByLabel('Senha', { exact: true }).fill('verde123');
    await page.getByLabel('Confirmar senha').fill('verde123');
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    const confirmar = page.getByRole('button', { name: 'Confirmar' });
    await expect.poll(() => confirmar.isEnabled()).toBe(true);
    await harness.screenshot(page, 'auth-signup-verde');
    await confirmar.click();
    await page.waitForURL(/#\/pages\/dashboard$/);
    await userCard(page).getByText('quitanda@verde.com').waitFor();
    expect(errors).toEqual([]);
  });

  it('warns once about an invalid referral on the embedded page, and Já tenho login slides to the login', async () => {
    const { page, errors } = await newPage();
    await page.goto(harness.url('cadastrar-erp?indicante=isto-nao-e-base64%21'));
    const warning = page.getByText(MESSAGES.referral.invalidUrl);
    await warning.waitFor();
    expect(await warning.count()).toBe(1);
    await page.getByRole('heading', { name: MESSAGES.signUp.heading }).waitFor();
    await harness.screenshot(page, 'auth-signup-embedded');
    await page.getByRole('button', { name: 'Já tenho login' }).click();
    await page.waitForURL(/#\/auth\/login$/);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('plans', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('asks for a session, lists the plans and contracts one for the trial company', async () => {
    const { page, context, errors } = await newPage();
    await newsSeen(context);
    await page.goto(harness.url('planos'));
    await page.waitForURL(/#\/auth\/login$/);
    await harness.login(page, 'trial@erp.local');
    await page.goto(harness.url('planos'));
    await page.getByRole('heading', { name: 'Planos', exact: true }).waitFor();
    await page.getByText('Período de teste').waitFor();
    const basico = page.getByRole('article', { name: 'Básico' });
    await basico.getByText('R$ 89,90').waitFor();
    await page.getByRole('article', { name: 'Completo' }).getByText('R$ 189,90').waitFor();
    expect(await page.getByRole('article', { name: 'Teste grátis' }).count()).toBe(0);
    await harness.screenshot(page, 'plans');
    await basico.getByRole('button', { name: 'Contratar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contratar plano' });
    await dialog.getByText('Deseja contratar o plano Básico por R$ 89,90 por mês?').waitFor();
    await dialog.getByRole('button', { name: 'Contratar' }).click();
    await page.getByText('Plano contratado com sucesso!').waitFor();
    await page.waitForURL(/#\/pages\/dashboard$/);
    await page.getByText('Ativo', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});

// Last: it changes demo@erp.local's password.
describe('password recovery', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('warns about an unknown e-mail and shows the messages on Enter while Recuperar Senha is disabled', async () => {
    const { page, errors } = await newPage();
    await page.goto(harness.url('auth/login'));
    await page.getByRole('link', { name: 'ESQUECI MINHA SENHA' }).click();
    await page.getByRole('heading', { name: 'Esqueceu sua senha?' }).waitFor();
    const recuperar = page.getByRole('button', { name: 'Recuperar Senha' });
    expect(await recuperar.isDisabled()).toBe(true);
    const email = page.getByLabel('E-mail');
    await email.press('Enter');
    await page.getByText(MESSAGES.recovery.required).waitFor();
    await email.fill('ninguem');
    await page.getByText(MESSAGES.recovery.email, { exact: true }).waitFor();
    await harness.screenshot(page, 'auth-recover-messages');
    await email.fill('ninguem@erp.local');
    await recuperar.click();
    await page.getByText(MESSAGES.recovery.failure).waitFor();
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await page.waitForURL(/#\/auth\/login$/);
    expect(unexpected(errors, 404)).toEqual([]);
  });

  it('e-mails the link, resets the password once, logs in with it and refuses the used link', async () => {
    const { page, context, errors } = await newPage();
    await newsSeen(context);
    await page.goto(harness.url('auth/recuperar-senha'));
    await page.getByLabel('E-mail').fill('demo@erp.local');
    await page.getByRole('button', { name: 'Recuperar Senha' }).click();
    await page.getByText(MESSAGES.recovery.success).waitFor();
    await page.waitForURL(/#\/auth\/login$/);

    const mail = await readMail(harness.server.config.mailDir, 'demo@erp.local');
    const token = /#\/auth\/resetar-senha\/([\w-]+)/.exec(mail ?? '')?.[1];
    expect(token).toBeTruthy();
    await page.goto(harness.url(`auth/resetar-senha/${token}`));
    await page.getByRole('heading', { name: 'Recupere sua senha' }).waitFor();
    const confirmar = page.getByRole('button', { name: 'Confirmar' });
    expect(await confirmar.isDisabled()).toBe(true);
    await page.getByLabel('Nova Senha').fill('nova-senha-1');
    await page.getByLabel('Confirmar Senha').fill('outra');
    await page.getByLabel('Confirmar Senha').press('Enter');
    await page.getByText(MESSAGES.validation.mismatch).waitFor();
    await harness.screenshot(page, 'auth-reset-messages');
    await page.getByLabel('Confirmar Senha').fill('nova-senha-1');
    await confirmar.click();
    await page.getByText(MESSAGES.reset.success).waitFor();
    await page.waitForURL(/#\/auth\/login$/);
    await harness.login(page, 'demo@erp.local', { password: 'nova-senha-1' });
    await userCard(page).getByText('Ana Demonstração').waitFor();

    const { page: again, errors: againErrors } = await newPage();
    await again.goto(harness.url(`auth/resetar-senha/${token}`));
    await again.getByLabel('Nova Senha').fill('mais-uma-1');
    await again.getByLabel('Confirmar Senha').fill('mais-uma-1');
    await again.getByRole('button', { name: 'Confirmar' }).click();
    await again
      .getByRole('dialog', { name: 'Recupere sua senha' })
      .getByText(MESSAGES.reset.linkUsed)
      .waitFor();
    await harness.screenshot(again, 'auth-reset-link-used');
    expect(again.url()).toMatch(/#\/auth\/resetar-senha\//);
    expect(errors).toEqual([]);
    expect(unexpected(againErrors, 410)).toEqual([]);
  });
});
