import type { DynamicFormDefinition, DynamicFormRef } from '../dynamic-form';
import { getCall } from './call';

/**
 * Dynamic forms (issue 14): the calls of `/crossapi/dynform`, served by
 * src/server/services/approvals/dynamic-form.routes.ts and called by src/client/pages/approvals.
 * (A form's design itself is saved through the registry entity `dynform`.)
 */
export type FormSummary = { id: number; code: string; name: string; name_en: string | null; version: number };
export type FormDesign = DynamicFormRef & { definition: DynamicFormDefinition };

export const dynamicFormCalls = {
  /** The company's enabled, designed forms. */
  forms: getCall<void, { rows: FormSummary[] }>('/crossapi/dynform/forms'),
  /** One form's current design. */
  design: getCall<{ code: string }, FormDesign>('/crossapi/dynform/design'),
};
