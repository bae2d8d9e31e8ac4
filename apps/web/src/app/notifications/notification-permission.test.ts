import { afterEach, describe, expect, it, vi } from 'vitest';
import { askNotificationPermissionOnFirstClick } from './use-notification-socket.ts';

function stubPermission(state: PermissionState) {
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  // Reading Notification.permission would block the page: the check must go through the Permissions API.
  const permission = vi.fn(() => 'default');
  vi.stubGlobal(
    'Notification',
    Object.defineProperty({ requestPermission }, 'permission', { get: permission }),
  );
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: vi.fn(async () => ({ state })) },
  });
  return { requestPermission, permission };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('asking for notification permission', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks on the first click when the browser has not been asked yet, without reading the blocking getter', async () => {
    const { requestPermission, permission } = stubPermission('prompt');
    const stop = askNotificationPermissionOnFirstClick();
    await flush();
    document.dispatchEvent(new Event('pointerdown'));
    document.dispatchEvent(new Event('pointerdown'));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(permission).not.toHaveBeenCalled();
    stop();
  });

  it('does not ask when the user already answered', async () => {
    const { requestPermission } = stubPermission('denied');
    const stop = askNotificationPermissionOnFirstClick();
    await flush();
    document.dispatchEvent(new Event('pointerdown'));
    expect(requestPermission).not.toHaveBeenCalled();
    stop();
  });

  it('does not ask once the page that wanted to has gone', async () => {
    const { requestPermission } = stubPermission('prompt');
    const stop = askNotificationPermissionOnFirstClick();
    stop();
    await flush();
    document.dispatchEvent(new Event('pointerdown'));
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
