import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sourcingCalls, type Admission, type AdmissionCert } from '../../../model/calls/sourcing';
import { sourcingApplication } from '../../../model/entities/sourcingsupplier.entity';
import { vendor } from '../../../model/entities/vendor.entity';
import { callApi, useCall } from '../../api/calls';
import { entityApiOf, type Row } from '../../api/entity-api';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { toast } from '../../kernel/toast-bus';

/**
 * The data and commands of the admission and vendor-bank panels (AdmissionPanels.tsx is their view):
 * the admission of an application or a record, the certificates added to a draft application, the
 * permit image and the bank check of a vendor.
 */
const APPLICATIONS = entityApiOf(`/api/${sourcingApplication.prefix}/${sourcingApplication.name}`);
const VENDORS = entityApiOf(`/api/${vendor.prefix}/${vendor.name}`);

/** The admission of one application or record, read again whenever the drawer's record changes version. */
export function useAdmission(entity: 'srcapplication' | 'srcrecord', id: number | null, version: unknown) {
  const { data, error, mutate } = useCall(sourcingCalls.admission, id === null ? null : { entity, id }, { quiet: true, revalidateOnFocus: false });
  useEffect(() => {
    void mutate();
  }, [version, mutate]);
  return { data: error ? null : (data ?? null), load: () => void mutate() };
}

const EMPTY_CERT = { cert_type: 'license', cert_name: '', cert_no: '', valid_to: '' };

/** A certificate added to the draft application (its file uploaded first), or one removed: the application saved with its new list. */
export function useCertificates(rf: DrawerExtensionProps['rf'], data: Admission | null, refresh: () => void) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(EMPTY_CERT);
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const saveCerts = async (certs: Array<Omit<AdmissionCert, 'expired' | 'expiring_days' | 'mime'>>) => {
    if (!data) return;
    const version = Number(rf.record?.version ?? data.version);
    await APPLICATIONS.save({ id: data.id, version, certs: certs.map((c) => ({ cert_type: c.cert_type, cert_name: c.cert_name, cert_no: c.cert_no, valid_to: c.valid_to, file_id: c.file_id, file_name: c.file_name })) });
    refresh();
  };
  const add = async () => {
    if (!data) return;
    setBusy(true);
    try {
      const uploaded = file ? await callApi(sourcingCalls.certFile, { file }) : null;
      await saveCerts([...data.certs, { ...adding, cert_no: adding.cert_no || null, file_id: uploaded?.id ?? null, file_name: uploaded?.name ?? null }]);
      setAdding(EMPTY_CERT);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      toast.success(t('msg.saved'));
    } catch {
      /* the API reactions show the error */
    } finally {
      setBusy(false);
    }
  };
  const remove = (index: number) => void saveCerts((data?.certs ?? []).filter((_, k) => k !== index));
  return { adding, setAdding, file, setFile, fileInput, busy, add, remove };
}

/** The vendor's permit image uploaded (through the vendor's own save) and its bank data checked. */
export function useVendorBank(rf: DrawerExtensionProps['rf']) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const r = rf.record as Row | null | undefined;
  const attempt = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(t(done));
      rf.reload();
    } catch {
      /* the API reactions show the error */
    } finally {
      setBusy(false);
    }
  };
  const upload = (f: File) => (r ? attempt(() => callApi(sourcingCalls.permit, { id: Number(r.id), version: Number(r.version), file: f }), 'src.ui.permitUploaded') : Promise.resolve());
  const check = () => (r ? attempt(() => VENDORS.action('check_bank', [Number(r.id)], {}, Number(r.version)), 'src.ui.bankCheckDone') : Promise.resolve());
  return { busy, upload, check };
}
