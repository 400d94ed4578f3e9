import { Caption1, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../common/AuthLayout';
import { CompanyStep } from './SignupCompany';
import { ProfileStep, VerifyStep } from './SignupDetails';
import { nextStep } from './signup-steps';
import { FinishStep, KindStep, StepBar } from './SignupSteps';
import { useSignupWizard } from './use-signup';

/** /signup: the sign-up wizard. Everything is checked again, and created, on the server. */
export function SignupPage() {
  const { t } = useTranslation();
  const { step, setStep, kind, setKind, company, setCompany, busy, form, submit } = useSignupWizard();

  return (
    <AuthLayout wide>
      {step !== 'finish' ? (
        <div>
          <Title2 as="h1">{t('ui.signup.heading')}</Title2>
          <Caption1 block style={{ marginTop: 6 }}>{t('ui.signup.subheading')}</Caption1>
        </div>
      ) : null}
      <StepBar step={step} kind={kind} />
      <form onSubmit={(e) => e.preventDefault()} noValidate style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid={`signup-step-${step}`}>
        {step === 'kind' ? <KindStep kind={kind} setKind={setKind} form={form} company={company} setCompany={setCompany} onNext={() => setStep('verify')} /> : null}
        {step === 'verify' ? <VerifyStep form={form} onBack={() => setStep('kind')} onNext={() => setStep(nextStep(kind, 'verify'))} /> : null}
        {step === 'company' ? <CompanyStep form={form} onBack={() => setStep('verify')} onNext={() => setStep('profile')} /> : null}
        {step === 'profile' ? <ProfileStep kind={kind} company={company} form={form} busy={busy} onBack={() => setStep(nextStep(kind, 'profile', -1))} onSubmit={() => void submit()} /> : null}
        {step === 'finish' ? <FinishStep kind={kind} company={company} /> : null}
      </form>
    </AuthLayout>
  );
}
