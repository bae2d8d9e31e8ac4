import { describe, expect, it } from 'vitest';
import { allCodes, Code, CsvRowCode, codeInfo, ProviderCode, SESSION_INVALID_CODES } from '../src/errors.ts';

describe('the error catalogue', () => {
  it('has every numbered code of spec §8 once, each with a meaning and an HTTP status', () => {
    const numbers = allCodes.map((c) => c.code);
    expect(new Set(numbers).size).toBe(numbers.length);
    // Spec §8 "Known codes" and the bulk-compose file codes.
    const spec = [
      1, 2, 100, -1, -2, -3, -6, -9, -12, -13, -14, -15, -16, -17, -22, -23, -25, -28, -29, -30, -31, -32,
      -34, -35, -42, -45, -46, -47, -48, -49, -56, -59, -60, -62, -63, -67, -72, -75, -77, -81, -82, -85, -87,
      -109, -125, -136, -138, -141, -142, -143, -148, -149, -150, -151, -152, -160, -161, -163, -164, -165,
      -169, -170, -172, -173, -176, -177, -179, -181, -182, -183, -189, -196, -198, -203, -209, -215, -216,
      -217, -222, -224, -226, -227, -241, -1004, -1005, -1006, -171, -107, -174, -175,
      // From the client table: -5, -7, -11, -26, -27, -37, -73, -88, -200.
      -5, -7, -11, -26, -27, -37, -73, -88, -200,
    ];
    expect(spec.filter((c) => !numbers.includes(c as never))).toEqual([]);
    for (const info of allCodes) {
      expect(info.meaning.length).toBeGreaterThan(5);
      expect(info.http).toBeGreaterThanOrEqual(200);
      expect(info.http).toBeLessThan(600);
    }
  });

  it('maps codes to the statuses the client table expects', () => {
    expect(codeInfo(Code.TOKEN_EXPIRED).http).toBe(401);
    expect(codeInfo(Code.TRIAL_EXPIRED).http).toBe(403);
    expect(codeInfo(Code.SUCCESS).http).toBe(200);
    for (const c of [
      Code.INVALID_ACCESS_TOKEN,
      Code.SESSION_ENDED,
      Code.TOKEN_IP_MISMATCH,
      Code.INVALID_JWT,
    ]) {
      expect(codeInfo(c).http).toBe(401);
    }
    expect(SESSION_INVALID_CODES).toEqual([-5, -7, -11, -26, -37]);
  });

  it('treats an unknown code as a system error', () => {
    expect(codeInfo(-99999).name).toBe('SYSTEM_ERROR');
  });

  it('keeps the CSV row codes and provider codes in their own namespaces', () => {
    expect(Object.values(CsvRowCode)).toEqual([-1, -2, -3, -4, -5]);
    expect(ProviderCode.PIN_BLOCKED).toBe(402);
    expect(ProviderCode.CONNECTION_TIMEOUT).toBe(911);
  });
});
