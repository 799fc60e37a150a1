import { type ComponentType, type JSX, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthShell } from '../auth/AuthShell.tsx';
import { LoginPage } from '../auth/LoginPage.tsx';
import { LogoutPage } from '../auth/LogoutPage.tsx';
import { FullPageLoading } from '../ui/FullPageLoading.tsx';
import { RequireSession } from './RequireSession.tsx';
import { SystemUnavailablePage } from './SystemUnavailablePage.tsx';

/**
 * A route's page loaded when first opened: the login route (where every visit starts) carries only the
 * auth pages; the shell, the screens, sign-up and plans come in their own chunks.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return (props: P) => (
    <Suspense fallback={<FullPageLoading />}>
      <Page {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
}
const MainLayout = lazyPage(() => import('../shell/MainLayout.tsx').then((module) => module.MainLayout));
const ScreenRouter = lazyPage(() =>
  import('../views/ScreenRouter.tsx').then((module) => module.ScreenRouter),
);
const SignUpPage = lazyPage(() => import('../auth/SignUpPage.tsx').then((module) => module.SignUpPage));
const PlansPage = lazyPage(() => import('../pages/PlansPage.tsx').then((module) => module.PlansPage));
const PrivacyPage = lazyPage(() => import('../auth/PrivacyPage.tsx').then((module) => module.PrivacyPage));
const RecoverPasswordPage = lazyPage(() =>
  import('../auth/RecoverPasswordPage.tsx').then((module) => module.RecoverPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../auth/ResetPasswordPage.tsx').then((module) => module.ResetPasswordPage),
);

/** The top-level hash routes of spec 000 §2.1. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="auth" element={<AuthShell />}>
        <Route index element={<LoginPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="login/:userToken" element={<LoginPage />} />
        <Route path="planos/:userToken" element={<LoginPage />} />
        <Route path="recuperar-senha" element={<RecoverPasswordPage />} />
        <Route path="resetar-senha/:accessToken" element={<ResetPasswordPage />} />
        <Route path="cadastrar" element={<SignUpPage />} />
        <Route path="logout" element={<LogoutPage />} />
      </Route>
      <Route path="pages/*" element={<RequireSession area="pages" />}>
        <Route element={<MainLayout area="pages" />}>
          <Route path="*" element={<ScreenRouter />} />
        </Route>
      </Route>
      <Route path="administrador/*" element={<RequireSession area="administrador" />}>
        <Route element={<MainLayout area="administrador" />}>
          <Route path="*" element={<ScreenRouter />} />
        </Route>
      </Route>
      <Route path="planos" element={<PlansPage />} />
      <Route path="cadastrar" element={<SignUpPage embedded />} />
      <Route path="cadastrar-erp" element={<SignUpPage embedded naoCadastrasSuperlogica />} />
      <Route path="cadastrar-erp/*" element={<SignUpPage embedded naoCadastrasSuperlogica />} />
      <Route path="sistema-indisponivel" element={<SystemUnavailablePage />} />
      <Route path="privacidade" element={<PrivacyPage />} />
      <Route path="logout" element={<Navigate to="/auth/logout" replace />} />
      <Route path="*" element={<Navigate to="/pages/dashboard" replace />} />
    </Routes>
  );
}
