import { MantineProvider } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n/i18n.ts';
import { TONES } from '../tokens/status-colours.ts';
import { Timeline } from './timeline.tsx';

beforeAll(async () => {
  await initI18n('en');
});

describe('the timeline', () => {
  it('shows each event’s sentence, how long ago, and the full date on hover', () => {
    render(
      <MantineProvider>
        <Timeline
          now={new Date('2026-11-29T10:02:00Z')}
          prefs={{ timezone: 'UTC' }}
          events={[
            {
              id: '1',
              text: 'Sara Signer signed Offer',
              detail: 'Looks good',
              at: '2026-11-29T10:00:00Z',
              tone: TONES.done,
              icon: IconSignature,
            },
            {
              id: '2',
              text: 'The ePak expired',
              at: '2026-10-01T08:00:00Z',
              tone: TONES.lapsed,
              icon: IconSignature,
            },
          ]}
        />
      </MantineProvider>,
    );
    const [signed, expired] = screen.getAllByTestId('timeline-event');
    expect(signed?.textContent).toContain('Sara Signer signed Offer');
    expect(signed?.textContent).toContain('Looks good');
    const time = signed?.querySelector('time');
    expect(time?.textContent).toBe('2 min. ago');
    expect(time?.getAttribute('title')).toBe('29 Nov 2026 10:00');
    expect(time?.getAttribute('datetime')).toBe('2026-11-29T10:00:00Z');
    // Older than a week: the date itself, in the user's format.
    expect(expired?.querySelector('time')?.textContent).toBe('01 Oct 2026');
  });
});
