import { Alert, Anchor, Box, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Code, type EpakDetail, type Tag } from '@signet/contracts';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser, usePublicConfiguration, useTenantConfiguration } from '../../../app/api.ts';
import { bootPicture } from '../../../app/boot-frame.ts';
import { BrandMark, useBrandColour } from '../../../app/branding/brand-mark.tsx';
import { errorMessage } from '../../../app/error-message.ts';
import { LanguageMenu } from '../../../app/layout/language-menu.tsx';
import { ApiError } from '../../../app/session/api-client.ts';
import { sessionStore } from '../../../app/session/client.ts';
import { userIdOf } from '../../../app/session/token-claims.ts';
import { useStoredSession } from '../../../app/session/use-session.ts';
import { loadPdfEngine } from '../../document-view/pdf-engine.ts';
import { exchangeEasySignLink, unlockEpak, useReasons, useSigningData } from '../api.ts';
import { FirstPagePicture } from '../components/first-page-picture.tsx';
import { NumericSecretInput } from '../components/numeric-secret-input.tsx';
import { SigningView } from '../components/signing-view.tsx';
import { usePhoneLayout } from '../phone/use-phone-layout.ts';
import { actingRecipient, documentsToSign } from '../signing-state.ts';

// The download of a signer's copy loads with the finish screen, not with the page (/sign's
// first-load budget, FIRST_SCREENS in vite.config.ts).
const SignedCopyButtons = lazy(() =>
  import('../components/signed-copy-buttons.tsx').then((m) => ({ default: m.SignedCopyButtons })),
);

/** A session opened by an easy-sign link reaches one ePak; the page then offers no way elsewhere. */
const LINK_SESSION_KEY = 'signet.linkSession';

const needsSecurityCode = (e: unknown) =>
  e instanceof ApiError &&
  e.code === Code.WRONG_ANSWER &&
  (e.data as { securityCodeRequired?: boolean } | undefined)?.securityCodeRequired === true;

function SignLayout({ children, linkSession }: { children: React.ReactNode; linkSession: boolean }) {
  const { t } = useTranslation();
  const config = usePublicConfiguration();
  // The signer sees whose document this is: the sending tenant's name, logo and colour.
  const tenant = useTenantConfiguration();
  useBrandColour(tenant.data?.branding.primaryColor);
  // On a phone the page is one screen high: the signing view scrolls its document, not the page.
  const phone = usePhoneLayout();
  return (
    <Box
      mih="100vh"
      h={phone ? '100dvh' : undefined}
      bg="var(--mantine-color-gray-0)"
      style={phone ? { display: 'flex', flexDirection: 'column' } : undefined}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px={phone ? 'sm' : 'md'}
        py="xs"
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="md">
          <BrandMark branding={tenant.data?.branding} fallbackName={config.data?.appName} order={2} />
          {!linkSession && (
            <Anchor component={Link} to="/dashboard" size="sm" data-testid="sign-back">
              {t('sign.back')}
            </Anchor>
          )}
        </Group>
        <LanguageMenu allowed={config.data?.languages} />
      </Group>
      <Box
        component="main"
        p={phone ? 0 : 'md'}
        style={phone ? { flex: 1, minHeight: 0, overflow: 'auto' } : undefined}
      >
        {children}
      </Box>
    </Box>
  );
}

function SecurityCodeForm({ onCode, error }: { onCode: (code: string) => void; error: string | null }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <Center mt="xl" px="sm">
      <Card withBorder w="100%" maw={380}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) onCode(code.trim());
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('sign.securityCode.title')}
            </Title>
            <Text size="sm">{t('sign.securityCode.hint')}</Text>
            <NumericSecretInput
              label={t('sign.securityCode.code')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={error}
              autoFocus
              data-testid="security-code"
            />
            <Button type="submit" data-testid="security-code-submit">
              {t('common.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}

/** An easy-sign link (`/sign?easytoken=…`, also `/emailsign`): exchanged once for a link session. */
function EasySignEntry({ easyToken }: { easyToken: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  async function exchange(code?: string) {
    try {
      const ePakId = await exchangeEasySignLink(easyToken, code);
      sessionStorage.setItem(LINK_SESSION_KEY, ePakId);
      void navigate(`/sign?ePakId=${ePakId}`, { replace: true });
    } catch (e) {
      if (needsSecurityCode(e)) {
        setError(code ? t('errors.wrongSecurityCode') : null);
        setAskCode(true);
      } else setError(errorMessage(t, e));
    }
  }
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void exchange();
  });

  if (askCode) return <SecurityCodeForm onCode={(c) => void exchange(c)} error={error} />;
  if (error)
    return (
      <Alert color="red" title={t('sign.linkFailed')} m={{ base: 'sm', sm: 0 }} data-testid="easy-sign-error">
        {error}
      </Alert>
    );
  const picture = bootPicture();
  if (picture) return <FirstPagePicture picture={picture} />;
  return <Loader aria-label={t('common.loading')} m="md" />;
}

/** What the finish screen shows: the outcome, and the documents the signer signed (their copies). */
interface Outcome {
  outcome: string;
  ePakId: string;
  signed: { id: string; name: string }[];
}

/**
 * The finish screen. It says the outcome itself, so the signing view raises no toast over it
 * (issue 31); a signer — a guest from an easy-sign link too — downloads their copy here.
 */
function Finished({ outcome, ePakId, signed, linkSession }: Outcome & { linkSession: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mt="xl" px="sm">
      <Card withBorder w="100%" maw={460} data-testid="sign-finished">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t(`sign.finished.${outcome}`)}
          </Title>
          <Suspense fallback={null}>
            <SignedCopyButtons ePakId={ePakId} documents={signed} />
          </Suspense>
          <Text size="sm">
            {t(
              linkSession
                ? signed.length > 0
                  ? 'sign.finished.keepCopy'
                  : 'sign.finished.closeWindow'
                : 'sign.finished.copyByMail',
            )}
          </Text>
          {!linkSession && (
            <Button component={Link} to="/dashboard">
              {t('sign.back')}
            </Button>
          )}
        </Stack>
      </Card>
    </Center>
  );
}

/** The ePak when there is nothing for this viewer to do: its state, and in-person hosting for its custodian. */
function NothingToDo({
  detail,
  userId,
  signed,
}: {
  detail: EpakDetail;
  userId: string;
  /** The documents this person signed here: their copies to download. */
  signed: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const step = detail.steps.find((s) => s.status === 'current');
  const hostable =
    step?.type === 'INPERSONSIGN' && detail.ownerId === userId
      ? step.recipients.filter((r) => r.status === 'Pending')
      : [];
  return (
    <Center mt="xl" px="sm">
      <Card withBorder w="100%" maw={520} data-testid="sign-nothing-to-do">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {detail.subject}
          </Title>
          <Text size="sm">{t('sign.nothingToDo', { status: t(`status.${detail.status}`) })}</Text>
          <Suspense fallback={null}>
            <SignedCopyButtons ePakId={detail.ePakId} documents={signed} />
          </Suspense>
          {hostable.map((r) => (
            <Button
              key={r.id}
              component={Link}
              to={`/sign?ePakId=${detail.ePakId}&host=${r.id}`}
              variant="light"
              data-testid="host-recipient"
            >
              {t('sign.hostRecipient', { email: r.email })}
            </Button>
          ))}
        </Stack>
      </Card>
    </Center>
  );
}

function SignEpak({
  ePakId,
  hostRecipientId,
  linkSession,
}: {
  ePakId: string;
  hostRecipientId: string | null;
  linkSession: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useStoredSession();
  const data = useSigningData(ePakId);
  // The view's other questions are asked with the signing data, and the view mounts once they
  // are answered: mounted before, it rendered every page again, in one task, as each answer
  // arrived (issue 21). The answers arrive through the query cache's store, which React renders
  // at once; deferred, the view (every page, every tag) mounts in slices instead, the first
  // page's picture staying until it has.
  const asked = [useCurrentUser(), useReasons(), useTenantConfiguration()].every(answered);
  const signing = useDeferredValue(asked ? data.data : undefined);
  const [unlockError, setUnlockError] = useState<string | null>(null);
  const [finished, setFinished] = useState<Outcome | null>(null);
  const userId = userIdOf(sessionStore.accessToken());

  if (finished) return <Finished {...finished} linkSession={linkSession} />;
  if (data.isError) {
    if (needsSecurityCode(data.error))
      return (
        <SecurityCodeForm
          error={unlockError}
          onCode={(code) =>
            void unlockEpak(ePakId, code)
              .then(() => data.refetch())
              .catch((e: unknown) => setUnlockError(errorMessage(t, e)))
          }
        />
      );
    return (
      <Alert color="red" m={{ base: 'sm', sm: 0 }} data-testid="sign-error">
        {errorMessage(t, data.error)}
      </Alert>
    );
  }
  if (!signing || !session || !userId) {
    const picture = bootPicture(ePakId);
    return picture ? <FirstPagePicture picture={picture} /> : <Loader aria-label={t('common.loading')} />;
  }
  const acting = actingRecipient(signing.detail, userId, hostRecipientId);
  if (!acting)
    return (
      <NothingToDo
        detail={signing.detail}
        userId={userId}
        signed={signedDocuments(signing, signedEntries(signing.detail, userId))}
      />
    );
  return (
    <SigningView
      key={`${ePakId}:${acting.recipient.id}`}
      detail={signing.detail}
      tags={signing.tags}
      acting={acting}
      userId={userId}
      linkSession={linkSession}
      onFinished={(outcome) => {
        void queryClient.invalidateQueries();
        if (acting.hosted) void navigate(`/sign?ePakId=${ePakId}`, { replace: true });
        else
          setFinished({
            outcome,
            ePakId,
            signed: outcome === 'signed' ? signedDocuments(signing, [acting.recipient.id]) : [],
          });
      }}
    />
  );
}

/**
 * `/sign`: a recipient signs (or reviews) an ePak — `?ePakId=` from their inbox, `?easytoken=`
 * from an easy-sign link without an account, `?ePakId=&host=` for a custodian hosting an
 * in-person signer on their own session.
 */
export function SignPage() {
  const [params] = useSearchParams();
  const session = useStoredSession();
  // pdf.js and its worker load while the link is exchanged and the ePak asked for.
  useEffect(() => {
    void loadPdfEngine().catch(() => undefined);
  }, []);
  const easyToken = params.get('easytoken') ?? params.get('token');
  const ePakId = params.get('ePakId');
  const linkSession = ePakId !== null && sessionStorage.getItem(LINK_SESSION_KEY) === ePakId;
  if (easyToken)
    return (
      <SignLayout linkSession>
        <EasySignEntry easyToken={easyToken} />
      </SignLayout>
    );
  if (!session || !ePakId) {
    const next = encodeURIComponent(`/sign${ePakId ? `?ePakId=${ePakId}` : ''}`);
    return <Navigate to={session ? '/dashboard' : `/login?next=${next}`} replace />;
  }
  return (
    <SignLayout linkSession={linkSession}>
      <SignEpak key={ePakId} ePakId={ePakId} hostRecipientId={params.get('host')} linkSession={linkSession} />
    </SignLayout>
  );
}

/** The documents these recipient entries signed: those with their tags (all, when they have none). */
function signedDocuments(
  signing: { detail: EpakDetail; tags: readonly Tag[] },
  recipientIds: readonly string[],
): { id: string; name: string }[] {
  if (recipientIds.length === 0) return [];
  const mine = signing.tags.filter((x) => x.recipientId !== null && recipientIds.includes(x.recipientId));
  const ids = documentsToSign(
    signing.detail.documents.map((d) => d.id),
    mine,
  );
  return signing.detail.documents.filter((d) => ids.includes(d.id)).map((d) => ({ id: d.id, name: d.name }));
}

/** This person's recipient entries that have signed (one person may sign in two steps). */
function signedEntries(detail: EpakDetail, userId: string): string[] {
  return detail.steps.flatMap((s) =>
    s.recipients.filter((r) => r.userId === userId && r.status === 'Signed').map((r) => r.id),
  );
}

/** Answered once (or not asked at all): a later refetch does not count, so the view stays. */
function answered(query: UseQueryResult): boolean {
  return query.isFetched || query.fetchStatus === 'idle';
}
