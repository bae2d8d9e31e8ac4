import { BRAND_LOGO_MAX_BYTES, Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Branding {
  displayName: string | null;
  primaryColor: string | null;
  logoUrl: string | null;
}

const brandingOf = async (token: string) =>
  (await t.call<{ branding: Branding }>('GET', '/v1/configuration', { token })).data.branding;

/** The logo's address is absolute under the API prefix; the test server's `call` adds the prefix itself. */
const apiPath = (url: string) => url.replace(/^\/msbapi/, '');

describe("a tenant's branding", () => {
  it('is set by an admin and seen by every member of that tenant only', async () => {
    const admin = await t.signIn('admin@demo.test');
    const put = await t.call<{ branding: Branding }>('PUT', '/v1/configuration', {
      token: admin.token,
      body: { branding: { displayName: 'Demo Bank', primaryColor: '#0b7285' } },
    });
    expect(put.data.branding).toEqual({ displayName: 'Demo Bank', primaryColor: '#0b7285', logoUrl: null });
    const signer = await t.signIn('signer1@demo.test');
    expect(await brandingOf(signer.token)).toMatchObject({
      displayName: 'Demo Bank',
      primaryColor: '#0b7285',
    });
    const other = await t.signIn('admin@other.test');
    expect(await brandingOf(other.token)).toEqual({ displayName: null, primaryColor: null, logoUrl: null });
  });

  it('serves an uploaded logo publicly at a versioned address browsers may keep, and forgets it when removed', async () => {
    const admin = await t.signIn('admin@demo.test');
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { brandLogo: { mime: 'image/png', data: PNG } },
    });
    const branding = await brandingOf(admin.token);
    // Saving the logo kept the name and colour.
    expect(branding.displayName).toBe('Demo Bank');
    expect(branding.logoUrl).toMatch(/^\/msbapi\/public\/branding\/[0-9a-f-]{36}\/logo\?v=[0-9a-f]{16}$/);
    const logo = await t.call('GET', apiPath(branding.logoUrl ?? ''));
    expect([logo.status, logo.headers['content-type'], logo.headers['cache-control']]).toEqual([
      200,
      'image/png',
      'public, max-age=31536000, immutable',
    ]);
    expect(Buffer.from(logo.raw, 'latin1').subarray(1, 4).toString()).toBe('PNG');
    // An old version's address is not kept for good.
    const stale = await t.call('GET', apiPath(branding.logoUrl ?? '').replace(/v=.*/, 'v=0000'));
    expect(stale.headers['cache-control']).toBe('no-cache');

    await t.call('PUT', '/v1/configuration', { token: admin.token, body: { brandLogo: null } });
    expect((await brandingOf(admin.token)).logoUrl).toBeNull();
    const gone = await t.call('GET', apiPath(branding.logoUrl ?? ''));
    expect(gone.status).toBe(404);
  });

  it('refuses with -6 a logo that is not the image it claims, one over 200 KiB, an SVG, and a colour that is not #rrggbb', async () => {
    const admin = await t.signIn('admin@demo.test');
    const big = Buffer.alloc(BRAND_LOGO_MAX_BYTES + 10);
    Buffer.from(PNG, 'base64').copy(big);
    for (const body of [
      { brandLogo: { mime: 'image/jpeg', data: PNG } },
      { brandLogo: { mime: 'image/png', data: big.toString('base64') } },
      { brandLogo: { mime: 'image/svg+xml', data: btoa('<svg onload="alert(1)"/>') } },
      { branding: { displayName: 'X', primaryColor: 'red' } },
      { branding: { displayName: '   ', primaryColor: null } },
    ]) {
      const res = await t.call('PUT', '/v1/configuration', { token: admin.token, body });
      expect(res.code).toBe(Code.INVALID_INPUT);
    }
  });

  it('cannot be changed by a member who is not an admin (-11)', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    const res = await t.call('PUT', '/v1/configuration', {
      token: custodian.token,
      body: { branding: { displayName: 'Mine', primaryColor: null } },
    });
    expect(res.code).toBe(Code.NOT_AUTHORIZED);
  });
});
