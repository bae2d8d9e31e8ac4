export interface Announcement {
  text: string;
  startTime: string;
  endTime: string;
}

/** Whether the banner shows now, and in how many ms that changes (null: never again). */
export function announcementState(
  a: Announcement | null | undefined,
  now: number,
): { visible: boolean; changesInMs: number | null } {
  if (!a) return { visible: false, changesInMs: null };
  const start = Date.parse(a.startTime);
  const end = Date.parse(a.endTime);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return { visible: false, changesInMs: null };
  if (now < start) return { visible: false, changesInMs: start - now };
  if (now < end) return { visible: true, changesInMs: end - now };
  return { visible: false, changesInMs: null };
}

/** The routes on which the banner is evaluated (spec §2). */
export const ANNOUNCEMENT_ROUTES: readonly string[] = ['/login', '/dashboard', '/authenticate'];
