import type { ErrorEntry, ErrorKind, Placeholders } from './define';
import { accessErrors } from './access';
import { adminErrors } from './admin';
import { announcementErrors } from './announcement';
import { chatErrors } from './chat';
import { commonErrors } from './common';
import { dynformErrors } from './dynamic-form';
import { excelErrors } from './excel';
import { finstatementErrors } from './finstatement';
import { gatewayErrors } from './gateway';
import { inspectionErrors } from './inspection';
import { listViewErrors } from './list-view';
import { masterdataErrors } from './masterdata';
import { nodeconfigErrors } from './nodeconfig';
import { ordersErrors } from './orders';
import { outsourceorderErrors } from './outsourceorder';
import { processDefinitionErrors } from './process-def';
import { prodplanErrors } from './prodplan';
import { profileErrors } from './profile';
import { purorderErrors } from './purorder';
import { samplerequestErrors } from './samplerequest';
import { sourcingadmissionErrors } from './sourcingadmission';
import { sourcingevalErrors } from './sourcingeval';
import { sourcingprojectErrors } from './sourcingproject';
import { sourcingsupplierErrors } from './sourcingsupplier';
import { sourcingvendorevalErrors } from './sourcingvendoreval';
import { stockmoveErrors } from './stockmove';
import { styleErrors } from './style';
import { taskErrors } from './task';
import { ticketErrors } from './ticket';
import { vendorErrors } from './vendor';
import { workorderErrors } from './workorder';
// The gateway's catalogue part is not in the first chunks' static list: it comes with the table (after ./gateway, which it reads).
import '../i18n/gateway-part';

export * from './define';

/**
 * The error table: every message a server error can carry, by key, with its kind (envelope code
 * and HTTP status), its zh-CN and en text and, through the texts' `{{name}}` placeholders, its
 * parameters. One part file per area (`./<area>.ts`), so that no two areas edit the same file;
 * each part also feeds its area's catalogue part (`errorTexts`), so the texts have one source.
 * `AppError` (src/server/http/errors.ts) takes only these keys, with their parameters.
 */
export const ERRORS = {
  ...accessErrors,
  ...adminErrors,
  ...announcementErrors,
  ...chatErrors,
  ...commonErrors,
  ...dynformErrors,
  ...excelErrors,
  ...finstatementErrors,
  ...gatewayErrors,
  ...inspectionErrors,
  ...listViewErrors,
  ...masterdataErrors,
  ...nodeconfigErrors,
  ...ordersErrors,
  ...outsourceorderErrors,
  ...processDefinitionErrors,
  ...prodplanErrors,
  ...profileErrors,
  ...purorderErrors,
  ...samplerequestErrors,
  ...sourcingadmissionErrors,
  ...sourcingevalErrors,
  ...sourcingprojectErrors,
  ...sourcingsupplierErrors,
  ...sourcingvendorevalErrors,
  ...stockmoveErrors,
  ...styleErrors,
  ...taskErrors,
  ...ticketErrors,
  ...vendorErrors,
  ...workorderErrors,
} satisfies Record<string, ErrorEntry>;

type Table = typeof ERRORS;
export type ErrorKey = keyof Table;

/** A parameter's value: written with String(), a label `{ zh, en }` in the reader's language. */
export type ErrorParamValue = unknown;

/** The parameters of an error: one per placeholder of its texts (zh and en), all required. */
export type ErrorParams<K extends ErrorKey> = { [P in Placeholders<Table[K]['zh']> | Placeholders<Table[K]['en']>]: ErrorParamValue };

/** The other kinds an error may be thrown as (its entry's `alsoAs`). */
export type ErrorAlsoAs<K extends ErrorKey> = Table[K] extends { alsoAs: readonly (infer A)[] } ? A : never;

/** The keys an error of `kind` may carry (its own kind or one of its `alsoAs`), without parameters. */
export type ErrorKeyOf<Kind extends ErrorKind> = { [K in ErrorKey]: Kind extends Table[K]['kind'] | ErrorAlsoAs<K> ? ([keyof ErrorParams<K>] extends [never] ? K : never) : never }[ErrorKey];

export function isErrorKey(key: string): key is ErrorKey {
  return Object.prototype.hasOwnProperty.call(ERRORS, key);
}
