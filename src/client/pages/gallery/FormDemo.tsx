import { Button, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedPage } from '../../../model/page-resolve';
import type { Row } from '../../api/entity-api';
import { EntityForm, type EntityFormHandle } from '../../form/EntityForm';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: '8px', marginTop: '12px' },
  body: { margin: '8px 0 0', padding: '8px 10px', maxHeight: '220px', overflow: 'auto', background: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium, fontFamily: tokens.fontFamilyMonospace, fontSize: '12px' },
  result: { marginTop: '12px' },
});

/**
 * A form item: the declaration's form as every drawer draws it, "check" runs the same rules a save
 * runs (the messages under the fields, the spec's toast) and shows the body the save would send.
 */
export function FormDemo({ resolved }: { resolved: ResolvedPage }) {
  const s = useStyles();
  const { t } = useTranslation();
  const form = useRef<EntityFormHandle>(null);
  const [body, setBody] = useState<Row | null>(null);
  return (
    <div data-testid={`gallery-form-${resolved.page.opt}`}>
      <EntityForm ref={form} resolved={resolved} action="add" record={null} onSaved={() => undefined} check={setBody} />
      <div className={s.bar}>
        <Button
          appearance="primary"
          data-testid="gallery-check"
          onClick={() => {
            setBody(null);
            void form.current?.submit();
          }}
        >
          {t('gallery.check')}
        </Button>
        <Button
          onClick={() => {
            form.current?.reset();
            setBody(null);
          }}
        >
          {t('gallery.reset')}
        </Button>
      </div>
      {body && (
        <div className={s.result} data-testid="gallery-checked">
          <MessageBar intent="success">
            <MessageBarBody>{t('gallery.checked')}</MessageBarBody>
          </MessageBar>
          <pre className={s.body}>{JSON.stringify(body, null, 2)}</pre>
        </div>
      )}
    </div>
  );
}
