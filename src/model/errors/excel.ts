import { defineErrors } from './define';

/** The errors of excel (fed into the excel catalogue part; see ./index). */
export const excelErrors = defineErrors({
  'excel.csvFile': { kind: 'badRequest', zh: '这是 CSV 文本文件，只能导入 .xlsx：请在 Excel 或 WPS 中打开，“另存为”选择“Excel 工作簿（*.xlsx）”后再上传', en: 'This is a CSV text file and only .xlsx can be imported: open it in Excel or WPS, choose Save As "Excel Workbook (*.xlsx)" and upload that file' },
  'excel.etFile': { kind: 'badRequest', zh: '这是 WPS 表格（.et）文件，只能导入 .xlsx：请在 WPS 中打开，“另存为”选择“Excel 文件（*.xlsx）”后再上传', en: 'This is a WPS Spreadsheets (.et) file and only .xlsx can be imported: open it in WPS, choose Save As "Excel file (*.xlsx)" and upload that file' },
  'excel.duplicateParts': { kind: 'badRequest', zh: 'Excel 文件内有两个同名的部件，不是 Excel 或 WPS 保存的文件（可能被改动过），已拒绝读取：请在 Excel 或 WPS 中打开，“另存为” .xlsx 后再上传', en: 'The workbook holds two parts of the same name, which Excel and WPS never write (the file may have been tampered with), so it was not read: open it in Excel or WPS, save it as .xlsx and upload that file' },
  'excel.encrypted': { kind: 'badRequest', zh: '该 Excel 文件设置了打开密码（已加密），无法读取；另存为 .xlsx 仍会保留密码。请在 Excel 中打开，点“文件 > 信息 > 保护工作簿 > 用密码进行加密”，清空密码并保存（WPS：“文件 > 文档加密 > 密码加密”，清除打开密码），再上传', en: 'The workbook is protected by a password (encrypted) and cannot be read; saving it as .xlsx again keeps the password. Open it in Excel, choose File > Info > Protect Workbook > Encrypt with Password, clear the password and save (WPS: File > Document Encryption > Password Encryption, clear the open password), then upload it again' },
  'excel.fileTooLarge': { kind: 'payloadTooLarge', zh: '文件超过 {{max}} MB 的上限', en: 'The file is larger than {{max}} MB' },
  'excel.hasErrors': { kind: 'badRequest', zh: '校验未通过：共 {{count}} 处错误，未写入任何数据', en: 'Check failed: {{count}} errors; nothing was written' },
  'excel.noDataToExport': { kind: 'badRequest', zh: '没有可导出的数据', en: 'No data to export' },
  'excel.noFile': { kind: 'badRequest', zh: '请选择要上传的 Excel 文件', en: 'Choose an Excel file to upload' },
  'excel.notChecked': { kind: 'conflict', zh: '该任务尚未完成校验', en: 'The job has not finished checking' },
  'excel.nothingToCommit': { kind: 'badRequest', zh: '没有可导入的数据行', en: 'There are no rows to import' },
  'excel.preRelease': { kind: 'badRequest', zh: '该文件由 Excel 2007 预览版或不符合标准的程序生成（工作簿的命名空间不是 SpreadsheetML 的），其中的文字无法可靠读取，已拒绝读取：请在当前版本的 Excel 或 WPS 中打开，“另存为” .xlsx 后再上传', en: 'The workbook was written by a pre-release of Excel 2007 or by a program that does not follow the standard (its namespace is not SpreadsheetML\'s), so its text cannot be read reliably and it was not read: open it in a current Excel or WPS, save it as .xlsx and upload that file' },
  'excel.unknownEntity': { kind: 'badRequest', zh: '不支持导入该数据', en: 'This data cannot be imported' },
  'excel.updateNotFound': { kind: 'badRequest', zh: '没有该编码（单号）的记录：“只更新已有数据”不会新增记录，请核对编码', en: 'No record has this code (number): "update existing only" creates no records; check the code' },
  'excel.upsertNeedsKey': { kind: 'badRequest', zh: '该数据没有业务编码，不能按编码更新', en: 'This data has no business code, so it cannot be updated by code' },
  'excel.wrongFileType': { kind: 'badRequest', zh: '文件类型不正确，请上传 .xlsx 格式的 Excel 文件', en: 'Wrong file type: upload an .xlsx Excel workbook' },
  'excel.xlsFile': { kind: 'badRequest', zh: '这是旧版 Excel（.xls）文件，只能导入 .xlsx：请在 Excel 或 WPS 中打开，“另存为”选择“Excel 工作簿（*.xlsx）”后再上传', en: 'This is an old Excel (.xls) file and only .xlsx can be imported: open it in Excel or WPS, choose Save As "Excel Workbook (*.xlsx)" and upload that file' },
  'image.noFiles': { kind: 'badRequest', zh: '请选择图片', en: 'Choose images' },
  'image.noImageField': { kind: 'badRequest', zh: '该数据没有图片字段', en: 'This data has no image field' },
  'image.tooMany': { kind: 'badRequest', zh: '一次最多上传 {{max}} 张图片', en: 'At most {{max}} images per upload' },
  'image.uploadExpired': { kind: 'badRequest', alsoAs: ['conflict'], zh: '预览已过期，请重新选择图片', en: 'The preview has expired; choose the images again' },
  'job.busy': { kind: 'conflict', zh: '任务正在执行，请稍后', en: 'The job is running; try again later' },
  'job.notFound': { kind: 'notFound', zh: '任务不存在', en: 'Job not found' },
  'uploadimg.noMatched': { kind: 'badRequest', zh: '没有可保存的图片', en: 'There are no images to save' },
  'uploadimg.unknownPage': { kind: 'notFound', alsoAs: ['badRequest'], zh: '该页面不支持批量上传图片', en: 'This page has no batch image upload' },
});
