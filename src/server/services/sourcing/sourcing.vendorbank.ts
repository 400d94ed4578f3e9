import { AppError } from '../../http/errors';
import { registerActionHandler } from '../../resources/action-handlers';
import { registerSaveHook } from '../../resources/save-hooks';

/**
 * Vendor settings (issue 16; spec 5 "bank data must match the account-opening permit"): the bank
 * data of a vendor is verified by a reviewer who compares it with the permit's image, shown side by
 * side in the vendor's drawer. The check (`check_bank`) needs the image and complete bank data; any
 * later change of the bank data or of the image, by a form, an import or a service, clears it, so
 * "checked" always means "checked as it stands now".
 */
type Row = Record<string, unknown>;
export const BANK_FIELDS = ['bank_name', 'bank_branch_code', 'bank_account_no', 'bank_account_name', 'permit_image'] as const;
const has = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';
const same = (a: unknown, b: unknown) => (has(a) ? String(a).trim() : '') === (has(b) ? String(b).trim() : '');

/** Whether a write changes the bank data or the permit image of a stored vendor. */
export function bankDataChanged(before: Row, values: Row): boolean {
  return BANK_FIELDS.some((k) => Object.prototype.hasOwnProperty.call(values, k) && !same(before[k], values[k]));
}

export function registerVendorBankHandlers(): void {
  registerActionHandler('vendor', 'check_bank', async ({ row, auth }) => {
    if (!has(row.permit_image)) throw new AppError('md.vendor.permitMissing');
    if (BANK_FIELDS.slice(0, 4).some((k) => !has(row[k]))) throw new AppError('md.vendor.bankIncomplete');
    return { patch: { bank_checked: true, bank_checked_by: auth.fullname || auth.username, bank_checked_at: new Date().toISOString() } };
  });
  registerSaveHook('vendor', {
    validate: async ({ before, values }) => {
      if (!before) {
        // A new vendor's bank data has not been checked yet, whatever the body says.
        Object.assign(values, { bank_checked: null, bank_checked_by: null, bank_checked_at: null });
        return;
      }
      if (before.bank_checked && bankDataChanged(before, values)) Object.assign(values, { bank_checked: null, bank_checked_by: null, bank_checked_at: null });
    },
  });
}
