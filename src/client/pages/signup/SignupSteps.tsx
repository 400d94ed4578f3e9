import { Button, Caption1, Text, Title2, tokens } from '@fluentui/react-components';
import { BuildingMultiple24Regular, CheckmarkCircle48Regular, PeopleAdd24Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '../../shell/AppLink';
import { TextField } from '../../form/TextField';
import { FINISH_COUNTDOWN_SECONDS, stepsOf, type SignupKind, type SignupStep } from './signup-steps';
import { useSignupStyles as useStyles } from './signup-styles';
import { useInviteCheck, type SignupForm as Form } from './use-signup';

/** The wizard's progress: the steps of this kind of sign-up, the current one marked. */
export function StepBar({ step, kind }: { step: SignupStep; kind: SignupKind }) {
  const s = useStyles();
  const { t } = useTranslation();
  const steps = stepsOf(kind);
  const at = steps.indexOf(step);
  return (
    <div className={s.steps} aria-label={t('ui.signup.progress')}>
      {steps.map((name, i) => (
        <div key={name} className={`${s.step} ${i === at ? s.current : ''}`} aria-current={i === at ? 'step' : undefined}>
          <div className={`${s.bar} ${i <= at ? s.barOn : ''}`} />
          <span>
            {i + 1}. {t(`ui.signup.step.${name}`)}
          </span>
        </div>
      ))}
    </div>
  );
}

/** Step 1: a new company account, or joining an existing company with its invite code. */
export function KindStep({ kind, setKind, form, company, setCompany, onNext }: {
  kind: SignupKind; setKind: (k: SignupKind) => void; form: Form; company: string; setCompany: (c: string) => void; onNext: () => void;
}) {
  const s = useStyles();
  const { t } = useTranslation();
  const { checking, next } = useInviteCheck(kind, form, setCompany, onNext);

  return (
    <>
      <div className={s.kinds} role="radiogroup" aria-label={t('ui.signup.kindLabel')}>
        <button type="button" role="radio" aria-checked={kind === 'company'} className={`${s.kind} ${kind === 'company' ? s.kindOn : ''}`} onClick={() => setKind('company')} data-testid="signup-kind-company">
          <BuildingMultiple24Regular />
          <Text weight="semibold">{t('ui.signup.kindCompany')}</Text>
          <Caption1>{t('ui.signup.kindCompanyHint')}</Caption1>
        </button>
        <button type="button" role="radio" aria-checked={kind === 'join'} className={`${s.kind} ${kind === 'join' ? s.kindOn : ''}`} onClick={() => setKind('join')} data-testid="signup-kind-join">
          <PeopleAdd24Regular />
          <Text weight="semibold">{t('ui.signup.kindJoin')}</Text>
          <Caption1>{t('ui.signup.kindJoinHint')}</Caption1>
        </button>
      </div>
      {kind === 'join' ? (
        <TextField control={form.control} name="invite_code" label={t('ui.signup.inviteCode')} required hint={company ? t('ui.signup.joining', { company }) : t('ui.signup.inviteHint')} />
      ) : null}
      <div className={s.actions}>
        <AppLink to="/login">{t('ui.signup.haveAccount')}</AppLink>
        <Button appearance="primary" onClick={() => void next()} disabled={checking} data-testid="signup-next">
          {t('ui.common.next')}
        </Button>
      </div>
    </>
  );
}

/** Step 4: done; goes to the sign-in page after a countdown. */
export function FinishStep({ kind, company }: { kind: SignupKind; company: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(FINISH_COUNTDOWN_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate('/login', { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setLeft((x) => x - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate]);
  return (
    <div style={{ display: 'grid', gap: 14, justifyItems: 'center', textAlign: 'center' }} data-testid="signup-finished">
      <CheckmarkCircle48Regular style={{ color: tokens.colorPaletteGreenForeground1 }} />
      <Title2 as="h2">{kind === 'company' ? t('ui.signup.doneCompanyTitle') : t('ui.signup.doneJoinTitle')}</Title2>
      <Text>{kind === 'company' ? t('ui.signup.doneCompany', { company }) : t('ui.signup.doneJoin', { company })}</Text>
      <Caption1 data-testid="signup-countdown">{t('ui.signup.redirectIn', { seconds: left })}</Caption1>
      <Button appearance="primary" onClick={() => navigate('/login', { replace: true })}>
        {t('ui.signup.signInNow')}
      </Button>
    </div>
  );
}
