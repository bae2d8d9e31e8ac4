import { Code, ProviderCode } from '@signet/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/session/api-client.ts';

const request = vi.fn();
vi.mock('../../app/session/client.ts', () => ({
  api: { request: (...args: unknown[]) => request(...args) },
}));

const { failureKey, postToProvider, startAadhaarSigning } = await import('./aadhaar-esign.ts');

const START = {
  txn: 't1',
  url: 'https://esp.example/esign',
  fields: { eSignRequest: '<Esign/>', aspTxnID: 't1' },
  expiresIn: 600,
};
const body = async () => ({ tags: [] });

describe('Aadhaar eSign in the signing view', () => {
  beforeEach(() => request.mockReset());

  it('posts the signed request to the eSign service as a form with the request’s fields', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    postToProvider(START);
    const form = document.body.querySelector('form');
    expect(form?.method).toBe('post');
    expect(form?.action).toBe('https://esp.example/esign');
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual(START.fields);
    expect(submit).toHaveBeenCalledOnce();
  });

  it('starts with the first document not signed yet, and sends the browser to the service', async () => {
    request
      .mockRejectedValueOnce(new ApiError(409, Code.GENERIC_ERROR, 'You have already signed this document'))
      .mockResolvedValueOnce(START);
    const posted: unknown[] = [];
    expect(await startAadhaarSigning('e1', ['d1', 'd2'], body, (s) => posted.push(s))).toBe(true);
    expect(request.mock.calls.map((c) => (c[2] as { body: { documentId: string } }).body.documentId)).toEqual(
      ['d1', 'd2'],
    );
    expect(posted).toEqual([START]);
  });

  it('answers false when the tenant’s AADHAAR provider signs in Signet (the two-call flow applies), and passes other refusals on', async () => {
    request.mockRejectedValueOnce(
      new ApiError(400, Code.INVALID_INPUT, 'x', { provider: 'csc', redirect: false }),
    );
    expect(await startAadhaarSigning('e1', ['d1'], body, () => undefined)).toBe(false);
    const refusal = new ApiError(409, Code.USER_STEP_NOT_PENDING, 'not your turn');
    request.mockRejectedValueOnce(refusal);
    await expect(startAadhaarSigning('e1', ['d1'], body, () => undefined)).rejects.toBe(refusal);
  });

  it('names each failure by its code: wrong OTP, expired, cancelled, blocked (402/403), timeout (911), other (900)', () => {
    const of = (code: number | null, providerCode: number | null) => failureKey({ code, providerCode });
    expect(of(Code.WRONG_OTP, ProviderCode.WRONG_PARAMETER)).toBe('wrongOtp');
    expect(of(Code.EXPIRED_SIGN_AUTH_TOKEN, null)).toBe('expired');
    expect(of(Code.INVALID_SIGN_AUTH_TOKEN, null)).toBe('unknown');
    expect(of(Code.DSC_ERROR, ProviderCode.UNAUTHORIZED)).toBe('cancelled');
    expect(of(Code.USER_LOCKED, ProviderCode.PIN_BLOCKED)).toBe('blocked');
    expect(of(Code.USER_LOCKED, ProviderCode.CARD_BLOCKED)).toBe('blocked');
    expect(of(Code.NO_CERTIFICATE, ProviderCode.REVOKED)).toBe('noCertificate');
    expect(of(Code.DSC_ERROR, ProviderCode.IN_PROCESS)).toBe('inProcess');
    expect(of(Code.TRANSACTION_TIMEOUT, ProviderCode.CONNECTION_TIMEOUT)).toBe('timeout');
    expect(of(Code.DSC_ERROR, ProviderCode.INTERNAL_ERROR)).toBe('failed');
  });
});
