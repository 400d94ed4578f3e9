import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useCallback, useRef, useState, type JSX, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../form/dialogs';

/**
 * Confirmation before destructive actions: `const [dialog, confirm] = useConfirm();` then
 * `if (await confirm(text)) ...`, rendering `{dialog}` once.
 */
export function useConfirm(): [ReactNode, (text: string) => Promise<boolean>] {
  const [text, setText] = useState<string | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback((question: string) => {
    setText(question);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const close = (ok: boolean) => {
    setText(null);
    resolver.current?.(ok);
    resolver.current = null;
  };
  return [<ConfirmDialog key="confirm" open={text !== null} text={text ?? ''} onConfirm={() => close(true)} onCancel={() => close(false)} />, ask];
}

/** Per-field messages of a 11000 reply (spec 8), joined when a field has several. */
export function fieldErrorsOf(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError) || !e.errors) return {};
  return Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
}

/**
 * The edit dialog of the administration screens: a title, the fields, cancel and save (disabled
 * while saving).
 */
export function AdminEditDialog(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSave: () => void;
  busy?: boolean;
  saveDisabled?: boolean;
  saveLabel?: string;
  saveIcon?: JSX.Element;
  cancelLabel?: string;
  saveTestId: string;
  maxWidth?: number;
  contentClassName?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The dialog fades out after the page has already cleared what it edited: keep the title it was
  // opened with until then, so a closing dialog never reads "为「」分配角色".
  const title = useRef(props.title);
  if (props.open) title.current = props.title;
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface style={props.maxWidth ? { maxWidth: props.maxWidth } : undefined}>
        <DialogBody>
          <DialogTitle>{title.current}</DialogTitle>
          <DialogContent className={props.contentClassName}>{props.children}</DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{props.cancelLabel ?? t('engine.cancel')}</Button>
            <Button appearance="primary" icon={props.saveIcon} disabled={props.busy || props.saveDisabled} onClick={props.onSave} data-testid={props.saveTestId}>
              {props.saveLabel ?? t('engine.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
