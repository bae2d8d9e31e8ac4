import type { Clock } from '../domain/clock.ts';

/**
 * The demo history's time: set to each past moment before the use case that happens then, so
 * creation, sending, signing and completion dates (and the signatures' signing times) fall on the
 * weeks they tell of. It only moves forward, as time does for the rows it stamps.
 */
export class DemoClock implements Clock {
  private t: number;
  constructor(start: Date) {
    this.t = start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  moveTo(at: Date): void {
    this.t = Math.max(this.t, at.getTime());
  }
}
