import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { toast } from '../feedback.tsx';
import { sessionStore, setNavigator } from '../session/client.ts';
import { useSessionTimers } from '../session/use-session.ts';
import { RouteProgress } from './route-progress.tsx';

/** Above every route: lets the API client move the user, runs the session timers, shows progress. */
export function RootShell() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  useEffect(() => {
    setNavigator((to) => {
      void navigate(to);
    });
  }, [navigate]);

  const handleUisExpired = useCallback(() => {
    toast.info(t('messages.uisSessionExpired'));
    sessionStore.clear();
    queryClient.clear();
    void navigate('/login');
  }, [navigate, queryClient, t]);
  useSessionTimers(handleUisExpired);

  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
