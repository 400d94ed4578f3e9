import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { openedAddress } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import type { RecordForm } from './use-record-form';
import { labelIn } from '../../model/label-text';

/** The page's declared `links` of a stored record, as the drawer footer's buttons (`link-<key>`). */
export function DrawerLinks({ rf, resolved }: { rf: RecordForm; resolved: ResolvedPage }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const record = rf.record;
  if (!rf.stored || !record || !resolved.page.links?.length) return null;
  return (
    <>
      {resolved.page.links.map((l) => (
        <Button key={l.key} appearance="secondary" data-testid={`link-${l.key}`} onClick={() => navigate(openedAddress(l.to, record))}>
          {labelIn(l.label, i18n.language)}
        </Button>
      ))}
    </>
  );
}
