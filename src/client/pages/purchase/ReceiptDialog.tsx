import { Dropdown, Field, MessageBar, MessageBarBody, Option } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { warehouseLocation } from '../../../model/entities';
import { entityApiOf, type EntityApi, type Row } from '../../api/entity-api';
import { QtyLines, receiptFigures } from './line-table';
import './purchase-messages';
import { QtyDialog } from './QtyDialog';
import { fmt, lineKey, wholeLine } from './quantities';
import { useReceipt } from './use-qty-lines';

const LOCATIONS = entityApiOf(`/api/${warehouseLocation.prefix}/${warehouseLocation.name}`);

/** The company's receiving locations (the only one chosen at once); null while they are read. */
function useLocations() {
  const [locations, setLocations] = useState<Row[] | null>(null);
  const [location, setLocation] = useState<string>('');
  useEffect(() => {
    let live = true;
    LOCATIONS.page({ page: '1', size: '500', sort: 'code' }).then(
      (reply) => {
        if (!live) return;
        setLocations(reply.rows);
        if (reply.rows.length === 1) setLocation(String(reply.rows[0].code));
      },
      () => live && setLocations([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return { locations, location, setLocation };
}

/**
 * The buyer's receipt (issue 17): each line of a dispatched, partly received or hand-tracked purchase
 * order with what was dispatched, what is received and what is still to receive, the quantity received
 * now (by default what is still to receive) and the receiving location, picked from the company's
 * locations. Everything still to come goes through `receive` (the order is received); less through
 * `receive_part` with `receipt` = {"<line seq>": qty} (partly received). Over-receipt is refused here
 * per line; the server refuses it again, naming the line, and its message is shown under that line.
 */
export function ReceiptDialog(props: { api: EntityApi; order: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const r = useReceipt({ ...props, manual: props.order.status === 'manual', whole: wholeLine, area: 'pur' });
  const { locations, location, setLocation } = useLocations();
  const [locationError, setLocationError] = useState<string | null>(null);
  const submit = () => {
    setLocationError(location ? null : t('pur.receipt.locationRequired'));
    void r.submit({ location_code: location }, Boolean(location), (fields) => {
      if (fields.location_code) setLocationError(fields.location_code);
      return Boolean(fields.location_code);
    });
  };
  const locationText = (x: Row) => `${String(x.code)} ${String(x.name ?? '')}`.trim();
  const chosen = locations?.find((x) => String(x.code) === location);
  const ready = Boolean(r.lines && locations);
  return (
    <QtyDialog
      testId="receipt" title={t('pur.receipt.title', { no: String(props.order.po_no ?? '') })} explain={t('pur.receipt.explain')} width={980} loading={!ready}
      formError={r.formError} okLabel={t('pur.receipt.ok')} okDisabled={r.busy || !ready} onOk={submit} onClose={props.onClose}
    >
      <Field
        label={t('pur.receipt.location')} required validationState={locationError ? 'error' : 'none'}
        validationMessage={locationError ?? (locations?.length ? undefined : t('pur.receipt.noLocations'))} style={{ maxWidth: 360 }}
      >
        <Dropdown
          value={chosen ? locationText(chosen) : ''} selectedOptions={location ? [location] : []} placeholder={t('pur.receipt.locationRequired')}
          onOptionSelect={(_, d) => { setLocation(String(d.optionValue ?? '')); setLocationError(null); }} data-testid="receipt-location"
        >
          {(locations ?? []).map((x) => <Option key={String(x.id)} value={String(x.code)} text={locationText(x)}>{locationText(x)}</Option>)}
        </Dropdown>
      </Field>
      <QtyLines
        prefix="receipt" lines={r.lines ?? []} itemHeader={t('pur.col.item')} figures={receiptFigures(t, r.dispatchedOf)} qtyHeader={t('pur.col.toReceive')}
        values={r.values} errors={r.errors} keyOf={lineKey} format={fmt} onChange={r.onChange}
      />
      {!Object.keys(r.check.lines).length && !r.check.form ? (
        <MessageBar intent={r.check.complete ? 'success' : 'info'} data-testid="receipt-kind">
          <MessageBarBody>{t(r.check.complete ? 'pur.receipt.willComplete' : 'pur.receipt.willPart')}</MessageBarBody>
        </MessageBar>
      ) : null}
    </QtyDialog>
  );
}
