import { RecipientRulesSchema } from '@signet/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok, setupMockServer } from './msw.ts';
import { configuration, fakeUser, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

describe('the compose page', () => {
  it("refuses, with its reason, a recipient outside the organisation's domains when the tenant allows only those", async () => {
    const lookedUp: unknown[] = [];
    server.use(
      http.get('*/msbapi/v1/configuration', () =>
        ok({
          ...configuration(),
          internalDomains: ['demo.test'],
          recipientRules: RecipientRulesSchema.parse({ internalOnly: true }),
        }),
      ),
      ...shellHandlers('custodian'),
      http.get('*/msbapi/v2/workflows', () => ok([])),
      http.get('*/msbapi/v1/documenttemplates', () => ok({ docTemplateDTOList: { docTemplateDTO: [] } })),
      http.get('*/msbapi/v1/users', () => ok({ users: [] })),
      http.post('*/msbapi/v1/users', async ({ request }) => {
        lookedUp.push(await request.json());
        const signer = { ...fakeUser('signer'), email: 'signer1@demo.test', firstName: 'Sam' };
        return ok({ users: [signer], notFound: [] });
      }),
    );
    startFakeSession();
    await renderApp('/compose');
    const input = await screen.findByTestId('step-1-signers');
    const user = userEvent.setup();
    await user.type(input, 'partner@outside.test{Enter}');
    const refusal = await screen.findByTestId('step-1-signers-rejected');
    expect(refusal.textContent).toBe(
      'partner@outside.test: only addresses of your organisation’s domains can be added',
    );

    // An address of the organisation's own domain is taken.
    await user.type(input, 'signer1@demo.test{Enter}');
    await waitFor(() => expect(screen.queryByTestId('step-1-signers-rejected')).toBeNull());
    expect(screen.getByText('signer1@demo.test')).toBeTruthy();
    expect(lookedUp).toEqual([{ usernames: ['partner@outside.test'] }, { usernames: ['signer1@demo.test'] }]);
  }, 30_000);
});
