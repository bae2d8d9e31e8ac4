import { Group, Image, Title } from '@mantine/core';
import type { BrandingView } from '@signet/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark, PRODUCT_NAME } from '../../ui/brand/logo-mark.tsx';
import { brandCssVariables } from './brand-palette.ts';

/**
 * The tenant's colour for the whole page while mounted, dialogs and toasts included (they render
 * outside the shell): set on the root element, whose inline style wins over Mantine's `:root` rules.
 */
export function useBrandColour(colour: string | null | undefined): void {
  useEffect(() => {
    if (!colour) return;
    const vars = brandCssVariables(colour);
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) style.removeProperty(name);
    };
  }, [colour]);
}

/**
 * The header's title: the tenant's logo and name where it has them, Signet's mark and name
 * otherwise. Signet's mark goes only with Signet's name: a tenant (or an install) that renamed
 * the product without a logo of its own shows its name alone.
 */
export function BrandMark({
  branding,
  fallbackName,
  order,
}: {
  branding: BrandingView | null | undefined;
  fallbackName?: string | undefined;
  order: 1 | 2;
}) {
  const { t } = useTranslation();
  const name = branding?.displayName ?? fallbackName ?? t('app.name');
  return (
    <Group gap="xs" wrap="nowrap" data-testid="brand-mark">
      {branding?.logoUrl ? (
        // The name beside it says who this is; the image adds nothing for a screen reader.
        <Image src={branding.logoUrl} alt="" h={32} w="auto" fit="contain" data-testid="brand-logo" />
      ) : (
        !branding?.displayName && (fallbackName ?? PRODUCT_NAME) === PRODUCT_NAME && <LogoMark size={28} />
      )}
      <Title
        order={order}
        size="h4"
        style={{ color: 'var(--signet-brand-text, var(--mantine-color-blue-8))' }}
      >
        <span data-testid="brand-name">{name}</span>
      </Title>
    </Group>
  );
}
