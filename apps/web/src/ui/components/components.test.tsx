import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../app/i18n/i18n.ts';
import { recipientColour } from '../tokens/recipient-colours.ts';
import { SIGNER_STATUS_TONES } from '../tokens/status-colours.ts';
import { EmptyState } from './empty-state.tsx';
import { FlowSteps } from './flow-steps.tsx';
import { PageHeader } from './page-header.tsx';
import { RecipientSwatch } from './recipient-swatch.tsx';
import { StatusBadge } from './status-badge.tsx';

beforeAll(async () => {
  await initI18n('en');
});

/** `#rrggbb` as the DOM reports a colour it was given. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const show = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('design system components', () => {
  it('a status badge says the status in words, in its tone, in the current language', async () => {
    show(<StatusBadge kind="signer" status="DelegatePending" data-testid="badge" />);
    const badge = screen.getByTestId('badge');
    expect(badge.textContent).toBe('Delegation pending');
    expect(badge.style.color).toBe(rgb(SIGNER_STATUS_TONES.DelegatePending.text));
    await i18n.changeLanguage('fr');
    try {
      expect(
        (await screen.findByText('Délégation en attente')).closest('[data-testid="badge"]'),
      ).not.toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('the stepper names what its stages are of and marks the current stage for screen readers', () => {
    show(
      <FlowSteps
        label="Sending an ePak"
        active={1}
        steps={[
          { label: 'Documents' },
          { label: 'Tags', description: 'Where each person signs' },
          { label: 'Send' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Sending an ePak' });
    const current = within(nav)
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-current') === 'step');
    expect(current.map((b) => b.textContent)).toEqual(['2TagsWhere each person signs']);
  });

  it('a status badge never shows an unknown status’s code', () => {
    show(<StatusBadge kind="epak" status="SomethingNew" data-testid="badge" />);
    expect(screen.getByTestId('badge').textContent).toBe('Unknown status');
  });

  it('an empty state shows its title, its text and its one action', () => {
    show(
      <EmptyState
        title="No ePaks here."
        text="Compose one."
        action={<button type="button">Compose</button>}
        data-testid="empty"
      />,
    );
    expect(screen.getByRole('heading', { name: 'No ePaks here.' })).toBeTruthy();
    expect(screen.getByText('Compose one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compose' })).toBeTruthy();
  });

  it('a page header is the page’s one h1, with its description and actions', () => {
    show(
      <PageHeader title="Reports" description="What happened" actions={<button type="button">Run</button>} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByText('What happened')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run' })).toBeTruthy();
  });

  it('a recipient swatch is named when labelled and hidden from screen readers when not', () => {
    show(
      <>
        <RecipientSwatch index={1} label="Sara Two" />
        <RecipientSwatch index={2} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Sara Two' }).style.background).toBe(rgb(recipientColour(1)));
    expect(screen.getAllByRole('img', { hidden: true })).toHaveLength(1);
  });
});
