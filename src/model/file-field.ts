import type { Call } from './calls/call';
import type { FormFieldDecl } from './page';

/** One stored file as an upload call answers it and a files field keeps it: its id, name and, where given, its key, type and size. */
export type UploadedFile = { id: number; name: string; key?: string; mime?: string | null; size?: number };

/** A call that stores one uploaded file (`uploadCall(path)`, a form body `{ file }`) and answers the stored file. */
export type FileUploadCall = Call<{ file: Blob }, UploadedFile>;

/**
 * A form field whose value is a list of uploaded files (the widget `files`, src/client/form/widgets/files.tsx):
 * each file picked is stored at once through `uploadCall` and kept in the list, which the form's save
 * sends as the field's value (a save call takes their ids). The files a text comes with: a ticket's comment.
 *
 * Example: `filesField({ field: 'attachments', spanClass: 'full' }, ticketCalls.upload)`.
 */
export type FilesFieldDecl = FormFieldDecl & { type: 'files'; uploadCall: FileUploadCall };

export function filesField(decl: Omit<FormFieldDecl, 'type'>, uploadCall: FileUploadCall): FilesFieldDecl {
  return { ...decl, type: 'files', uploadCall };
}

/** The upload call of a files field as the form resolved it (the declaration's own key, carried over by the resolver). */
export function uploadCallOf(field: FormFieldDecl): FileUploadCall | undefined {
  return (field as Partial<FilesFieldDecl>).uploadCall;
}

/** A files field's value as a list of uploaded files (empty for an empty value). */
export function uploadedFiles(value: unknown): UploadedFile[] {
  return Array.isArray(value) ? value.filter((v): v is UploadedFile => typeof v === 'object' && v !== null && typeof (v as UploadedFile).id === 'number') : [];
}
