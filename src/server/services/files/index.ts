/** Stored files: upload, the one access rule, signed links and the serving route (issue 28). */
export { fileRoutes, sendStoredFile, MAX_LINKS_PER_CALL } from './files.routes';
export { copyFileRow, fileKeyOf, fileUrl, fileUrlsById, FILE_ROUTE, recordFile, storeBytes, storeUpload, type FileOwner, type FileRow, type StoredUpload, type UploadFolder } from './file-store';
export { fileByKey, mayOpenFile, openableFile, openableFileById, type StoredFile } from './file-access';
export { LINK_TTL_S, signFileLink, verifyFileLink } from './file-link';
export { fileReplyHeaders, recordedType, servingOf, sniffInlineType } from './file-type';
