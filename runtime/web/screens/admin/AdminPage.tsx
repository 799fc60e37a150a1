import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useSession } from '../../app/RuntimeContext.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { AccessDeniedPage } from '../../views/AccessDeniedPage.tsx';

interface AdminPageProps {
  /** The menu entry's title (schemas/menus/admin.menu.json), shown as the page's h1. */
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  /** Entries the spec reserves to platform staff (spec 000 §6: "only for isAvanco"). */
  avancoOnly?: boolean;
  maxWidth?: number;
  children: ReactNode;
}

/**
 * Frame of an administrator-area screen: the menu's conditions enforced again (a company administrator
 * passes the permission check but is not platform staff), the h1 and the page's actions.
 */
export function AdminPage({
  title,
  description,
  actions,
  avancoOnly,
  maxWidth = 1200,
  children,
}: AdminPageProps) {
  const { user } = useSession();
  const allowed = avancoOnly ? user?.isAvanco === true : user?.isAvanco === true || user?.master === true;
  if (!allowed) return <AccessDeniedPage />;
  return (
    <Box sx={{ maxWidth, mx: 'auto' }}>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </Box>
  );
}
