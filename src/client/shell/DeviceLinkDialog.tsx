import { Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { LinkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useCopyLink } from '../engine/use-copy-link';
import { useDeviceLink } from './use-device-link';

/**
 * "在其他设备打开本页" (spec 7 `/sf/send-temp-token`): a link that signs a shop-floor device (a
 * tablet at the scan station, the print centre's computer) in as the user and opens this page there,
 * without the user's password or tokens in the address. The link lives a minute and works once.
 */
export function DeviceLinkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const copyLink = useCopyLink();
  const d = useDeviceLink(open);
  const url = d.link ? new URL(d.link.path, window.location.origin).href : '';
  return (
    <Dialog open={open} onOpenChange={(_, v) => !v.open && onClose()}>
      <DialogSurface style={{ maxWidth: 640 }}>
        <DialogBody>
          <DialogTitle>{t('ui.device.title')}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            <Text>{t('ui.device.explain')}</Text>
            {d.busy ? <Spinner size="small" label={t('ui.device.making')} /> : null}
            {d.link ? (
              <>
                <Input readOnly value={url} data-testid="device-link" onFocus={(e) => e.currentTarget.select()} />
                {d.secondsLeft > 0 ? (
                  <Caption1 data-testid="device-link-left">{t('ui.device.left', { seconds: d.secondsLeft })}</Caption1>
                ) : (
                  <MessageBar intent="warning"><MessageBarBody>{t('ui.device.expired')}</MessageBarBody></MessageBar>
                )}
                <MessageBar intent="info"><MessageBarBody>{t('ui.device.warning')}</MessageBarBody></MessageBar>
              </>
            ) : null}
          </DialogContent>
          <DialogActions fluid>
            <Button appearance="primary" icon={<LinkRegular />} disabled={!d.link || d.secondsLeft <= 0} onClick={() => void copyLink(d.link && d.secondsLeft > 0 ? d.link.path : null)} data-testid="device-link-copy">
              {t('engine.copyLink')}
            </Button>
            <Button disabled={d.busy} onClick={() => void d.renew()} data-testid="device-link-renew">{t('ui.device.renew')}</Button>
            <Button onClick={onClose}>{t('ui.common.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
