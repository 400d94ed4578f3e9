import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useId, useRef } from 'react';
import type { FixRowData } from './fix-rows';

/** Suggestions a datalist offers at most (the browser draws them all). */
const MAX_CHOICES = 2000;

/**
 * A text cell editor that suggests the values the column takes (issue 33): the company's codes of a
 * reference column (an unknown supplier's name replaced by its code, then "apply to all"), a
 * dictionary's labels. Any text can still be typed; the row's check says whether it is right.
 */
export function ChoiceCellEditor(p: CustomCellEditorProps<FixRowData, string | null> & { choices: string[] }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Typing on a cell starts the edit with that key, as AG Grid's own text editor does.
  const start = p.eventKey && p.eventKey.length === 1 ? p.eventKey : (p.initialValue ?? '');
  useEffect(() => {
    if (start !== (p.initialValue ?? '')) p.onValueChange(start);
    input.current?.focus();
    if (start === p.initialValue) input.current?.select();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the editor opens
  return (
    <>
      <input
        ref={input}
        className="ag-input-field-input ag-text-field-input"
        style={{ width: '100%', height: '100%', padding: '0 8px', boxSizing: 'border-box' }}
        list={id}
        defaultValue={start}
        onChange={(e) => p.onValueChange(e.target.value === '' ? null : e.target.value)}
        data-testid="fix-choice-editor"
      />
      <datalist id={id}>
        {p.choices.slice(0, MAX_CHOICES).map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </>
  );
}
