/** The push notification's schema, loaded on demand by use-notification-socket.ts. */
export { NotificationSchema } from '@signet/contracts';
