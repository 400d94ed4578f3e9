import { defineErrors } from './define';

/** The errors of samplerequest (fed into the samplerequest catalogue part; see ./index). */
export const samplerequestErrors = defineErrors({
  'dev.sample.closed': { kind: 'conflict', zh: '打样申请 {{no}} 已{{state}}，不能再留言', en: 'Sample request {{no}} is {{state}}: no more comments' },
  'dev.sample.emptyComment': { kind: 'validation', zh: '请输入内容或上传照片', en: 'Type a comment or add photos' },
  'dev.sample.makerNotLinked': { kind: 'forbidden', zh: '对方企业尚未在其客户资料中确认贵司（需在客户的“平台企业编码”填写 {{code}} 并保持启用），打样申请无法发送', en: 'The other company has not confirmed yours among its customers (platform company code {{code}}, enabled): the request cannot be sent' },
  'dev.sample.makerOnly': { kind: 'conflict', zh: '只有打样工厂可以{{action}}', en: 'Only the maker of the sample can {{action}}' },
  'dev.sample.needPhotos': { kind: 'precheck', zh: '请先在本轮上传样衣照片再提交', en: 'Upload photos of the sample in this round before submitting it' },
  'dev.sample.noStyle': { kind: 'validation', zh: '请选择款式', en: 'Choose a style' },
  'dev.sample.noVendor': { kind: 'validation', zh: '请选择打样工厂', en: 'Choose the maker' },
  'dev.sample.requesterOnly': { kind: 'conflict', zh: '只有发出打样的一方可以{{action}}', en: 'Only the company that requested the sample can {{action}}' },
  'dev.sample.shareMissing': { kind: 'forbidden', zh: '打样申请的共享记录不存在或已关闭', en: 'The share of this sample request is missing or closed' },
  'dev.sample.styleNotReady': { kind: 'conflict', zh: '款式 {{code}} 已停用，不能打样', en: 'Style {{code}} is retired and cannot be sampled' },
  'dev.sample.vendorNotJoined': { kind: 'precheck', zh: '打样工厂未加入平台，打样申请无法发送', en: 'The maker has not joined the platform: the request cannot be sent' },
});
