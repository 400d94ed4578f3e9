/**
 * The browser's public face: what a module's hand-made screen builds on instead of copying the
 * generic ones (a list with slots, the form drawer with slots, the hooks that hold their logic,
 * the administration table), and what starts the app (src/client/main.tsx).
 */
export { ListPage, type ListSlots } from './engine/ListPage';
export { useListController, fixedFiltersOf, type ListController } from './engine/use-list-controller';
export { entityApi, entityApiOf, type EntityApi, type PageReply, type Row } from './api/entity-api';
export { resolvedPageOf } from './api/resolved-page';
export { FormDrawer, type DrawerSlots, type DrawerState } from './form/FormDrawer';
export { EntityForm, type EntityFormHandle, type EntityFormProps } from './form/EntityForm';
export { useRecord, useRecordForm, type RecordForm, type RecordState } from './form/use-record-form';
export { stateNoticeOf, type NoticeView } from './form/state-notice';
export { AdminEditDialog, AdminPage, AdminTable, type AdminColumn } from './pages/common/admin-kit';
export { toast } from './kernel/toast-bus';
export { createAppRouter } from './app/router';
