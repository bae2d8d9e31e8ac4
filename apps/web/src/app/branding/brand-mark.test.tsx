import { MantineProvider } from '@mantine/core';
import type { BrandingView } from '@signet/contracts';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';
import { BrandMark } from './brand-mark.tsx';

beforeAll(async () => {
  await initI18n('en');
});

const branding = (over: Partial<BrandingView>): BrandingView => ({
  displayName: null,
  primaryColor: null,
  logoUrl: null,
  ...over,
});

const show = (props: Parameters<typeof BrandMark>[0]) =>
  render(
    <MantineProvider>
      <BrandMark {...props} />
    </MantineProvider>,
  );

describe("the header's title", () => {
  it("shows Signet's mark beside Signet's name, hidden from screen readers", () => {
    show({ branding: branding({}), order: 1 });
    expect(screen.getByTestId('brand-name').textContent).toBe('Signet');
    expect(screen.getByTestId('logo-mark').getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByTestId('brand-logo')).toBeNull();
  });

  it("shows a tenant's own logo instead of Signet's mark", () => {
    show({ branding: branding({ displayName: 'Demo Bank', logoUrl: '/logo.png' }), order: 1 });
    expect(screen.getByTestId('brand-logo')).toBeTruthy();
    expect(screen.queryByTestId('logo-mark')).toBeNull();
  });

  it("shows a renamed tenant's name alone when it has no logo, and so for a renamed install", () => {
    const { unmount } = show({ branding: branding({ displayName: 'Demo Bank' }), order: 1 });
    expect(screen.getByTestId('brand-name').textContent).toBe('Demo Bank');
    expect(screen.queryByTestId('logo-mark')).toBeNull();
    unmount();
    show({ branding: null, fallbackName: 'Acme Sign', order: 2 });
    expect(screen.queryByTestId('logo-mark')).toBeNull();
  });
});
