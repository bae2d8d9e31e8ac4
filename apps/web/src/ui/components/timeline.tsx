import { Timeline as MantineTimeline, Text } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DatePreferences, formatDate } from '../../app/i18n/dates.ts';
import { formatRelative } from '../../app/i18n/relative-time.ts';
import type { StatusTone } from '../tokens/status-colours.ts';

export interface TimelineEvent {
  /** Unique in the list (the entry's sequence number). */
  id: string;
  /** The sentence, already translated, with the actor: "Sara Signer signed Offer". */
  text: ReactNode;
  /** A second line when the event carries words of its own (a comment, a reason). */
  detail?: ReactNode;
  /** When it happened (ISO 8601). */
  at: string;
  /** The event's tone (ui/tokens/status-colours.ts): its bullet is drawn in the tone's mark. */
  tone: StatusTone;
  /** A Tabler icon component (`IconSignature`), drawn white in the bullet. */
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

export interface TimelineProps {
  events: readonly TimelineEvent[];
  /** The user's date format and time zone, for the full date on hover. */
  prefs: DatePreferences;
  /** "Now" for the relative times (tests); the moment of rendering otherwise. */
  now?: Date;
  'data-testid'?: string;
}

/**
 * What happened, oldest first: one sentence per event with who did it, an icon in the event's
 * status colour, and how long ago ("2 min. ago") with the full date and time on hover (the
 * `<time>` element's title). The caller passes the sentences already translated.
 */
export function Timeline({ events, prefs, now, 'data-testid': testId }: TimelineProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const moment = now ?? new Date();
  return (
    <MantineTimeline active={events.length - 1} bulletSize={26} lineWidth={2} data-testid={testId}>
      {events.map((event) => {
        const Icon = event.icon;
        const full = formatDate(event.at, prefs, true);
        return (
          <MantineTimeline.Item
            key={event.id}
            color={event.tone.mark}
            bullet={<Icon size={15} stroke={2} />}
            data-testid="timeline-event"
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {event.text}
            </Text>
            {event.detail && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {event.detail}
              </Text>
            )}
            <Text size="xs" c="dimmed" component="time" dateTime={event.at} title={full}>
              {formatRelative(event.at, language, prefs, moment)}
            </Text>
          </MantineTimeline.Item>
        );
      })}
    </MantineTimeline>
  );
}
