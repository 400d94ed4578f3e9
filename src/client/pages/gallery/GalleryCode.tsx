import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writeClipboard } from '../../grid/clipboard';

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', minWidth: 0, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, background: '#1f2430', overflow: 'hidden' },
  head: { display: 'flex', alignItems: 'center', gap: '8px', padding: '4px 8px 4px 12px', background: '#2a3040', color: '#c8d0e0' },
  file: { color: '#c8d0e0', fontFamily: tokens.fontFamilyMonospace, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  copy: { color: '#c8d0e0' },
  pre: { margin: 0, padding: '12px 14px', overflow: 'auto', color: '#e6e9ef', fontFamily: tokens.fontFamilyMonospace, fontSize: '12px', lineHeight: '18px', tabSize: 2, flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

/** The declaration an item is drawn from: its file and its source text, with a copy button. */
export function GalleryCode({ file, source }: { file: string; source: string }) {
  const s = useStyles();
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <section className={s.wrap} aria-label={t('gallery.declaration')} data-testid="gallery-declaration">
      <div className={s.head}>
        <Caption1 className={s.file} title={`src/client/pages/gallery/demos/${file}`}>demos/{file}</Caption1>
        <Button
          className={s.copy}
          size="small"
          appearance="transparent"
          icon={copied ? <CheckmarkRegular /> : <CopyRegular />}
          onClick={() => {
            writeClipboard(source);
            setCopied(true);
            window.setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? t('gallery.copied') : t('gallery.copy')}
        </Button>
      </div>
      <pre className={s.pre}>
        <code>{source}</code>
      </pre>
    </section>
  );
}
