import { describe, expect, it } from 'vitest';
import '../../../../grids';
import { getPage } from '../../../model/page';
import { formFields, resolvePage } from '../../../model/page-resolve';
import { uploadCallOf, uploadedFiles } from '../../../model/file-field';
import { ticketCalls } from '../../../model/calls/tickets';
import { emptyValueOf, fieldError, submitBody } from '../form-logic';

describe('the files field (widget files)', () => {
  const fields = formFields(resolvePage(getPage('ticketcomment')!));
  const files = fields.find((f) => f.field === 'attachments')!;
  const swatch = { id: 7, name: 'swatch.png', key: 'a'.repeat(32), mime: 'image/png', size: 29 };

  it('resolves with its widget and keeps the declared upload call', () => {
    expect(files.type).toBe('files');
    expect(uploadCallOf(files)).toBe(ticketCalls.upload);
  });

  it('starts empty, accepts a list of stored files and sends it as it is (empty: nothing)', () => {
    expect(emptyValueOf(files)).toEqual([]);
    expect(fieldError(files, [swatch], (k) => k)).toBeNull();
    expect(submitBody(fields, { content: '照片', attachments: [swatch] })).toEqual({ content: '照片', attachments: [swatch] });
    expect(submitBody(fields, { content: '照片', attachments: [] })).toEqual({ content: '照片', attachments: '' });
  });

  it('reads a value as stored files, whatever else it holds', () => {
    expect(uploadedFiles([swatch, null, 'x', { name: 'no id' }])).toEqual([swatch]);
    expect(uploadedFiles('')).toEqual([]);
    expect(uploadedFiles(undefined)).toEqual([]);
  });
});
