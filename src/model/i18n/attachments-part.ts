import { registerCatalogPart } from './index';
import type { CatalogPart } from './types';

/**
 * The texts of document attachments (issue 35): the drawer's panel and the server's refusals and
 * history lines. Registered when imported (by the attachments routes and the panel), so the shared
 * catalogue list needs no edit.
 */
export const attachmentTexts: CatalogPart = {
  'zh-CN': {
    'attachment.title': '附件',
    'attachment.upload': '上传附件',
    'attachment.uploading': '正在上传…',
    'attachment.empty': '暂无附件',
    'attachment.name': '文件名',
    'attachment.size': '大小',
    'attachment.by': '上传人',
    'attachment.at': '上传时间',
    'attachment.download': '下载',
    'attachment.remove': '删除',
    'attachment.removeConfirm': '确定删除附件“{{name}}”吗？删除后无法恢复。',
    'attachment.removed': '附件已删除',
    'attachment.uploaded': '附件已上传',
    'attachment.limit': '单个文件不超过 {{mb}} MB',
    'attachment.tooMany': '每张单据最多 {{max}} 个附件',
    'attachment.loadFailed': '附件加载失败',
    'audit.attach': '添加附件',
    'audit.detach': '删除附件',
    'audit.field.$attachment': '附件',
  },
  en: {
    'attachment.title': 'Attachments',
    'attachment.upload': 'Upload attachment',
    'attachment.uploading': 'Uploading…',
    'attachment.empty': 'No attachments yet',
    'attachment.name': 'File name',
    'attachment.size': 'Size',
    'attachment.by': 'Uploaded by',
    'attachment.at': 'Uploaded at',
    'attachment.download': 'Download',
    'attachment.remove': 'Remove',
    'attachment.removeConfirm': 'Remove the attachment "{{name}}"? This cannot be undone.',
    'attachment.removed': 'Attachment removed',
    'attachment.uploaded': 'Attachment uploaded',
    'attachment.limit': 'At most {{mb}} MB per file',
    'attachment.tooMany': 'A document keeps at most {{max}} attachments',
    'attachment.loadFailed': 'The attachments could not be loaded',
    'audit.attach': 'Attachment added',
    'audit.detach': 'Attachment removed',
    'audit.field.$attachment': 'Attachment',
  },
};

registerCatalogPart(attachmentTexts);
