import { describe, expect, it } from 'vitest';
import { searchTarget } from './search-target.ts';

describe('global search target', () => {
  it('needs a non-empty value', () => {
    expect(searchTarget('subject', '   ')).toBeNull();
  });
  it('goes to the dashboard with searchKey and searchVal', () => {
    expect(searchTarget('subject', ' Lease 2024 ')).toBe('/dashboard?searchKey=subject&searchVal=Lease+2024');
    expect(searchTarget('createdOn', '2024-03-05')).toBe(
      '/dashboard?searchKey=createdOn&searchVal=2024-03-05',
    );
  });
  it('without a type goes to the plain dashboard', () => {
    expect(searchTarget(null, 'x')).toBe('/dashboard');
  });
});
