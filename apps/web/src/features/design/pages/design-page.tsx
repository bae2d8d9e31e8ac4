import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EpakStatus, SignerStatus } from '@signet/contracts';
import {
  IconCheck,
  IconClock,
  IconFileUpload,
  IconHourglassEmpty,
  IconInbox,
  IconSearch,
  IconSend,
  IconSettings,
  IconSignature,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../../app/layout/language-menu.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { RecipientSwatch } from '../../../ui/components/recipient-swatch.tsx';
import { StatusBadge } from '../../../ui/components/status-badge.tsx';
import { Timeline } from '../../../ui/components/timeline.tsx';
import { contrastRatio } from '../../../ui/tokens/contrast.ts';
import { RECIPIENT_COLOURS } from '../../../ui/tokens/recipient-colours.ts';
import { type StatusKind, statusTone, TONES } from '../../../ui/tokens/status-colours.ts';
import { ComposeFlowSteps } from '../../compose/components/compose-flow-steps.tsx';
import { DesignDataSections } from '../components/design-data-sections.tsx';
import { useDesignWords } from '../i18n/design-words.ts';

const STEP_STATUSES = ['waiting', 'current', 'done'] as const;
/** The sample timeline's "now": its times read the same on every visit. */
const TIMELINE_NOW = new Date('2026-11-29T10:00:00Z');
const SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
const ICONS = [
  IconInbox,
  IconFileUpload,
  IconSignature,
  IconSend,
  IconUsers,
  IconSearch,
  IconSettings,
  IconClock,
  IconCheck,
  IconX,
];

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card withBorder component="section">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

function Mark({ colour }: { colour: string }) {
  return (
    <Box component="span" w={10} h={10} bg={colour} style={{ display: 'inline-block', borderRadius: 2 }} />
  );
}

/** A kind's statuses: each as a badge, as a dot, and its chart colour with its contrast on white. */
function StatusRow({ kind, statuses }: { kind: StatusKind; statuses: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing="xs">
      {statuses.map((status) => {
        const { mark } = statusTone(kind, status);
        return (
          // Wraps rather than shrinks: a badge squeezed by its neighbours would cut its words.
          <Group key={status} gap="xs" data-testid={`design-status-${kind}-${status}`}>
            <StatusBadge kind={kind} status={status} />
            <StatusBadge kind={kind} status={status} variant="dot" />
            <Group gap={4} wrap="nowrap">
              <Mark colour={mark} />
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('designPage.contrast', { ratio: contrastRatio(mark, '#ffffff').toFixed(1) })}
              </Text>
            </Group>
          </Group>
        );
      })}
    </SimpleGrid>
  );
}

/** `/design` (not in any menu): every token and component of `src/ui` in every state. */
export function DesignPage() {
  const { t } = useTranslation();
  useDesignWords();
  const w = (key: string, options?: Record<string, unknown>) => t(`designPage.${key}`, options ?? {});
  return (
    <Container size="lg" py="lg" component="main" data-testid="design-page">
      <Stack gap="lg">
        <PageHeader
          title={w('title')}
          description={w('intro')}
          actions={<LanguageMenu />}
          data-testid="design-header"
        />

        <Section title={w('sections.statuses')} hint={w('sections.statusesHint')}>
          <Title order={3} size="h5">
            {w('sections.epak')}
          </Title>
          <StatusRow kind="epak" statuses={EpakStatus} />
          <Title order={3} size="h5">
            {w('sections.signer')}
          </Title>
          <StatusRow kind="signer" statuses={SignerStatus} />
          <Title order={3} size="h5">
            {w('sections.step')}
          </Title>
          <StatusRow kind="step" statuses={STEP_STATUSES} />
          <Group gap="xs">
            <StatusBadge kind="epak" status="SomethingNew" />
            <Text size="xs" c="dimmed">
              {w('unknown')}
            </Text>
          </Group>
        </Section>

        <Section title={w('sections.recipients')} hint={w('sections.recipientsHint')}>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
            {RECIPIENT_COLOURS.map((colour, i) => (
              <Group key={colour} gap="xs" wrap="nowrap" data-testid={`design-recipient-${i}`}>
                <RecipientSwatch index={i} size={16} />
                <Stack gap={0}>
                  <Text size="sm">{w('recipient', { n: i + 1 })}</Text>
                  <Text size="xs" c="dimmed">
                    {w('contrast', { ratio: contrastRatio(colour, '#ffffff').toFixed(1) })}
                  </Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        </Section>

        <Section title={w('sections.pageHeader')}>
          <Card withBorder bg="gray.0">
            <PageHeader
              title={w('sample.title')}
              description={w('sample.description')}
              actions={
                <>
                  <Button variant="default" leftSection={<IconSend size={16} />}>
                    {w('sample.secondary')}
                  </Button>
                  <Button leftSection={<IconSignature size={16} />}>{w('sample.primary')}</Button>
                </>
              }
            />
          </Card>
          <Card withBorder bg="gray.0">
            <PageHeader title={w('sample.titleOnly')} />
          </Card>
        </Section>

        <Section title={w('sections.emptyState')}>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Card withBorder>
              <EmptyState
                icon={<IconFileUpload stroke={1.5} />}
                title={w('sample.emptyTitle')}
                text={w('sample.emptyText')}
                action={<Button leftSection={<IconFileUpload size={16} />}>{w('sample.emptyAction')}</Button>}
              />
            </Card>
            <Card withBorder>
              <EmptyState icon={<IconInbox stroke={1.5} />} title={w('sample.emptyQuiet')} />
            </Card>
            <Card withBorder>
              <EmptyState
                compact
                title={w('sample.emptyTitle')}
                text={w('sample.compact')}
                action={
                  <Button size="xs" variant="light">
                    {w('sample.emptyAction')}
                  </Button>
                }
              />
            </Card>
          </SimpleGrid>
        </Section>

        <Section title={w('sections.flowSteps')} hint={w('sections.flowStepsHint')}>
          {/* Compose's own stages as the sample: the first, the second, and all done. */}
          {[0, 1, 3].map((active) => (
            <Card withBorder key={active}>
              <ComposeFlowSteps active={active} />
            </Card>
          ))}
        </Section>

        <DesignDataSections />

        <Section title={w('sections.statusBadge')}>
          <Group gap="xs">
            {SIZES.map((size) => (
              <StatusBadge key={size} kind="signer" status="Pending" size={size} />
            ))}
          </Group>
        </Section>

        <Section title={w('sections.timeline')} hint={w('sections.timelineHint')}>
          <Timeline
            prefs={{}}
            now={TIMELINE_NOW}
            events={[
              {
                id: '1',
                text: w('sample.timeline1'),
                at: '2026-11-20T09:00:00Z',
                tone: TONES.progress,
                icon: IconSend,
              },
              {
                id: '2',
                text: w('sample.timeline2'),
                at: '2026-11-29T09:40:00Z',
                tone: TONES.done,
                icon: IconSignature,
              },
              {
                id: '3',
                text: w('sample.timeline3'),
                detail: w('sample.timelineReason'),
                at: '2026-11-29T09:58:00Z',
                tone: TONES.refused,
                icon: IconX,
              },
              {
                id: '4',
                text: w('sample.timeline4'),
                at: '2026-11-29T10:00:00Z',
                tone: TONES.lapsed,
                icon: IconHourglassEmpty,
              },
            ]}
          />
        </Section>

        <Section title={w('sections.recipientSwatch')}>
          <Group gap="md">
            {[8, 12, 16, 24].map((size, i) => (
              <Group key={size} gap={6} wrap="nowrap">
                <RecipientSwatch index={i} size={size} label={w('recipient', { n: i + 1 })} />
                <Text size="sm">{w('recipient', { n: i + 1 })}</Text>
              </Group>
            ))}
          </Group>
        </Section>

        <Section title={w('sections.type')}>
          {([1, 2, 3, 4] as const).map((n) => (
            <Title key={n} order={n}>
              {w('sample.heading', { n })}
            </Title>
          ))}
          {SIZES.map((size) => (
            <Text key={size} size={size}>
              {w('sample.size', { size })} · {w('sample.body')}
            </Text>
          ))}
        </Section>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Section title={w('sections.spacing')}>
            {SIZES.map((size) => (
              <Group key={size} gap="sm" wrap="nowrap">
                <Text size="xs" w={24}>
                  {size}
                </Text>
                <Box h={12} w={`var(--mantine-spacing-${size})`} bg="blue.7" />
              </Group>
            ))}
          </Section>
          <Section title={w('sections.radius')}>
            <Group gap="sm">
              {SIZES.map((size) => (
                <Stack key={size} gap={2} align="center">
                  <Box w={48} h={48} bg="gray.2" style={{ borderRadius: `var(--mantine-radius-${size})` }} />
                  <Text size="xs">{size}</Text>
                </Stack>
              ))}
            </Group>
          </Section>
        </SimpleGrid>

        <Section title={w('sections.icons')}>
          <Group gap="md" c="gray.8">
            {ICONS.map((Icon) => (
              <Icon key={Icon.displayName} stroke={1.5} aria-hidden />
            ))}
          </Group>
        </Section>
      </Stack>
    </Container>
  );
}
