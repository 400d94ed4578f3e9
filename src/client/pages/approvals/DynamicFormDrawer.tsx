import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import './dynamic-form-messages';

/** The drawer of a stored dynamic form opens its designer (the sections and fields are designed there). */
export function DesignFormButton({ rf }: DrawerExtensionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (rf.id === null) return null;
  return (
    <Button appearance="secondary" onClick={() => navigate(`/approvals/formdesigner?id=${String(rf.id)}`)} data-testid="dyn-open-designer">
      {t('dyn.designer.open')}
    </Button>
  );
}
