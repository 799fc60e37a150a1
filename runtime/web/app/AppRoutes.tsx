import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthShell } from '../auth/AuthShell.tsx';
import { LoginPage } from '../auth/LoginPage.tsx';
import { LogoutPage } from '../auth/LogoutPage.tsx';
import { PrivacyPage } from '../auth/PrivacyPage.tsx';
import { RecoverPasswordPage } from '../auth/RecoverPasswordPage.tsx';
import { ResetPasswordPage } from '../auth/ResetPasswordPage.tsx';
import { SignUpPage } from '../auth/SignUpPage.tsx';
import { PlansPage } from '../pages/PlansPage.tsx';
import { MainLayout } from '../shell/MainLayout.tsx';
import { ScreenRouter } from '../views/ScreenRouter.tsx';
import { RequireSession } from './RequireSession.tsx';
import { SystemUnavailablePage } from './SystemUnavailablePage.tsx';

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
