import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A workflow step's title with its move up / move down / remove buttons (compose and workflow templates). */
export function StepHeader({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  return (
    <Group justify="space-between" mb="xs">
      <Text fw={600} size="sm">
        {t('compose.stepNumber', { n })}
      </Text>
      <Group gap={4}>
        <ActionIcon
          variant="subtle"
          aria-label={t('compose.moveUp', { n })}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          ↑
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={t('compose.moveDown', { n })}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          ↓
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('compose.removeStep', { n })}
          disabled={count === 1}
          onClick={onRemove}
        >
          ×
        </ActionIcon>
      </Group>
    </Group>
  );
}
