import { Button, Caption1, Spinner, Text, tokens } from '@fluentui/react-components';
import { ImageAdd20Regular } from '@fluentui/react-icons';
import { useRef, type ReactNode } from 'react';
import { StoredImg } from '../../api/StoredFile';

/**
 * A stored image (a logo, an avatar) with a button that uploads another. The file goes to the
 * server as it is: the server reads its type from its bytes and checks its size and dimensions; its
 * refusal shows under the button.
 */
export function ImagePicker({ src, alt, width, height, label, hint, busy, message, onChoose, testId, round, readOnly, placeholder }: {
  src: string | null | undefined; alt: string; width: number; height: number; label: string; hint: string; busy: boolean; message: string;
  onChoose: (file: File | undefined) => void; testId: string; round?: boolean; readOnly?: boolean;
  /** Shown while there is no image (the avatar's initials). */
  placeholder?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const box = { width, height, borderRadius: round ? '50%' : tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, objectFit: 'contain' as const, background: tokens.colorNeutralBackground3 };
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }} data-testid={testId}>
      {src ? <StoredImg src={src} alt={alt} style={box} data-testid={`${testId}-image`} /> : (placeholder ?? <span style={{ ...box, display: 'inline-block' }} aria-hidden />)}
      {readOnly ? null : (
      <div style={{ display: 'grid', gap: 4, justifyItems: 'start' }}>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          data-testid={`${testId}-input`}
          onChange={(e) => {
            onChoose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button icon={busy ? <Spinner size="tiny" /> : <ImageAdd20Regular />} disabled={busy} onClick={() => input.current?.click()}>
          {label}
        </Button>
        <Caption1>{hint}</Caption1>
        {message ? (
          <Text size={200} style={{ color: tokens.colorPaletteRedForeground1 }} role="alert" data-testid={`${testId}-error`}>
            {message}
          </Text>
        ) : null}
      </div>
      )}
    </div>
  );
}
