import { Button, Tooltip } from '@fluentui/react-components';
import { LinkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { registerDrawerExtension, type DrawerExtensionProps } from '../form/drawer-extensions';
import { recordViewPath, useCopyLink } from './use-copy-link';

/** The drawer's "复制链接": the stored record's read-only page, to pass to a colleague (who sees it only with the page's view right). */
function CopyRecordLink({ rf, resolved }: DrawerExtensionProps) {
  const { t } = useTranslation();
  const copyLink = useCopyLink();
  return (
    <Tooltip content={t('engine.copyLink')} relationship="label">
      <Button appearance="subtle" icon={<LinkRegular />} onClick={() => void copyLink(recordViewPath(resolved.page.opt, rf.id))} data-testid="drawer-copy-link" />
    </Tooltip>
  );
}

registerDrawerExtension({ applies: () => true, footer: CopyRecordLink });
