import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Tooltip } from '@fluentui/react-components';
import { QuestionCircle20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { helpFor, type HelpDoc } from '../../model/help';
import { renderMarkdown } from '../form/markdown';
import { toast } from '../kernel/toast-bus';

/**
 * The top bar's help button: the help document of the screen in view (its declaration's `help`, or
 * the hand-made screen's in help-docs.ts) in a dialog, or "当前页面没有帮助文档" (spec 8) when the
 * screen has none.
 */
export function HelpButton({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [doc, setDoc] = useState<HelpDoc | null>(null);
  const en = i18n.language === 'en';
  const open = () => {
    const found = helpFor(location.pathname);
    if (found) setDoc(found);
    else toast.warning(t('msg.noHelpDoc'));
  };
  return (
    <>
      <Tooltip content={t('ui.shell.help')} relationship="label">
        <Button appearance="subtle" className={className} icon={<QuestionCircle20Regular />} onClick={open} data-testid="page-help" />
      </Tooltip>
      <Dialog open={doc !== null} onOpenChange={(_, d) => !d.open && setDoc(null)}>
        <DialogSurface style={{ maxWidth: 720 }}>
          <DialogBody>
            <DialogTitle>{doc ? (en ? doc.title.en : doc.title.zh) : ''}</DialogTitle>
            <DialogContent>
              <div data-testid="page-help-doc" style={{ lineHeight: 1.6 }} dangerouslySetInnerHTML={{ __html: doc ? renderMarkdown(en ? doc.body.en : doc.body.zh) : '' }} />
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setDoc(null)}>{t('ui.common.close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
