import type { NotificationType } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { notificationSocketUrl, notificationTarget } from './notification-target.ts';

const epak = { id: 'e1', subject: 'Lease' };

describe('notification targets (spec §2)', () => {
  it.each([
    'signRequest',
    'reviewRequest',
    'signCompleted',
    'signDeclined',
    'epakReassignment',
    'signerComments',
    'reviewerComments',
  ] as NotificationType[])(
    '%s opens the ePak over the dashboard searching by its package id',
    (notificationType) => {
      expect(notificationTarget({ notificationType, epak })).toBe(
        '/dashboard?searchKey=all&searchVal=e1&ePakId=e1',
      );
    },
  );
  it('epakDelegated opens the dashboard with ePakId', () => {
    expect(notificationTarget({ notificationType: 'epakDelegated', epak })).toBe('/dashboard?ePakId=e1');
  });
  it('epakDeleted opens the dashboard', () => {
    expect(notificationTarget({ notificationType: 'epakDeleted', epak })).toBe('/dashboard');
  });
});

describe('notification socket URL', () => {
  const session = { notificationPath: '/msbapi/notifications', notificationTransports: ['websocket'] };
  it('carries the token and tenant on the per-user, per-tenant socket', () => {
    expect(notificationSocketUrl('https://x.test', session, 'tok', 't1')).toBe(
      'wss://x.test/msbapi/notifications?access_token=tok&tenant_id=t1',
    );
  });
  it('does not connect without a path, a transport or a token', () => {
    expect(notificationSocketUrl('http://x', { ...session, notificationPath: '' }, 'tok', null)).toBeNull();
    expect(
      notificationSocketUrl('http://x', { ...session, notificationTransports: [] }, 'tok', null),
    ).toBeNull();
    expect(notificationSocketUrl('http://x', session, null, null)).toBeNull();
  });
});
