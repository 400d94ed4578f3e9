import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ArrowUpload24Regular } from '@fluentui/react-icons';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '6px',
    minHeight: '120px',
    padding: '20px',
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    background: tokens.colorNeutralBackground2,
    cursor: 'pointer',
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
    ':hover': { border: `2px dashed ${tokens.colorBrandStroke1}` },
    ':focus-visible': { outline: `2px solid ${tokens.colorBrandStroke1}` },
  },
  over: { border: `2px dashed ${tokens.colorBrandStroke1}`, background: tokens.colorBrandBackground2 },
  disabled: { opacity: 0.5, cursor: 'not-allowed' },
  icon: { color: tokens.colorBrandForeground1 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * A drop target for files that also opens the file chooser on click, Enter or Space.
 *
 * Example: `<DropZone accept=".xlsx" label={t('upload.dropHere')} onFiles={([f]) => upload(f)} />`.
 */
export function DropZone(props: { accept: string; multiple?: boolean; disabled?: boolean; label: string; hint?: string; onFiles: (files: File[]) => void; testId?: string }) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const open = () => {
    if (!props.disabled) input.current?.click();
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (props.disabled) return;
    const files = [...e.dataTransfer.files];
    if (files.length) props.onFiles(props.multiple ? files : files.slice(0, 1));
  };
  return (
    <div
      role="button"
      tabIndex={props.disabled ? -1 : 0}
      aria-disabled={props.disabled}
      className={mergeClasses(s.zone, over && s.over, props.disabled && s.disabled)}
      onClick={open}
      onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
      onDragOver={(e) => {
        e.preventDefault();
        if (!props.disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={props.testId ?? 'drop-zone'}
    >
      <ArrowUpload24Regular className={s.icon} />
      <Text weight="semibold">{props.label}</Text>
      {props.hint && <Text size={200} className={s.hint}>{props.hint}</Text>}
      <input
        ref={input}
        type="file"
        hidden
        accept={props.accept}
        multiple={props.multiple}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) props.onFiles(files);
        }}
        data-testid={`${props.testId ?? 'drop-zone'}-input`}
      />
    </div>
  );
}
