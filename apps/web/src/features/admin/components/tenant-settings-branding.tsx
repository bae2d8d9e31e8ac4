import { Button, ColorInput, FileButton, Group, Image, Text, TextInput } from '@mantine/core';
import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_TYPES,
  type BrandLogo,
  type BrandLogoType,
  HEX_COLOUR,
  type TenantConfiguration,
} from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brandCssVariables } from '../../../app/branding/brand-palette.ts';
import { SettingsSection, useSectionSave } from './tenant-settings-section.tsx';

/** A chosen file as the settings keep it, or the words that say why it cannot be the logo. */
async function readLogo(file: File): Promise<BrandLogo | { problem: string }> {
  if (!(BRAND_LOGO_TYPES as readonly string[]).includes(file.type)) return { problem: 'logoType' };
  if (file.size > BRAND_LOGO_MAX_BYTES) return { problem: 'logoTooLarge' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { mime: file.type as BrandLogoType, data: btoa(binary) };
}

/**
 * The tenant's name, colour and logo (issue 12 "branding"): shown in the header to its members and
 * on the signing page to the people it sends documents to. The preview shows the effect before saving.
 */
export function BrandingSettings({ config }: { config: TenantConfiguration }) {
  const { t } = useTranslation();
  const { run, error, pending } = useSectionSave();
  const [displayName, setDisplayName] = useState(config.branding.displayName ?? '');
  const [colour, setColour] = useState(config.branding.primaryColor ?? '');
  // undefined: unchanged; null: removed; a logo: replaced.
  const [logo, setLogo] = useState<BrandLogo | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const colourValid = colour === '' || HEX_COLOUR.test(colour);
  const previewLogo =
    logo === undefined ? config.branding.logoUrl : logo ? `data:${logo.mime};base64,${logo.data}` : null;

  async function choose(file: File | null) {
    setProblem(null);
    if (!file) return;
    const read = await readLogo(file);
    if ('problem' in read) setProblem(t(`tenantSettings.branding.${read.problem}`));
    else setLogo(read);
  }

  async function save() {
    if (!colourValid) return;
    const saved = await run({
      branding: { displayName: displayName.trim() || null, primaryColor: colour || null },
      ...(logo !== undefined ? { brandLogo: logo } : {}),
    });
    if (saved) setLogo(undefined);
  }

  return (
    <SettingsSection id="branding" error={error} pending={pending} onSubmit={() => void save()}>
      <TextInput
        label={t('tenantSettings.branding.displayName')}
        description={t('tenantSettings.branding.displayNameHint')}
        value={displayName}
        maxLength={80}
        onChange={(e) => setDisplayName(e.currentTarget.value)}
        data-testid="settings-brand-name"
      />
      <ColorInput
        label={t('tenantSettings.branding.colour')}
        description={t('tenantSettings.branding.colourHint')}
        value={colour}
        onChange={setColour}
        format="hex"
        // Mantine's picker gives its sliders no names (axe: aria-input-field-name); the typed value,
        // its swatch, the eye dropper and the preview below do the job.
        withPicker={false}
        eyeDropperButtonProps={{ 'aria-label': t('tenantSettings.branding.eyeDropper') }}
        error={colourValid ? undefined : t('tenantSettings.branding.colourInvalid')}
        data-testid="settings-brand-colour"
      />
      <Group gap="sm" align="center">
        <FileButton onChange={(f) => void choose(f)} accept={BRAND_LOGO_TYPES.join(',')}>
          {(props) => (
            <Button variant="default" {...props} data-testid="settings-brand-logo-choose">
              {t('tenantSettings.branding.chooseLogo')}
            </Button>
          )}
        </FileButton>
        {previewLogo && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => setLogo(null)}
            data-testid="settings-brand-logo-remove"
          >
            {t('tenantSettings.branding.removeLogo')}
          </Button>
        )}
        <Text size="sm" c="dimmed">
          {t('tenantSettings.branding.logoHint')}
        </Text>
      </Group>
      {problem && (
        <Text c="red.8" size="sm" role="alert" data-testid="settings-brand-logo-problem">
          {problem}
        </Text>
      )}
      <Text size="sm" fw={500}>
        {t('tenantSettings.branding.preview')}
      </Text>
      {/* The draft colour applies to the preview only, until it is saved. */}
      <Group
        data-testid="settings-brand-preview"
        p="xs"
        gap="sm"
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          ...(colour && colourValid ? brandCssVariables(colour) : {}),
        }}
      >
        {previewLogo && <Image src={previewLogo} alt="" h={32} w="auto" fit="contain" />}
        <Text fw={700} size="lg" style={{ color: 'var(--signet-brand-text, var(--mantine-color-blue-8))' }}>
          {displayName.trim() || t('app.name')}
        </Text>
        <Button size="xs" tabIndex={-1} component="span">
          {t('tenantSettings.branding.sampleButton')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
