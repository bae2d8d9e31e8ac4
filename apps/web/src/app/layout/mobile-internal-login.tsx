import { useLayoutEffect } from 'react';
import { Navigate } from 'react-router';
import { markMobileApp } from './mobile-app.ts';

/**
 * `/mobileinternallogin` (spec §1, §2): the mobile app's way in. The session counts as the mobile
 * app from here on (no reports), then the ordinary sign-in, which sends a signed-in user home.
 */
export function MobileInternalLogin() {
  // Before <Navigate>'s own effect moves on.
  useLayoutEffect(() => markMobileApp(), []);
  return <Navigate to="/login" replace />;
}
