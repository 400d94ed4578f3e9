import { describe, expect, it } from 'vitest';
import { CERT_EXPIRY_LEAD_DAYS, CERT_EXPIRY_WINDOWS, certExpiryDue, certExpiryWindow } from './sourcingadmission.entity';

describe('certificate expiry windows (issue 35)', () => {
  it('warns 30 days ahead, then 7 days ahead; not before, not once expired', () => {
    expect(CERT_EXPIRY_WINDOWS).toEqual([30, 7]);
    expect(CERT_EXPIRY_LEAD_DAYS).toBe(30);
    expect([31, 30, 8, 7, 1, 0, -1].map(certExpiryWindow)).toEqual([null, 30, 30, 7, 7, 7, null]);
    expect(certExpiryWindow(Number.NaN)).toBeNull();
    expect(certExpiryWindow(2.5)).toBeNull();
  });

  it('is due once per window and expiry date', () => {
    expect(certExpiryDue(30, '2027-01-31', null, null)).toBe(true);
    expect(certExpiryDue(30, '2027-01-31', '2027-01-31', 30)).toBe(false);
    // Entering the narrower window of the same date warns again; a renewed date starts over.
    expect(certExpiryDue(7, '2027-01-31', '2027-01-31', 30)).toBe(true);
    expect(certExpiryDue(7, '2027-01-31', '2027-01-31', 7)).toBe(false);
    expect(certExpiryDue(30, '2027-03-31', '2027-01-31', 7)).toBe(true);
    expect(certExpiryDue(null, '2027-03-31', null, null)).toBe(false);
  });
});
