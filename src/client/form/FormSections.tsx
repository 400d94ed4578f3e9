import { Field, InfoLabel, Link, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ResolvedField, ResolvedPage } from '../../model/page-resolve';
import { fieldLinkOf } from './field-link';
import { helpFor, isFieldDisabled, isFieldVisible, isHiddenByStyle, type RouteAction } from './form-logic';
import { fieldDomId, type useEntityForm } from './use-entity-form';
import { WIDGETS, type WidgetProps } from './widgets';
import { asText } from './widgets/types';
import { labelIn } from '../../model/label-text';

const SPAN: Record<string, number> = { full: 6, half: 3, third: 2, quarter: 1 };

const useStyles = makeStyles({
  section: { marginBottom: '18px' },
  sectionTitle: { display: 'block', margin: '4px 0 10px', paddingBottom: '4px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', columnGap: '16px', rowGap: '10px' },
  field: { minWidth: 0 },
});

function spanOf(field: ResolvedField): number {
  const classes = (field.spanClass ?? '').split(/\s+/);
  for (const c of classes) if (SPAN[c]) return SPAN[c];
  // resolveField gives every entity field its type's span; a declaration-only field is half width.
  return SPAN.half;
}

type FormModel = Pick<ReturnType<typeof useEntityForm>, 'form' | 'values' | 'ctx' | 'fields' | 'busy' | 'change' | 'blur' | 'pick'>;

/**
 * A page's own widgets, by field key: a value no declared widget edits (a role's menu x verb grants),
 * still one field of the form, validated, sent and reset with the others.
 */
export type FieldWidgets = Record<string, ComponentType<WidgetProps>>;

/** A viewed field's value as a link to an address of the application (`FormFieldConfig.linkField`). */
function FieldLink({ to, text, testId }: { to: string; text: string; testId: string }) {
  const navigate = useNavigate();
  return <Link style={{ display: 'block', padding: '5px 0' }} onClick={() => navigate(to)} data-testid={testId}>{text}</Link>;
}

/** The form's sections and their fields, each drawn by its type's widget (or the page's own for that field). */
export function FormSections({ resolved, action, model, widgets }: { resolved: ResolvedPage; action: RouteAction; model: FormModel; widgets?: FieldWidgets }) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const s = useStyles();
  const { form, values, ctx, fields, busy, change, blur, pick } = model;
  const errors = form.formState.errors;
  return (
    <>
      {resolved.sections.map((section) => {
        const shown = section.form.filter((f) => isFieldVisible(f, ctx));
        if (!shown.length) return null;
        return (
          <section key={section.modelName} className={s.section} data-model={section.modelName}>
            {section.title && <Subtitle2 className={s.sectionTitle}>{labelIn(section.title, language)}</Subtitle2>}
            <div className={s.grid}>
              {shown.map((f) => {
                const Widget = widgets?.[f.field] ?? WIDGETS[f.type] ?? WIDGETS[''];
                const id = fieldDomId(resolved, f);
                const message = errors[f.field]?.message;
                const help = helpFor(f.field, fields, language);
                const label = language === 'en' ? f.labelEn : f.label;
                const disabled = isFieldDisabled(f, ctx) || busy;
                const link = fieldLinkOf(f, values, action);
                return (
                  <div key={f.field} className={s.field} style={{ gridColumn: `span ${spanOf(f)}`, display: isHiddenByStyle(f) ? 'none' : undefined }} data-field={f.field}>
                    <Field
                      label={help.length ? { children: <InfoLabel info={help.join(' ')}>{label}</InfoLabel> } : label}
                      required={f.required && action !== 'view'}
                      validationState={message ? 'error' : 'none'}
                      validationMessage={typeof message === 'string' ? message : undefined}
                    >
                      {link ? <FieldLink to={link} text={asText(values[f.field])} testId={`field-link-${f.field}`} /> : <Widget
                        id={id}
                        field={f}
                        value={values[f.field]}
                        onChange={(v) => change(f, v)}
                        onBlur={() => blur(f)}
                        disabled={disabled}
                        invalid={Boolean(message)}
                        language={language}
                        values={values}
                        setValues={(patch) => {
                          for (const [k, v] of Object.entries(patch)) form.setValue(k, v, { shouldDirty: true });
                        }}
                        onPick={(row) => pick(f, row)}
                        recordId={typeof values.id === 'number' ? values.id : null}
                      />}
                    </Field>
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
    </>
  );
}
