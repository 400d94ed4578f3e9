import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret shown this once (an API key, a push endpoint's signing secret): read-only, selectable,
 * with a copy button; closing it is the only way out, and nothing shows it again. A list page shows
 * it after a save whose reply carries its page's `secretOnce` field (ListPage).
 */
export function SecretOnceDialog(props: { secret: string | null; title: string; explain: string; onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!props.secret) return;
    await navigator.clipboard?.writeText(props.secret).catch(() => undefined);
    setCopied(true);
  };
  const close = () => {
    setCopied(false);
    props.onClose();
  };
  return (
    <Dialog open={props.secret !== null} modalType="alert">
      <DialogSurface data-testid={props.testId}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{props.explain}</MessageBarBody>
            </MessageBar>
            <div style={{ display: 'flex', gap: 8 }}>
              <Input readOnly value={props.secret ?? ''} style={{ flex: 1, fontFamily: 'monospace' }} onFocus={(e) => e.currentTarget.select()} data-testid={`${props.testId}-value`} aria-label={props.title} />
              <Button icon={<Copy20Regular />} onClick={() => void copy()}>{copied ? t('engine.secretCopied') : t('engine.secretCopy')}</Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close} data-testid={`${props.testId}-done`}>{t('engine.secretDone')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
