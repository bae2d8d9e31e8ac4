import { pagesPdf } from './pdf.ts';

/**
 * A signing view to look at or measure: the demo custodian composes an ePak of these pages for
 * signer1 with a signature tag on page 1; answers its easy-sign link (path and query), which
 * opens without signing in.
 */
export async function easySignPath(
  baseUrl: string,
  password: string,
  pages: readonly string[] = ['Service agreement, page 1 of 2', 'Service agreement, page 2 of 2'],
): Promise<string> {
  const api = async <T>(method: string, path: string, init: RequestInit = {}): Promise<T> => {
    const body = (await (await fetch(`${baseUrl}/msbapi${path}`, { method, ...init })).json()) as {
      code: number;
      data: T;
      message?: string;
    };
    if (body.code !== 1) throw new Error(`${method} ${path} answered ${body.code} ${body.message ?? ''}`);
    return body.data;
  };
  const auth = await api<{ access_token: string; defaultTenantId: string }>('POST', '/v1/authenticate', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'custodian@demo.test', password }).toString(),
  });
  const headers = { access_token: auth.access_token, tenant_id: auth.defaultTenantId };
  const pdf = Buffer.from(pagesPdf([...pages])).toString('base64');
  const ePakId = await api<string>('POST', '/v2/compose/epak', {
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      documentList: [{ docName: 'Service agreement.pdf', base64EncodedData: pdf }],
      workflowData: [
        {
          wfStateOrder: '1',
          action: 'SIGN',
          signingPolicy: 'ESIGNATURE',
          docTagsData: [
            {
              docName: 'Service agreement.pdf',
              signer_info: [
                {
                  email: 'signer1@demo.test',
                  firstName: 'Sanjay',
                  lastName: 'Signer',
                  tagLocationData: [{ pageNumber: '1', x: '300', y: '100', width: '130', height: '40' }],
                },
              ],
            },
          ],
        },
      ],
    }),
  });
  const links = await api<{ easySignInfo: { easySignLink: string }[] }[]>(
    'GET',
    `/v2/epaks/easysignlinks/${ePakId}`,
    { headers },
  );
  const link = links[0]?.easySignInfo[0]?.easySignLink;
  if (!link) throw new Error('the ePak has no easy-sign link');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
