import { Alert, Anchor, Grid, Loader, Group as Row, Stack, Text, Title } from '@mantine/core';
import { SENDER_ROLES } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { FeatureOff } from '../../../app/feature-off.tsx';
import { useTeamRoom } from '../api.ts';
import { RoomDocuments } from '../components/room-documents.tsx';
import { RoomMembers } from '../components/room-members.tsx';
import { teamroomErrorMessage } from '../teamroom-errors.ts';

/**
 * `/trDocument?teamRoomId=…`: one team room — its documents (folders, uploads, status of the ePak
 * started from each, starting one through compose) and its members.
 */
export function TrDocumentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const teamRoomId = params.get('teamRoomId');
  const configuration = useTenantConfiguration();
  const me = useCurrentUser();
  const on = configuration.data?.features.teamRoom === true;
  const room = useTeamRoom(teamRoomId, on);
  const canCompose = me.data ? SENDER_ROLES.includes(me.data.role) : false;

  const loading = (
    <Row gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('teamrooms.room.loading')}</Text>
    </Row>
  );
  return (
    <Stack data-testid="page-trDocument">
      <Anchor component={Link} to="/teamroom" size="sm">
        {t('teamrooms.room.back')}
      </Anchor>
      <Title order={1} size="h2">
        {room.data?.name ?? t('teamrooms.title')}
      </Title>
      {configuration.isPending ? (
        loading
      ) : !on ? (
        <FeatureOff keyPrefix="teamrooms" testId="teamrooms-off" />
      ) : !teamRoomId ? (
        <Text size="sm">{t('teamrooms.room.noRoom')}</Text>
      ) : room.isPending ? (
        loading
      ) : room.error ? (
        <Alert color="red" data-testid="teamroom-error">
          {teamroomErrorMessage(t, room.error)}
        </Alert>
      ) : (
        <>
          {room.data.description && <Text size="sm">{room.data.description}</Text>}
          {room.data.status === 'TRASH' && <Alert color="gray">{t('teamrooms.room.inTrash')}</Alert>}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 8 }} miw={0}>
              <RoomDocuments room={room.data} canCompose={canCompose} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }} miw={0}>
              <RoomMembers room={room.data} meId={me.data?.id} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
