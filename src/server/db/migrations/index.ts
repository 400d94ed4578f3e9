import type { Migration } from '../migrate';
import { core0001 } from './20261121_0001_core';
import { access0100 } from './20261122_0100_access';
import { admin0500 } from './20261123_0500_admin';
import { adminSysConfig0500 } from './20261124_0500_admin_sysconfig';
import { adminSysServices0500 } from './20261125_0500_admin_sysservices';
import { notify0600 } from './20261125_0600_notify';
import { approvals0700 } from './20261125_0700_approvals';
import { dynamicForms0700 } from './20261127_0700_dynamic_forms';
import { workspaceBoards0800 } from './20261127_0800_workspace_boards';
import { approvalTodos0710 } from './20261127_0710_approval_todos';
import { jobsLease0900 } from './20261127_0900_jobs_lease';
import { chat0910 } from './20261127_0910_chat';
import { notifyChannels1000 } from './20261127_1000_notify_channels';
import { importJournal1100 } from './20261127_1100_import_journal';
import { fileKeys1300 } from './20261203_1300_file_keys';
import { listViews0900 } from './20261204_0900_list_views';
import { demoSeed1200 } from './20261204_1200_demo_seed';
import { gateway1500 } from './20261204_1500_gateway';
import { importMapping1900 } from './20261204_1900_import_mapping';
import { importRows2200 } from './20261204_2200_import_rows';
import { notifyRecipientRoles2210 } from './20261204_2210_notify_recipient_roles';
import { dynamicFormApproval2300 } from './20261204_2300_dynamic_form_approval';
import { sysServicesVersion0300 } from './20261206_0300_sys_services_version';
import { gatewayVersions0900 } from './20261206_0900_gateway_versions';
import { noticeVersions1600 } from './20261206_1600_notice_versions';

/** Every timestamped migration, oldest first. A change to an existing table adds a file here. */
export const CORE_MIGRATIONS: Migration[] = [core0001, access0100, admin0500, adminSysConfig0500, adminSysServices0500, notify0600, approvals0700, dynamicForms0700, approvalTodos0710, workspaceBoards0800, jobsLease0900, chat0910, notifyChannels1000, importJournal1100, fileKeys1300, listViews0900, demoSeed1200, gateway1500, importMapping1900, importRows2200, notifyRecipientRoles2210, dynamicFormApproval2300, sysServicesVersion0300, gatewayVersions0900, noticeVersions1600];
